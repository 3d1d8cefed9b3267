// Revoke, on an unused or bound credential (a revoked one has none): a confirmation that says what follows (a bound
// account is deactivated), then DELETE and the list read again. A refusal is a toast with the server's sentence.
// The question is the list's, not the row's: below 960 px the rows are other elements (stacked), and a window
// resized across that width must not close it.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useDataProvider, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { ConfirmDialog, useCertificateNotify } from '../../components/certificates';
import type { AcmeCredentialRecord } from './AcmeCredentialList';

/** The credential being asked about, and whether the question is open (the credential stays while it fades). */
export function useRevokeQuestion() {
  const [credential, setCredential] = useState<AcmeCredentialRecord | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback((record: AcmeCredentialRecord) => {
    setCredential(record);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return useMemo(() => ({ credential, open, ask, close }), [credential, open, ask, close]);
}

/** How a row's Revoke asks the list's question. */
export const AskRevokeContext = createContext<(record: AcmeCredentialRecord) => void>(() => undefined);

export function RevokeCredentialButton() {
  const translate = useTranslate();
  const record = useRecordContext<AcmeCredentialRecord>();
  const ask = useContext(AskRevokeContext);
  if (!record || record.status === 'revoked') return null;
  return (
    <Button
      size="small"
      color="error"
      onClick={() => ask(record)}
      aria-label={translate('portal.acme.revoke_key', { key_id: record.key_id })}
    >
      {translate('portal.certificates.revoke')}
    </Button>
  );
}

export function RevokeCredentialDialog({ question }: { question: ReturnType<typeof useRevokeQuestion> }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { resource, refetch } = useListContext();
  const { toast, failure } = useCertificateNotify();
  const [revoking, setRevoking] = useState(false);
  const { credential, open, close } = question;

  const confirm = async () => {
    if (!credential) return;
    setRevoking(true);
    try {
      await dataProvider.delete(resource, { id: credential.id, previousData: credential });
      toast('portal.acme.revoked', 'success');
    } catch (error) {
      // e.g. already revoked in another tab: the server's sentence, and the list as it is now
      failure(error);
    } finally {
      setRevoking(false);
      close();
    }
    void refetch();
  };

  return (
    <ConfirmDialog
      open={open && Boolean(credential)}
      question="portal.acme.revoke_question"
      busy={revoking}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <Typography>
        {translate(credential?.status === 'bound' ? 'portal.acme.revoke_bound' : 'portal.acme.revoke_unused')}
      </Typography>
    </ConfirmDialog>
  );
}
