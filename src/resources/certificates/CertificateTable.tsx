// The chosen key's last certificates: created, start and expiry times, the CR URL (a link when it is one), its
// status (current, replaced, revocation scheduled, revoked) and each row's actions; 'No data found' when none.
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { CertificateRow } from '../../../contract/api';
import { formatDateTime } from '../../components/dates';
import { CertificateRowActions, type CertificateRowHandlers } from './CertificateRowActions';
import { CertificateStatus } from './CertificateStatus';

function CrUrl({ value }: { value: string | null }) {
  if (!value) return null;
  if (!/^https?:\/\//i.test(value)) return <>{value}</>;
  return (
    <Link href={value} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {value}
    </Link>
  );
}

export interface CertificateTableProps extends CertificateRowHandlers {
  titleId: string;
  certificates: readonly CertificateRow[];
  empty: boolean;
}

export function CertificateTable({ titleId, certificates, empty, ...handlers }: CertificateTableProps) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.certificates.fields.created_on')}</TableCell>
            <TableCell>{translate('resources.certificates.fields.sti_cert_start_date')}</TableCell>
            <TableCell>{translate('resources.certificates.fields.sti_cert_expire_date')}</TableCell>
            <TableCell>{translate('resources.certificates.fields.cr_path')}</TableCell>
            <TableCell>{translate('resources.certificates.fields.status')}</TableCell>
            <TableCell align="right">{translate('portal.certificates.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {empty ? (
            <TableRow>
              <TableCell colSpan={6}>{translate('portal.common.no_data_found')}</TableCell>
            </TableRow>
          ) : null}
          {certificates.map((row) => (
            <TableRow
              key={String(row.id ?? row.serial_number ?? row.created_on)}
              data-testid="certificate-row"
            >
              <TableCell>{formatDateTime(row.created_on)}</TableCell>
              <TableCell>{formatDateTime(row.sti_cert_start_date)}</TableCell>
              <TableCell>{formatDateTime(row.sti_cert_expire_date)}</TableCell>
              <TableCell>
                <CrUrl value={row.cr_path} />
              </TableCell>
              <TableCell>
                <CertificateStatus row={row} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <CertificateRowActions row={row} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
