// What the delegate certificates' pages do to one: Revoke after a reason is picked (the certificates' question),
// and Download chain (GET …/delegates/{id}: its chain_pem saved as a .pem file). Each toasts how it went; a done
// revocation reads the certificates again.
import { useDataProvider } from 'react-admin';
import type { DelegateRow } from '../../../contract/wire/delegates';
import { saveFile, useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import type { RevocationQuestion } from '../certificates/RevokeCertificateDialog';
import { useRevocation } from '../sti-scas/useStiScaActions';

/** The file name of a delegate certificate's chain. */
export const delegateChainFileName = (row: Pick<DelegateRow, 'serial_number'>) =>
  `delegate-${row.serial_number}.pem`;

export function useDelegateRevocation(
  reload: () => Promise<unknown>,
): RevocationQuestion & { ask: (row: DelegateRow) => void } {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useRevocation<DelegateRow>(
    (id, reason) => dataProvider.revokeDelegate(id, reason),
    'portal.delegates.revoked',
    reload,
  );
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
