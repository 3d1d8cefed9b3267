// A checkbox bound to the surrounding react-hook-form form.
import { CheckboxFieldView, type CheckboxFieldProps } from './CheckboxFieldView';
import { useFormBinding } from './useFormField';

export type FormCheckboxInputProps = CheckboxFieldProps;

export function FormCheckboxInput(props: FormCheckboxInputProps) {
  return <CheckboxFieldView {...props} binding={useFormBinding(props.source)} />;
}
