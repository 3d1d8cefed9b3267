// A text input over a FieldBinding: trimmed on blur, with the alphanumeric/numeric filters and the leading-space
// block (docs/screens.md, Input rules). FormTextInput binds it to a react-hook-form form.
import { TextInputField } from './TextInputField';
import { filterTextInput, trimValue, type TextFilterOptions } from './format';
import { useFieldView, type FieldBinding } from './fieldView';
import type { FormTextInputProps } from './FormTextInput';

export function TextFieldView({ binding, ...props }: FormTextInputProps & { binding: FieldBinding }) {
  const { maxLength, type = 'text', noTrim, alphanumeric, numeric, allowSpaces, uppercase } = props;
  const { labelTextId, textFieldProps } = useFieldView(props, binding);
  const filters: TextFilterOptions = { alphanumeric, numeric, allowSpaces, uppercase };

  return (
    <TextInputField
      {...textFieldProps}
      onChange={(event) => binding.onChange(filterTextInput(event.target.value, filters))}
      onBlur={() => {
        if (!noTrim) {
          const trimmed = trimValue(binding.value);
          if (trimmed !== binding.value) binding.onChange(trimmed);
        }
        binding.onBlur();
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
