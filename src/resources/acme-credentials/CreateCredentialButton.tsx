// Create credential: POST, then the key id and the HMAC key in a dialog, shown this once; closing it reads
// the list again. A refusal (past 20 live credentials, say) is a toast with the server's sentence
// (docs/screens.md, ACME).
import { useState } from 'react';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AcmeCredentialCreated } from '../../../contract/acme';
import { useCertificateNotify } from '../../components/certificates';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import { CredentialCreatedDialog } from './CredentialCreatedDialog';

export function CreateCredentialButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { resource, refetch } = useListContext();
  const { failure } = useCertificateNotify();
  const { busy: creating, run } = useSingleFlight();
  const [created, setCreated] = useState<AcmeCredentialCreated | null>(null);
  const [open, setOpen] = useState(false);

  const create = () =>
    run(async () => {
      try {
        const { data } = await dataProvider.create<
          Record<string, never>,
          AcmeCredentialCreated & { id: string }
        >(resource, { data: {} });
        setCreated({ key_id: data.key_id, hmac_key: data.hmac_key });
        setOpen(true);
      } catch (error) {
        failure(error);
      }
    });

  const close = () => {
    setOpen(false);
    void refetch();
  };

  return (
    <>
      <MainButton onClick={() => void create()} loading={creating}>
        {translate('portal.acme.create')}
      </MainButton>
      <CredentialCreatedDialog
        open={open}
        credential={created}
        onClose={close}
        onExited={() => setCreated(null)}
      />
    </>
  );
}
