// An input's binding to the surrounding react-hook-form form (react-admin's <Form> is one too), and its view
// (fieldView.tsx: label, error or helper text, the common props).
import { useController } from 'react-hook-form';
import { useFieldView, type FieldBinding } from './fieldView';
import type { CommonInputProps } from './FormTextInput';

/** The surrounding react-hook-form form's field `source`, as a FieldBinding. */
export function useFormBinding(source: string): FieldBinding {
  const { field, fieldState } = useController({ name: source });
  return { ...field, error: fieldState.error?.message };
}

export function useFormField(props: CommonInputProps) {
  const field = useFormBinding(props.source);
  return { field, ...useFieldView(props, field) };
}
