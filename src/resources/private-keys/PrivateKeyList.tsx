// /sti-certificate/private-key (SPEC.md §2): the provider's private keys, 10 a page with server-side paging
// (skip/take), Create New, and per key Download (saved under the server's file name) and Delete (confirmed).
// Failures of the key calls are toasts through the shared message extractor (§8).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { PrivateKeyRow } from '../../../contract/api';
import { PAGE_SIZES } from '../../../contract/constants';
import { formatDateTime } from '../../components/dates';
import {
  ConfirmDialog,
  ImportKeyDialog,
  saveFile,
  useCertificateNotify,
} from '../../components/certificates';
import { MainButton } from '../../components/MainButton';
import type { PortalDataProvider } from '../../dataProvider/types';

export const PRIVATE_KEYS_QUERY_KEY = ['portal', 'private-keys'] as const;
/** The certificate page's key dropdown (resources/certificates). */
export const CERTIFICATE_KEYS_QUERY_KEY = ['portal', 'certificate-keys'] as const;

const PER_PAGE = PAGE_SIZES.privateKeys;

export function PrivateKeyList() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { toast, failure } = useCertificateNotify();
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PrivateKeyRow | null>(null);
  const [deleting, setDeleting] = useState(false);

  const { data, isPending, isFetching } = useQuery({
    queryKey: [...PRIVATE_KEYS_QUERY_KEY, page],
    retry: false,
    queryFn: async () => {
      try {
        return await dataProvider.listPrivateKeys({ skip: page * PER_PAGE, take: PER_PAGE });
      } catch (error) {
        failure(error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;

  const reload = async (targetPage = page) => {
    setPage(targetPage);
    // every page of this list, and the certificate page's key dropdown, which reads the same keys
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: PRIVATE_KEYS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CERTIFICATE_KEYS_QUERY_KEY }),
    ]);
  };

  const [importing, setImporting] = useState(false);

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

  const title = translate('portal.menu.private_key');
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="private-keys-title">
      <Title title={title} />
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
            mb: 2,
          }}
        >
          <Typography component="h1" variant="h5" id="private-keys-title">
            {title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" onClick={() => setImporting(true)}>
              {translate('portal.certificates.import')}
            </Button>
            <MainButton onClick={create} loading={creating}>
              {translate('portal.certificates.create_new')}
            </MainButton>
          </Box>
        </Box>
        {isPending || isFetching ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
        <TableContainer>
          <Table size="small" aria-labelledby="private-keys-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.private-keys.fields.created_on')}</TableCell>
                <TableCell>{translate('resources.private-keys.fields.priv_key_uuid')}</TableCell>
                <TableCell align="right">{translate('portal.certificates.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!isPending && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>{translate('portal.common.no_data_found')}</TableCell>
                </TableRow>
              ) : null}
              {rows.map((row) => (
                <TableRow key={row.priv_key_uuid}>
                  <TableCell>{formatDateTime(row.created_on)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.priv_key_uuid}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => download(row.priv_key_uuid)}
                      disabled={downloading === row.priv_key_uuid}
                      aria-label={translate('portal.certificates.download_key', { uuid: row.priv_key_uuid })}
                    >
                      {translate('portal.certificates.download')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setToDelete(row)}
                      aria-label={translate('portal.certificates.delete_key', { uuid: row.priv_key_uuid })}
                    >
                      {translate('portal.certificates.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {total > PER_PAGE ? (
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, Math.max(0, Math.ceil(total / PER_PAGE) - 1))}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            onPageChange={(_, next) => setPage(next)}
            // SPEC.md §2: Prev is hidden on the first page and Next on the last
            sx={{ '& .MuiTablePagination-actions .Mui-disabled': { visibility: 'hidden' } }}
          />
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={Boolean(toDelete)}
        question="portal.certificates.delete_question"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ImportKeyDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void reload(0);
        }}
      />
    </Card>
  );
}

export default PrivateKeyList;
