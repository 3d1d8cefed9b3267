// The phone input (docs/screens.md, Input rules): digits only, shown as `1(area) prefix-line` for a complete
// US number, which may end in the extension the validator allows (`x` and four digits).
import TextField from '@mui/material/TextField';
import { LIMITS } from '../../../contract/constants';
import { formatPhoneNumber } from './format';
import type { CommonInputProps } from './FormTextInput';
import { useFormField } from './useFormField';

export interface FormPhoneInputProps extends CommonInputProps {
  /** The country the number belongs to; only US numbers are formatted. */
  country?: string;
}

export function FormPhoneInput(props: FormPhoneInputProps) {
  const { maxLength = LIMITS.phoneMax, autoComplete = 'tel-national', country = 'US' } = props;
  const { field, labelTextId, textFieldProps } = useFormField({ ...props, autoComplete });

  return (
    <TextField
      {...textFieldProps}
      // No native maxlength: it would cut a pasted "+1 (201) 555-0123" before the digits are kept.
      onChange={(event) => field.onChange(formatPhoneNumber(event.target.value, country).slice(0, maxLength))}
      onBlur={field.onBlur}
      type="tel"
      slotProps={{ htmlInput: { inputMode: 'tel', 'aria-labelledby': labelTextId } }}
    />
  );
}
