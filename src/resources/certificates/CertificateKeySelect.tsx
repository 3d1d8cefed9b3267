// The private key dropdown of the certificate page: each key labelled with its id and creation time.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { DROPDOWN_MENU_PROPS, type SelectChoice } from '../../components/inputs';

export interface CertificateKeySelectProps {
  value: string;
  choices: readonly SelectChoice[];
  /** The provider has no key at all: the dropdown is disabled and says so. */
  noKeys: boolean;
  onChange: (keyUuid: string) => void;
}

export function CertificateKeySelect({ value, choices, noKeys, onChange }: CertificateKeySelectProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate('portal.certificates.private_key')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={choices.length === 0}
      fullWidth
      margin="dense"
      helperText={noKeys ? translate('portal.certificates.no_keys') : ' '}
      slotProps={{
        select: {
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
