// A password input with a show/hide toggle. Passwords are kept exactly as typed (never trimmed).
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInputField } from './TextInputField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LIMITS } from '../../../contract/constants';
import type { CommonInputProps } from './FormTextInput';
import { useFormField } from './useFormField';

export function FormPasswordInput(props: CommonInputProps) {
  const { maxLength = LIMITS.passwordMax, autoComplete = 'current-password', disabled } = props;
  const [visible, setVisible] = useState(false);
  const { field, labelTextId, textFieldProps, translate } = useFormField({ ...props, autoComplete });
  const toggleLabel = translate(visible ? 'portal.common.hide_password' : 'portal.common.show_password');

  return (
    <TextInputField
      {...textFieldProps}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
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
