// A checkbox over a FieldBinding. FormCheckboxInput binds it to a react-hook-form form.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslate } from 'react-admin';
import type { FieldBinding } from './fieldView';

export interface CheckboxFieldProps {
  source: string;
  label: string;
  disabled?: boolean;
}

export function CheckboxFieldView({
  label,
  disabled,
  binding,
}: CheckboxFieldProps & { binding: FieldBinding }) {
  const translate = useTranslate();
  return (
    <FormControlLabel
      label={translate(label, { _: label })}
      disabled={disabled}
      control={
        <Checkbox
          name={binding.name}
          inputRef={binding.ref}
          checked={Boolean(binding.value)}
          onChange={(event) => binding.onChange(event.target.checked)}
          onBlur={binding.onBlur}
        />
      }
    />
  );
}
