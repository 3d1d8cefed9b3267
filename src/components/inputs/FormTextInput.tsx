// A text input bound to the surrounding react-hook-form form (react-admin's <Form> is one too):
// trimmed on blur, with the alphanumeric/numeric filters and the leading-space block of SPEC.md §5.
import { useId, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { filterTextInput, trimValue, type TextFilterOptions } from './format';

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

export function FormTextInput({
  source,
  label,
  required,
  maxLength,
  placeholder,
  helperText,
  disabled,
  autoComplete,
  autoFocus,
  fullWidth = true,
  margin = 'dense',
  size,
  type = 'text',
  noTrim,
  alphanumeric,
  numeric,
  allowSpaces,
  uppercase,
}: FormTextInputProps) {
  const translate = useTranslate();
  const labelTextId = useId();
  const { field, fieldState } = useController({ name: source });
  const error = fieldState.error?.message;
  const filters: TextFilterOptions = { alphanumeric, numeric, allowSpaces, uppercase };

  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(filterTextInput(event.target.value, filters))}
      onBlur={() => {
        if (!noTrim) {
          const trimmed = trimValue(field.value);
          if (trimmed !== field.value) field.onChange(trimmed);
        }
        field.onBlur();
      }}
      type={type}
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
