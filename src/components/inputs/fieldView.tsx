// What every input shares, whatever form it belongs to: a label that names the input by its text alone (the
// required mark is announced as 'required', not read out), the error or helper text, and the common props. The
// value and its changes come from a FieldBinding: react-hook-form's (useFormField) or a page's own (the sign-in
// page, which loads without react-hook-form). No import of react-hook-form here.
import { useId, type Ref } from 'react';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { CommonInputProps } from './FormTextInput';

/** One field of a form: its value, its error, and what the input tells the form. */
export interface FieldBinding {
  name: string;
  value: unknown;
  ref: Ref<HTMLInputElement>;
  /** A message or a translation key. */
  error?: string;
  onChange(value: unknown): void;
  onBlur(): void;
}

export function useFieldView(
  {
    label,
    required,
    placeholder,
    helperText,
    disabled,
    autoComplete,
    autoFocus,
    fullWidth = true,
    margin = 'dense',
    size,
  }: CommonInputProps,
  binding: FieldBinding,
) {
  const translate = useTranslate();
  const labelTextId = useId();
  const { error } = binding;
  const textFieldProps = {
    name: binding.name,
    inputRef: binding.ref,
    value: binding.value ?? '',
    label: <span id={labelTextId}>{translate(label, { _: label })}</span>,
    placeholder,
    required,
    disabled,
    autoComplete,
    autoFocus,
    fullWidth,
    margin,
    size,
    error: Boolean(error),
    helperText: error ? translate(error, { _: error }) : (helperText ?? ' '),
  } satisfies Partial<TextFieldProps>;
  return { labelTextId, textFieldProps, translate };
}
