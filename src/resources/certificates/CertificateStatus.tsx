// The certificate's one state (certificateState, contract/certificates.ts) as one badge: 'Current' (the one to sign
// with), 'Replaced by <short serial> · valid until <date>' (a renewal that is valid replaces it), 'Revoked · <reason>,
// <date>', 'Expired <date>', 'Not issued' (the issuance failed) or 'Being issued'. Beside it, 'Revocation scheduled
// <date>' (a renewal asked to revoke it later) and 'Auto renewal on' for a certificate opted in that has no switch.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { CertificateRow } from '../../../contract/api';
import { type CertificateState, certificateState } from '../../../contract/certificates';
import { formatDateOnly, formatDateTime } from '../../components/dates';
import { canRenewAutomatically } from './AutoRenewalSwitch';

/** A badge's text wraps rather than widen a phone's row (the longest reads 'Revoked · Cessation of operation, <date>'). */
const WRAPPING = {
  height: 'auto',
  minHeight: 24,
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
} as const;

/** The start of a long serial, enough to tell two certificates of one key apart. */
export function shortSerial(serial: string): string {
  return serial.length > 12 ? `${serial.slice(0, 8)}…` : serial;
}

/** The badge of one certificate state (the STI-SCA page shows its rows with it too). */
export function StateChip({ state }: { state: CertificateState }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`portal.certificates.${key}`, options);
  switch (state.state) {
    case 'failed':
      return (
        <Chip
          sx={WRAPPING}
          size="small"
          variant="outlined"
          color="error"
          title={t('status_failed_hint')}
          label={t('status_failed')}
        />
      );
    case 'pending':
      return <Chip sx={WRAPPING} size="small" variant="outlined" label={t('status_pending')} />;
    case 'revoked': {
      const reason = t(`reasons.${state.reason}`, { _: state.reason });
      const date = formatDateOnly(state.on);
      return (
        <Chip
          sx={WRAPPING}
          size="small"
          color="error"
          label={
            date ? t('status_revoked_because', { reason, date }) : t('status_revoked_reason', { reason })
          }
        />
      );
    }
    case 'expired':
      return (
        <Chip
          sx={WRAPPING}
          size="small"
          variant="outlined"
          label={t('status_expired', { date: formatDateOnly(state.on) })}
        />
      );
    case 'replaced': {
      const serial = shortSerial(state.by);
      const date = formatDateOnly(state.until);
      return (
        <Chip
          sx={WRAPPING}
          size="small"
          variant="outlined"
          title={state.by}
          label={date ? t('status_replaced_until', { serial, date }) : t('status_replaced_by', { serial })}
        />
      );
    }
    case 'current':
      return <Chip sx={WRAPPING} size="small" color="success" label={t('status_current')} />;
  }
}

export function CertificateStatus({ row }: { row: CertificateRow }) {
  const translate = useTranslate();
  const state = certificateState(row);
  const scheduled =
    state.state !== 'revoked' && row.revocation_scheduled_on ? row.revocation_scheduled_on : null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <StateChip state={state} />
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
