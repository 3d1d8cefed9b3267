// Automatic renewal of the current certificate (docs/api.md, Automatic renewal): the switch only asks. Turning it on
// opens the credentials dialog (EnableAutoRenewalDialog, which makes the call); turning it off asks first, then
// DELETE. Each success toasts the server's sentence and reloads the list; a failed DELETE closes the question and
// toasts the server's sentence.
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { AUTO_RENEWAL_MESSAGES } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';

export function useAutoRenewal(reloadCertificates: () => Promise<unknown>) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [toEnable, setToEnable] = useState<CertificateRow | null>(null);
  const [toDisable, setToDisable] = useState<CertificateRow | null>(null);
  const [busy, setBusy] = useState(false);

  const disable = async () => {
    if (!toDisable?.serial_number) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.disableAutoRenewal(toDisable.serial_number);
      toast(message || AUTO_RENEWAL_MESSAGES.disabled, 'success');
      setToDisable(null);
      await reloadCertificates();
    } catch (error) {
      setToDisable(null);
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    /** What the switch of a row asks for: on opens the credentials dialog, off the question. */
    toggle: (row: CertificateRow, on: boolean) => (on ? setToEnable(row) : setToDisable(row)),
    /** The serial number the credentials dialog turns automatic renewal on for; null while closed. */
    enabling: toEnable?.serial_number ?? null,
    cancelEnable: () => setToEnable(null),
    enabled: () => {
      setToEnable(null);
      void reloadCertificates();
    },
    disabling: { open: Boolean(toDisable), busy, disable, cancel: () => setToDisable(null) },
  };
}
