// A text input bound to the surrounding react-hook-form form (react-admin's <Form> is one too): trimmed on
// blur, with the alphanumeric/numeric filters and the leading-space block of docs/screens.md (Input rules).
import type { ReactNode } from 'react';
import type { TextFieldProps } from '@mui/material/TextField';
import type { TextFilterOptions } from './format';
import { TextFieldView } from './TextFieldView';
import { useFormBinding } from './useFormField';

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
  return <TextFieldView {...props} binding={useFormBinding(props.source)} />;
}
