// The chosen key's last certificates: created, start and expiry times, the CR URL (a link when it is one), its
// status (current, replaced, revocation scheduled, revoked) and each row's actions; 'No data found' when none.
// Below 960 px each row stacks, its cells labelled by their column (stackedOnPhone).
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
import { stackedOnPhone } from '../../components/lists';
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
  const label = (key: string) => translate(`resources.certificates.fields.${key}`);
  return (
    <TableContainer sx={stackedOnPhone}>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>{label('created_on')}</TableCell>
            <TableCell>{label('sti_cert_start_date')}</TableCell>
            <TableCell>{label('sti_cert_expire_date')}</TableCell>
            <TableCell>{label('cr_path')}</TableCell>
            <TableCell>{label('status')}</TableCell>
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
              <TableCell data-label={label('created_on')}>{formatDateTime(row.created_on)}</TableCell>
              <TableCell data-label={label('sti_cert_start_date')}>
                {formatDateTime(row.sti_cert_start_date)}
              </TableCell>
              <TableCell data-label={label('sti_cert_expire_date')}>
                {formatDateTime(row.sti_cert_expire_date)}
              </TableCell>
              <TableCell data-label={label('cr_path')}>
                <CrUrl value={row.cr_path} />
              </TableCell>
              <TableCell data-label={label('status')}>
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
