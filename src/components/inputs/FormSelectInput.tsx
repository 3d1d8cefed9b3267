// A dropdown bound to the surrounding react-hook-form form: its list scrolls at 200 px and
// closes 200 ms after a selection.
import type { HTMLAttributes } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DELAYS } from '../../../contract/constants';
import type { CommonInputProps } from './FormTextInput';
import { useFormField } from './useFormField';

export const DROPDOWN_MAX_HEIGHT = 200;

/** The menu of every dropdown: its 200 px height, and its close delay. */
export const DROPDOWN_MENU_PROPS = {
  transitionDuration: { exit: DELAYS.dropdownCloseMs },
  slotProps: { paper: { sx: { maxHeight: DROPDOWN_MAX_HEIGHT } } },
};

export interface SelectChoice {
  id: string;
  name: string;
}

export interface FormSelectInputProps extends Omit<CommonInputProps, 'maxLength' | 'placeholder'> {
  choices: readonly SelectChoice[];
}

export function FormSelectInput(props: FormSelectInputProps) {
  const { choices } = props;
  const { field, labelTextId, textFieldProps } = useFormField(props);

  return (
    <TextField
      select
      {...textFieldProps}
      // Named by the label's text alone (not its required mark, nor the value shown, which is announced anyway).
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      slotProps={{
        select: {
          SelectDisplayProps: { 'aria-labelledby': labelTextId } as HTMLAttributes<HTMLDivElement>,
          MenuProps: DROPDOWN_MENU_PROPS,
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
