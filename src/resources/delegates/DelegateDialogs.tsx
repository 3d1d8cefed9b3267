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

export function useDelegateDialogs(
  reload: () => Promise<unknown>,
  /** After a renewal, beside the toast and the key (the page of one certificate opens the new one). */
  onRenewed?: (issued: DelegateIssued) => void,
) {
  const { toast } = useCertificateNotify();
  const [creating, setCreating] = useState(false);
  const [renewing, setRenewing] = useState<DelegateRow | null>(null);
  const key = useShownKey();
  const revocation = useDelegateRevocation(reload);

  const issued = (message: string, then?: (answer: DelegateIssued) => void) => (answer: DelegateIssued) => {
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
    then?.(answer);
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
        onRenewed={issued('portal.delegates.renewed', onRenewed)}
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
