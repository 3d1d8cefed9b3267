// A text input bound to the surrounding react-hook-form form (react-admin's <Form> is one too):
// trimmed on blur, with the alphanumeric/numeric filters and the leading-space block of SPEC.md §5.
import type { ReactNode } from 'react';
import type { TextFieldProps } from '@mui/material/TextField';
import { TextInputField } from './TextInputField';
import { filterTextInput, trimValue, type TextFilterOptions } from './format';
import { useFormField } from './useFormField';

export interface CommonInputProps {
  /** The form field name, as in react-admin inputs. */
  source: string;
  /** A translation key or a literal label. */
  label: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** Shown under the input when there is no error. */
  helperText?: ReactNode;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  margin?: TextFieldProps['margin'];
  size?: TextFieldProps['size'];
}

export interface FormTextInputProps extends CommonInputProps, TextFilterOptions {
  type?: 'text' | 'email' | 'search' | 'url';
  /** Keep the value as typed on blur (trimmed by default). */
  noTrim?: boolean;
}

export function FormTextInput(props: FormTextInputProps) {
  const { maxLength, type = 'text', noTrim, alphanumeric, numeric, allowSpaces, uppercase } = props;
  const { field, labelTextId, textFieldProps } = useFormField(props);
  const filters: TextFilterOptions = { alphanumeric, numeric, allowSpaces, uppercase };

  return (
    <TextInputField
      {...textFieldProps}
      onChange={(event) => field.onChange(filterTextInput(event.target.value, filters))}
      onBlur={() => {
        if (!noTrim) {
          const trimmed = trimValue(field.value);
          if (trimmed !== field.value) field.onChange(trimmed);
        }
        field.onBlur();
      }}
      type={type}
      slotProps={{
        htmlInput: {
          'aria-labelledby': labelTextId,
          maxLength,
          ...(numeric ? { inputMode: 'numeric', pattern: '[0-9]*' } : {}),
        },
      }}
    />
  );
}
