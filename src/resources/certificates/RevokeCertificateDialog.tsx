// 'Are you sure you want to revoke this certificate?' with the revocation reason to choose (none preselected).
import { ConfirmDialog, RevocationReasonChoice } from '../../components/certificates';
import type { useCertificateRevocation } from './useCertificateRevocation';

export function RevokeCertificateDialog({
  revocation,
}: {
  revocation: ReturnType<typeof useCertificateRevocation>;
}) {
  const { open, reason, setReason, busy, revoke, cancel } = revocation;
  return (
    <ConfirmDialog
      open={open}
      question="portal.certificates.revoke_question"
      busy={busy}
      confirmDisabled={!reason}
      onConfirm={revoke}
      onCancel={cancel}
    >
      <RevocationReasonChoice value={reason} onChange={setReason} disabled={busy} />
    </ConfirmDialog>
  );
}
