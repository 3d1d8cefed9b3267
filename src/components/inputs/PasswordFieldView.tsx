// A password input with a show/hide toggle over a FieldBinding. Passwords are kept exactly as typed (never
// trimmed). FormPasswordInput binds it to a react-hook-form form.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LIMITS } from '../../../contract/constants';
import { TextInputField } from './TextInputField';
import { useFieldView, type FieldBinding } from './fieldView';
import type { CommonInputProps } from './FormTextInput';

export function PasswordFieldView({ binding, ...props }: CommonInputProps & { binding: FieldBinding }) {
  const { maxLength = LIMITS.passwordMax, autoComplete = 'current-password', disabled } = props;
  const [visible, setVisible] = useState(false);
  const { labelTextId, textFieldProps, translate } = useFieldView({ ...props, autoComplete }, binding);
  const toggleLabel = translate(visible ? 'portal.common.hide_password' : 'portal.common.show_password');

  return (
    <TextInputField
      {...textFieldProps}
      onChange={(event) => binding.onChange(event.target.value)}
      onBlur={binding.onBlur}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: { maxLength, 'aria-labelledby': labelTextId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={toggleLabel}
                title={toggleLabel}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                disabled={disabled}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
