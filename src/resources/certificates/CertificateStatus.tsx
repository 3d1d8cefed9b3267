// Which certificate of the key to sign with: 'Current' (issued, no issued certificate replaces it), 'Replaced by
// <short serial>', 'Revocation scheduled <date>' (a renewal asked to revoke it later) and 'Revoked'. An issuance
// that did not complete shows 'Not issued' (failed: nothing to sign with) or 'Being issued' (pending). A certificate
// opted in to automatic renewal that has no switch (not the current one) says 'Auto renewal on'.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { CertificateRow } from '../../../contract/api';
import { isRevoked } from '../../../contract/certificates';
import { formatDateTime } from '../../components/dates';
import { canRenewAutomatically } from './AutoRenewalSwitch';

/** The start of a long serial, enough to tell two certificates of one key apart. */
export function shortSerial(serial: string): string {
  return serial.length > 12 ? `${serial.slice(0, 8)}…` : serial;
}

export function CertificateStatus({ row }: { row: CertificateRow }) {
  const translate = useTranslate();
  const revoked = isRevoked(row);
  const scheduled = !revoked && row.revocation_scheduled_on ? row.revocation_scheduled_on : null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {row.status === 'failed' ? (
        <Chip
          size="small"
          variant="outlined"
          color="error"
          title={translate('portal.certificates.status_failed_hint')}
          label={translate('portal.certificates.status_failed')}
        />
      ) : null}
      {row.status === 'pending' ? (
        <Chip size="small" variant="outlined" label={translate('portal.certificates.status_pending')} />
      ) : null}
      {revoked ? (
        <Chip size="small" color="error" label={translate('portal.certificates.status_revoked')} />
      ) : null}
      {row.is_current ? (
        <Chip size="small" color="success" label={translate('portal.certificates.status_current')} />
      ) : null}
      {row.replaced_by ? (
        <Chip
          size="small"
          variant="outlined"
          title={row.replaced_by}
          label={translate('portal.certificates.status_replaced_by', {
            serial: shortSerial(row.replaced_by),
          })}
        />
      ) : null}
      {scheduled ? (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          // the warning colour marks the border only: white or orange text on it reads below 4.5:1
          sx={{ color: 'text.primary' }}
          label={translate('portal.certificates.status_revocation_scheduled', {
            date: formatDateTime(scheduled),
          })}
        />
      ) : null}
      {row.auto_renew && !canRenewAutomatically(row) ? (
        <Chip size="small" variant="outlined" label={translate('portal.certificates.auto_renew_on')} />
      ) : null}
    </Stack>
  );
}
