// Revoke with a reason (docs/screens.md, Certificates): the certificate asked about, the reason (none until
// the person picks one, on each opening), and the call; success toasts and reloads the list, a failure closes
// the question and toasts the server's sentence.
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RevocationReason } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';

export function useCertificateRevocation(reloadCertificates: () => Promise<unknown>) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [toRevoke, setToRevoke] = useState<CertificateRow | null>(null);
  const [reason, setReason] = useState<RevocationReason | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!toRevoke?.serial_number || !reason) return;
    setBusy(true);
    try {
      await dataProvider.revokeCertificate(toRevoke.serial_number, reason);
      toast('portal.certificates.revoked', 'success');
      setToRevoke(null);
      await reloadCertificates();
    } catch (error) {
      setToRevoke(null);
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const ask = (row: CertificateRow) => {
    setReason(null);
    setToRevoke(row);
  };

  return { open: Boolean(toRevoke), reason, setReason, busy, ask, cancel: () => setToRevoke(null), revoke };
}
