// A password input with a show/hide toggle. Passwords are kept exactly as typed (never trimmed).
import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { LIMITS } from '../../../contract/constants';
import type { CommonInputProps } from './FormTextInput';

export function FormPasswordInput({
  source,
  label,
  required,
  maxLength = LIMITS.passwordMax,
  placeholder,
  helperText,
  disabled,
  autoComplete = 'current-password',
  autoFocus,
  fullWidth = true,
  margin = 'dense',
  size,
}: CommonInputProps) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  const labelTextId = useId();
  const { field, fieldState } = useController({ name: source });
  const error = fieldState.error?.message;
  const toggleLabel = translate(visible ? 'portal.common.hide_password' : 'portal.common.show_password');

  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      type={visible ? 'text' : 'password'}
      // The input is named by the label's text alone: the required mark is announced as 'required', not read out.
      label={<span id={labelTextId}>{translate(label, { _: label })}</span>}
      placeholder={placeholder}
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
