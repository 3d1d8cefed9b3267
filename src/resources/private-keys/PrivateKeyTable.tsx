// The private keys' table: creation time, key id, and per key Download and Delete; 'No data found' when there
// are none. Its pager shows only past one page. Below 960 px each row stacks, its cells labelled (stackedOnPhone).
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { PrivateKeyRow } from '../../../contract/api';
import { formatDateTime } from '../../components/dates';
import { stackedOnPhone } from '../../components/lists';
import { PRIVATE_KEYS_PER_PAGE as PER_PAGE } from './usePrivateKeyList';

interface PrivateKeyRowHandlers {
  /** The key being downloaded: its Download is disabled meanwhile. */
  downloading: string | null;
  onDownload: (uuid: string) => void;
  onDelete: (row: PrivateKeyRow) => void;
}

function PrivateKeyRowActions({
  row,
  downloading,
  onDownload,
  onDelete,
}: PrivateKeyRowHandlers & { row: PrivateKeyRow }) {
  const translate = useTranslate();
  return (
    <>
      <Button
        size="small"
        onClick={() => onDownload(row.priv_key_uuid)}
        disabled={downloading === row.priv_key_uuid}
        aria-label={translate('portal.certificates.download_key', { uuid: row.priv_key_uuid })}
      >
        {translate('portal.certificates.download')}
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => onDelete(row)}
        aria-label={translate('portal.certificates.delete_key', { uuid: row.priv_key_uuid })}
      >
        {translate('portal.certificates.delete')}
      </Button>
    </>
  );
}

export interface PrivateKeyTableProps extends PrivateKeyRowHandlers {
  titleId: string;
  rows: readonly PrivateKeyRow[];
  empty: boolean;
}

export function PrivateKeyTable({ titleId, rows, empty, ...handlers }: PrivateKeyTableProps) {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.private-keys.fields.${key}`);
  return (
    <TableContainer sx={stackedOnPhone}>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>{label('created_on')}</TableCell>
            <TableCell>{label('priv_key_uuid')}</TableCell>
            <TableCell align="right">{translate('portal.certificates.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {empty ? (
            <TableRow>
              <TableCell colSpan={3}>{translate('portal.common.no_data_found')}</TableCell>
            </TableRow>
          ) : null}
          {rows.map((row) => (
            <TableRow key={row.priv_key_uuid}>
              <TableCell data-label={label('created_on')}>{formatDateTime(row.created_on)}</TableCell>
              <TableCell data-label={label('priv_key_uuid')} sx={{ fontFamily: 'monospace' }}>
                {row.priv_key_uuid}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <PrivateKeyRowActions row={row} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function PrivateKeyPagination({
  page,
  total,
  onPageChange,
}: {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  if (total <= PER_PAGE) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / PER_PAGE) - 1))}
      rowsPerPage={PER_PAGE}
      rowsPerPageOptions={[PER_PAGE]}
      onPageChange={(_, next) => onPageChange(next)}
      // SPEC.md §2: Prev is hidden on the first page and Next on the last
      sx={{ '& .MuiTablePagination-actions .Mui-disabled': { visibility: 'hidden' } }}
    />
  );
}
