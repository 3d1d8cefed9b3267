// A password input with a show/hide toggle, bound to the surrounding react-hook-form form.
import type { CommonInputProps } from './FormTextInput';
import { PasswordFieldView } from './PasswordFieldView';
import { useFormBinding } from './useFormField';

export function FormPasswordInput(props: CommonInputProps) {
  return <PasswordFieldView {...props} binding={useFormBinding(props.source)} />;
}
