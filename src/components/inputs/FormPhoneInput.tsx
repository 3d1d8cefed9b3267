// The phone input of SPEC.md §5: digits only, shown as `1(area) prefix-line` for a complete US number.
import { useId } from 'react';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { LIMITS } from '../../../contract/constants';
import { formatPhoneNumber } from './format';
import type { CommonInputProps } from './FormTextInput';

export interface FormPhoneInputProps extends CommonInputProps {
  /** The country the number belongs to; only US numbers are formatted. */
  country?: string;
}

export function FormPhoneInput({
  source,
  label,
  required,
  maxLength = LIMITS.phoneMax,
  placeholder,
  helperText,
  disabled,
  autoComplete = 'tel-national',
  autoFocus,
  fullWidth = true,
  margin = 'dense',
  size,
  country = 'US',
}: FormPhoneInputProps) {
  const translate = useTranslate();
  const labelTextId = useId();
  const { field, fieldState } = useController({ name: source });
  const error = fieldState.error?.message;

  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      // No native maxlength: it would cut a pasted "+1 (201) 555-0123" before the digits are kept.
      onChange={(event) => field.onChange(formatPhoneNumber(event.target.value, country).slice(0, maxLength))}
      onBlur={field.onBlur}
      type="tel"
      // The input is named by the label's text alone: the required mark is announced as 'required', not read out.
      label={<span id={labelTextId}>{translate(label, { _: label })}</span>}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth={fullWidth}
      margin={margin}
      size={size}
      error={Boolean(error)}
      helperText={error ? translate(error, { _: error }) : (helperText ?? ' ')}
      slotProps={{ htmlInput: { inputMode: 'tel', 'aria-labelledby': labelTextId } }}
    />
  );
}
