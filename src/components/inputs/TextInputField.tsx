// MUI's <TextField> for a text input, outlined, without `select`: the same parts (FormControl, InputLabel,
// OutlinedInput, FormHelperText), classes, ids and theme props. TextField itself imports Select, and with it
// Menu, Popover, Modal and the other input variants, whatever it renders: the public pages' forms, in the
// sign-in page's first load, have text inputs only.
import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { styled, useThemeProps } from '@mui/material/styles';
import type { TextFieldProps } from '@mui/material/TextField';

/** TextField's root: its theme name, so the theme's MuiTextField overrides apply here too. */
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export type TextInputFieldProps = Pick<
  TextFieldProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'className'
  | 'disabled'
  | 'error'
  | 'fullWidth'
  | 'id'
  | 'margin'
  | 'name'
  | 'onBlur'
  | 'onChange'
  | 'onFocus'
  | 'placeholder'
  | 'required'
  | 'size'
  | 'type'
  | 'value'
> & {
  inputRef?: Ref<HTMLInputElement>;
  label?: ReactNode;
  helperText?: ReactNode;
  slotProps?: {
    htmlInput?: Record<string, unknown>;
    input?: { endAdornment?: ReactNode; startAdornment?: ReactNode };
  };
};

export function TextInputField(inProps: TextInputFieldProps) {
  const props = useThemeProps({ props: inProps, name: 'MuiTextField' });
  const {
    autoComplete,
    autoFocus = false,
    className,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    slotProps = {},
    type,
    value,
    ...other
  } = props;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  const inputLabelId = label && id ? `${id}-label` : undefined;
  return (
    <TextFieldRoot
      {...other}
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color="primary"
      variant="outlined"
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        multiline={false}
        name={name}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput}
        label={label}
        {...slotProps.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </TextFieldRoot>
  );
}
