// 'Turn off automatic renewal of this certificate?': the certificate will then expire unless renewed by hand, with
// the expiry reminders mailed EXPIRY_NOTICE_DAYS before.
import { useId } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { EXPIRY_NOTICE_DAYS } from '../../../contract/certificates';
import { ConfirmDialog } from '../../components/certificates';
import type { useAutoRenewal } from './useAutoRenewal';

/** 30, 7 and 1 */
const NOTICE_DAYS = `${EXPIRY_NOTICE_DAYS.slice(0, -1).join(', ')} and ${EXPIRY_NOTICE_DAYS.at(-1)}`;

export function DisableAutoRenewalDialog({
  autoRenewal,
}: {
  autoRenewal: ReturnType<typeof useAutoRenewal>;
}) {
  const translate = useTranslate();
  const explanationId = useId();
  const { open, busy, disable, cancel } = autoRenewal.disabling;
  return (
    <ConfirmDialog
      open={open}
      question="portal.certificates.auto_renew_off_question"
      busy={busy}
      describedBy={explanationId}
      onConfirm={() => void disable()}
      onCancel={cancel}
    >
      <Typography id={explanationId} variant="body2">
        {translate('portal.certificates.auto_renew_off_explanation', { days: NOTICE_DAYS })}
      </Typography>
    </ConfirmDialog>
  );
}
