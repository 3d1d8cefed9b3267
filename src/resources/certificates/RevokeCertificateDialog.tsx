// 'Are you sure you want to revoke this certificate?' with the revocation reason to choose (none preselected).
// The STI-SCA page asks its own question through it, with a line saying what else the revocation ends.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { RevocationReason } from '../../../contract/certificates';
import { ConfirmDialog, RevocationReasonChoice } from '../../components/certificates';

/** What the dialog shows and calls: the state of a revocation being asked (useCertificateRevocation's). */
export interface RevocationQuestion {
  open: boolean;
  reason: RevocationReason | null;
  setReason: (reason: RevocationReason) => void;
  busy: boolean;
  revoke: () => void | Promise<void>;
  cancel: () => void;
}

export function RevokeCertificateDialog({
  revocation,
  question = 'portal.certificates.revoke_question',
  consequence,
}: {
  revocation: RevocationQuestion;
  /** Message key of the question. */
  question?: string;
  /** Message key of a line, above the reasons, saying what else the revocation ends. */
  consequence?: string;
}) {
  const translate = useTranslate();
  const { open, reason, setReason, busy, revoke, cancel } = revocation;
  return (
    <ConfirmDialog
      open={open}
      question={question}
      busy={busy}
      confirmDisabled={!reason}
      onConfirm={() => void revoke()}
      onCancel={cancel}
    >
      {consequence ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {translate(consequence)}
        </Typography>
      ) : null}
      <RevocationReasonChoice value={reason} onChange={setReason} disabled={busy} />
    </ConfirmDialog>
  );
}
