// What the delegate certificates' pages do to one: Revoke after a reason is picked (the certificates' question),
// and Download chain (GET …/delegates/{id}: its chain_pem saved as a .pem file). Each toasts how it went; a done
// revocation reads the certificates again.
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RevocationReason } from '../../../contract/certificates';
import type { DelegateRow } from '../../../contract/wire/delegates';
import { saveFile, useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import type { RevocationQuestion } from '../certificates/RevokeCertificateDialog';

/** The file name of a delegate certificate's chain. */
export const delegateChainFileName = (row: Pick<DelegateRow, 'serial_number'>) =>
  `delegate-${row.serial_number}.pem`;

export function useDelegateRevocation(
  reload: () => Promise<unknown>,
): RevocationQuestion & { ask: (row: DelegateRow) => void } {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [toRevoke, setToRevoke] = useState<DelegateRow | null>(null);
  const [reason, setReason] = useState<RevocationReason | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!toRevoke || !reason) return;
    setBusy(true);
    try {
      await dataProvider.revokeDelegate(toRevoke.id, reason);
      toast('portal.delegates.revoked', 'success');
      setToRevoke(null);
      await reload();
    } catch (error) {
      setToRevoke(null);
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const ask = (row: DelegateRow) => {
    // no reason preselected: the person revoking says why
    setReason(null);
    setToRevoke(row);
  };

  return { open: Boolean(toRevoke), reason, setReason, busy, ask, cancel: () => setToRevoke(null), revoke };
}

export function useDelegateChainDownload() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { failure } = useCertificateNotify();
  return async (row: Pick<DelegateRow, 'id' | 'serial_number'>) => {
    try {
      const { chain_pem } = await dataProvider.getDelegate(row.id);
      saveFile(
        new Blob([chain_pem], { type: 'application/pem-certificate-chain' }),
        delegateChainFileName(row),
      );
    } catch (error) {
      failure(error);
    }
  };
}
