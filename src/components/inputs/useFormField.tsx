// What every form input shares: the react-hook-form binding, a label that names the input by its text alone
// (the required mark is announced as 'required', not read out), the error or helper text, and the common props.
import { useId } from 'react';
import type { TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { CommonInputProps } from './FormTextInput';

export function useFormField({
  source,
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
}: CommonInputProps) {
  const translate = useTranslate();
  const labelTextId = useId();
  const { field, fieldState } = useController({ name: source });
  const error = fieldState.error?.message;
  const textFieldProps = {
    name: field.name,
    inputRef: field.ref,
    value: field.value ?? '',
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
  return { field, labelTextId, textFieldProps, translate };
}
