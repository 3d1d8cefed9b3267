// What the STI-SCA page does to a row: Revoke after a reason is picked (the certificates' question, saying that
// the delegate certificates it signed are revoked with it), and Download chain (GET …/sti_sca/{id}: its chain_pem
// saved as a .pem file). Each toasts how it went; a done revocation reads the list again.
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RevocationReason } from '../../../contract/certificates';
import type { StiScaRow } from '../../../contract/wire/delegates';
import { saveFile, useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';

/** The file name of an STI-SCA's chain. */
export const chainFileName = (row: Pick<StiScaRow, 'serial_number'>) => `sti-sca-${row.serial_number}.pem`;

/**
 * Revoke after a reason is picked, none preselected (the person revoking says why): `call` revokes the row asked
 * about, `done` is the toast of a revocation made, and the list is read again.
 */
export function useRevocation<Row extends { id: string }>(
  call: (id: string, reason: RevocationReason) => Promise<unknown>,
  done: string,
  reload: () => Promise<unknown>,
) {
  const { toast, failure } = useCertificateNotify();
  const [toRevoke, setToRevoke] = useState<Row | null>(null);
  const [reason, setReason] = useState<RevocationReason | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!toRevoke || !reason) return;
    setBusy(true);
    try {
      await call(toRevoke.id, reason);
      toast(done, 'success');
      setToRevoke(null);
      await reload();
    } catch (error) {
      setToRevoke(null);
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const ask = (row: Row) => {
    setReason(null);
    setToRevoke(row);
  };

  return { open: Boolean(toRevoke), reason, setReason, busy, ask, cancel: () => setToRevoke(null), revoke };
}

export function useStiScaRevocation(reload: () => Promise<unknown>) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useRevocation<StiScaRow>(
    (id, reason) => dataProvider.revokeStiSca(id, reason),
    'portal.sti_sca.revoked',
    reload,
  );
}

export function useChainDownload() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { failure } = useCertificateNotify();
  return async (row: StiScaRow) => {
    try {
      const { chain_pem } = await dataProvider.getStiSca(row.id);
      saveFile(new Blob([chain_pem], { type: 'application/pem-certificate-chain' }), chainFileName(row));
    } catch (error) {
      failure(error);
    }
  };
}
