// The keys list's actions, in its toolbar: Import (its dialog), Create New and the CSV export. A new key is the
// newest: either brings the first page back, read again.
import { useState } from 'react';
import Button from '@mui/material/Button';
import { ExportButton, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { ImportKeyDialog, useCertificateNotify } from '../../components/certificates';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import { useReloadKeys } from './useReloadKeys';

export function PrivateKeyListActions() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const { setPage } = useListContext();
  const reload = useReloadKeys();
  const { busy: creating, run } = useSingleFlight();
  const [importing, setImporting] = useState(false);

  const firstPage = async () => {
    setPage(1);
    await reload();
  };

  const create = () =>
    run(async () => {
      try {
        await dataProvider.createPrivateKey();
        toast('portal.certificates.key_created', 'success');
        await firstPage();
      } catch (error) {
        failure(error);
      }
    });

  return (
    <>
      <Button variant="outlined" onClick={() => setImporting(true)}>
        {translate('portal.certificates.import')}
      </Button>
      <MainButton onClick={() => void create()} loading={creating}>
        {translate('portal.certificates.create_new')}
      </MainButton>
      <ExportButton />
      <ImportKeyDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void firstPage();
        }}
      />
    </>
  );
}
