// A dropdown bound to the surrounding react-hook-form form. SPEC.md §9: its list scrolls at 200 px and
// closes 200 ms after a selection.
import { useId, type HTMLAttributes } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { DELAYS } from '../../../contract/constants';
import type { CommonInputProps } from './FormTextInput';

export const DROPDOWN_MAX_HEIGHT = 200;

export interface SelectChoice {
  id: string;
  name: string;
}

export interface FormSelectInputProps extends Omit<CommonInputProps, 'maxLength' | 'placeholder'> {
  choices: readonly SelectChoice[];
}

export function FormSelectInput({
  source,
  label,
  required,
  helperText,
  disabled,
  autoComplete,
  autoFocus,
  fullWidth = true,
  margin = 'dense',
  size,
  choices,
}: FormSelectInputProps) {
  const translate = useTranslate();
  const labelTextId = useId();
  const { field, fieldState } = useController({ name: source });
  const error = fieldState.error?.message;

  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      // Named by the label's text alone (not its required mark, nor the value shown, which is announced anyway).
      label={<span id={labelTextId}>{translate(label, { _: label })}</span>}
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
        select: {
          SelectDisplayProps: { 'aria-labelledby': labelTextId } as HTMLAttributes<HTMLDivElement>,
          MenuProps: {
            transitionDuration: { exit: DELAYS.dropdownCloseMs },
            slotProps: { paper: { sx: { maxHeight: DROPDOWN_MAX_HEIGHT } } },
          },
        },
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
