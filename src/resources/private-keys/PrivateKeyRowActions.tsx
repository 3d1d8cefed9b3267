// A key's Download (saved under the server's file name; disabled while it runs) and Delete (once confirmed; the
// server's refusal, say of a key with a valid certificate, is a toast). After a deletion the list is read again,
// and react-admin steps back a page when the last row of the last page went.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { PrivateKeyRow } from '../../../contract/api';
import { ConfirmDialog, saveFile, useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import { useReloadKeys } from './useReloadKeys';

export function PrivateKeyRowActions() {
  const row = useRecordContext<PrivateKeyRow & { id: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const reload = useReloadKeys();
  const [downloading, setDownloading] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!row) return null;
  const uuid = row.priv_key_uuid;

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await dataProvider.downloadPrivateKey(uuid);
      saveFile(blob, filename);
    } catch (error) {
      failure(error);
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await dataProvider.deletePrivateKey(uuid);
      setAsking(false);
      toast('portal.certificates.key_deleted', 'success');
      await reload();
    } catch (error) {
      setAsking(false);
      failure(error);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        onClick={() => void download()}
        disabled={downloading}
        aria-label={translate('portal.certificates.download_key', { uuid })}
      >
        {translate('portal.certificates.download')}
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => setAsking(true)}
        aria-label={translate('portal.certificates.delete_key', { uuid })}
      >
        {translate('portal.certificates.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        question="portal.certificates.delete_question"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
