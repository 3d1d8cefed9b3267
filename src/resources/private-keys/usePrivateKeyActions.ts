// Create New, Download (saved under the server's file name) and Delete (once confirmed) of the private keys.
// Failures are toasts through the shared message extractor (SPEC.md §8).
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PrivateKeyRow } from '../../../contract/api';
import { saveFile, useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import type { usePrivateKeyList } from './usePrivateKeyList';

export function usePrivateKeyActions({ page, rows, reload }: ReturnType<typeof usePrivateKeyList>) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [creating, setCreating] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PrivateKeyRow | null>(null);
  const [deleting, setDeleting] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      await dataProvider.createPrivateKey();
      toast('portal.certificates.key_created', 'success');
      // the newest key comes first
      await reload(0);
    } catch (error) {
      failure(error);
    } finally {
      setCreating(false);
    }
  };

  const download = async (uuid: string) => {
    setDownloading(uuid);
    try {
      const { blob, filename } = await dataProvider.downloadPrivateKey(uuid);
      saveFile(blob, filename);
    } catch (error) {
      failure(error);
    } finally {
      setDownloading(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dataProvider.deletePrivateKey(toDelete.priv_key_uuid);
      setToDelete(null);
      toast('portal.certificates.key_deleted', 'success');
      // the last row of a page: show the page before it
      await reload(rows.length === 1 && page > 0 ? page - 1 : page);
    } catch (error) {
      // e.g. the key still has a valid certificate: the server's sentence
      setToDelete(null);
      failure(error);
    } finally {
      setDeleting(false);
    }
  };

  return { creating, create, downloading, download, toDelete, setToDelete, deleting, confirmDelete };
}
