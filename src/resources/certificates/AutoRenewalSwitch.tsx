// "Renew automatically" on the current certificate (docs/api.md, Automatic renewal): a switch showing auto_renew,
// on its own line under the row's buttons (below 960 px too, where the row stacks). It does not change anything by
// itself: the list asks for the STI-PA credentials or a confirmation first (useAutoRenewal), and it moves only
// when the list is read again.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslate } from 'react-admin';
import { canRenewOrRevoke, certificateState } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';

/** The server renews automatically only an issued certificate that no other replaces: the current one. */
export function canRenewAutomatically(row: CertificateRow): boolean {
  return certificateState(row).state === 'current' && canRenewOrRevoke(row);
}

export interface AutoRenewalSwitchProps {
  row: CertificateRow;
  onChange: (row: CertificateRow, on: boolean) => void;
}

export function AutoRenewalSwitch({ row, onChange }: AutoRenewalSwitchProps) {
  const translate = useTranslate();
  if (!canRenewAutomatically(row)) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <FormControlLabel
        // the cell is right-aligned on a desktop: no gap after the label
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={row.auto_renew === true}
            onChange={(event) => onChange(row, event.target.checked)}
          />
        }
        label={translate('portal.certificates.auto_renew')}
        slotProps={{ typography: { variant: 'body2' } }}
      />
    </Box>
  );
}
