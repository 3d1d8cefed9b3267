// The dialogs of the delegate certificates' pages (the list and one certificate): New delegate certificate, Renew,
// Revoke (the certificates' question: no reason preselected, final and published) and the key the portal made,
// shown once after an issue. Each issue toasts, shows the key when there is one, and reads the pages again.
import { useState } from 'react';
import type { DelegateIssued, DelegateRow } from '../../../contract/wire/delegates';
import { useCertificateNotify } from '../../components/certificates';
import { RevokeCertificateDialog } from '../certificates/RevokeCertificateDialog';
import { CreateDelegateDialog } from './CreateDelegateDialog';
import { KeyShownOnceDialog, useShownKey } from './KeyShownOnceDialog';
import { RenewDelegateDialog } from './RenewDelegateDialog';
import { useDelegateRevocation } from './useDelegateActions';

export function useDelegateDialogs(reload: () => Promise<unknown>) {
  const { toast } = useCertificateNotify();
  const [creating, setCreating] = useState(false);
  const [renewing, setRenewing] = useState<DelegateRow | null>(null);
  const key = useShownKey();
  const revocation = useDelegateRevocation(reload);

  const issued = (message: string) => (answer: DelegateIssued) => {
    setCreating(false);
    setRenewing(null);
    toast(message, 'success');
    if (answer.private_key_pem) {
      key.show({
        customer: answer.delegate.customer_name,
        serial: answer.delegate.serial_number,
        pem: answer.private_key_pem,
      });
    }
    void reload();
  };

  const dialogs = (
    <>
      <CreateDelegateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onIssued={issued('portal.delegates.created')}
      />
      <RenewDelegateDialog
        target={renewing}
        onClose={() => setRenewing(null)}
        onRenewed={issued('portal.delegates.renewed')}
      />
      <RevokeCertificateDialog
        revocation={revocation}
        question="portal.delegates.revoke_question"
        consequence="portal.delegates.revoke_consequence"
      />
      <KeyShownOnceDialog open={key.open} shown={key.shown} onClose={key.close} onExited={key.forget} />
    </>
  );

  return { create: () => setCreating(true), renew: setRenewing, revoke: revocation.ask, dialogs };
}
