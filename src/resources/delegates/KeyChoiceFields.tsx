// The key of a delegate certificate, chosen in its creation and its renewal: a CSR in PEM the customer made
// (pasted, or read from a file), or none, and the portal makes a P-256 key and shows it once. Fields `key` and
// `csr` of the form around it.
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useId, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export type KeyChoice = 'generate' | 'csr';

export interface KeyChoiceValues {
  key: KeyChoice;
  csr: string;
}

/** An error's text: a message key of this app, or a sentence of the contract shown as it is. */
export function useErrorText() {
  const translate = useTranslate();
  return (message: string | undefined) => (message ? translate(message, { _: message }) : undefined);
}

/** The CSR, pasted or read from a file. */
function CsrField({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const file = useRef<HTMLInputElement>(null);
  const { control, setValue } = useFormContext<KeyChoiceValues>();

  const readFile = async (picked: File | undefined) => {
    if (!picked) return;
    setValue('csr', await picked.text(), { shouldValidate: true, shouldDirty: true });
  };

  return (
    <>
      <Controller
        control={control}
        name="csr"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={translate('portal.delegates.csr')}
            multiline
            minRows={4}
            maxRows={10}
            fullWidth
            margin="dense"
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message)}
            slotProps={{
              htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } },
            }}
          />
        )}
      />
      <input
        ref={file}
        type="file"
        accept=".pem,.csr,.req,text/plain,application/pkcs10"
        hidden
        data-testid="csr-file"
        onChange={(event) => void readFile(event.target.files?.[0])}
      />
      <Button
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => file.current?.click()}
      >
        {translate('portal.delegates.csr_file')}
      </Button>
    </>
  );
}

export function KeyChoiceFields({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const id = useId();
  const { control } = useFormContext<KeyChoiceValues>();
  const key = useWatch<KeyChoiceValues, 'key'>({ control, name: 'key' });
  const choice = (value: KeyChoice) => (
    <>
      <FormControlLabel
        value={value}
        control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${value}` } }} />}
        label={translate(`portal.delegates.key_${value}`)}
      />
      <FormHelperText id={`${id}-${value}`} sx={{ mt: -0.75, mb: 0.5, ml: 4 }}>
        {translate(`portal.delegates.key_${value}_help`)}
      </FormHelperText>
    </>
  );

  return (
    <>
      <FormControl component="fieldset" margin="dense" disabled={disabled}>
        <FormLabel component="legend" id={`${id}-legend`}>
          {translate('portal.delegates.key_legend')}
        </FormLabel>
        <Controller
          control={control}
          name="key"
          render={({ field }) => (
            <RadioGroup aria-labelledby={`${id}-legend`} {...field}>
              {choice('generate')}
              {choice('csr')}
            </RadioGroup>
          )}
        />
      </FormControl>
      {key === 'csr' ? <CsrField disabled={disabled} /> : null}
    </>
  );
}
