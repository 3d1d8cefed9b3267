// A checkbox bound to the surrounding react-hook-form form.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export interface FormCheckboxInputProps {
  source: string;
  label: string;
  disabled?: boolean;
}

export function FormCheckboxInput({ source, label, disabled }: FormCheckboxInputProps) {
  const translate = useTranslate();
  const { field } = useController({ name: source });
  return (
    <FormControlLabel
      label={translate(label, { _: label })}
      disabled={disabled}
      control={
        <Checkbox
          name={field.name}
          inputRef={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
