// 'Are you sure you want to revoke this certificate?' with the revocation reason to choose.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { REVOCATION_REASONS, type RevocationReason } from '../../../contract/certificates';
import { ConfirmDialog } from '../../components/certificates';
import type { useCertificateRevocation } from './useCertificateRevocation';

export function RevokeCertificateDialog({
  revocation,
}: {
  revocation: ReturnType<typeof useCertificateRevocation>;
}) {
  const translate = useTranslate();
  const { open, reason, setReason, busy, revoke, cancel } = revocation;
  return (
    <ConfirmDialog
      open={open}
      question="portal.certificates.revoke_question"
      busy={busy}
      onConfirm={revoke}
      onCancel={cancel}
    >
      <TextField
        select
        label={translate('portal.certificates.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value as RevocationReason)}
        fullWidth
        margin="dense"
        disabled={busy}
      >
        {REVOCATION_REASONS.map((r) => (
          <MenuItem key={r} value={r}>
            {translate(`portal.certificates.reasons.${r}`)}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}
