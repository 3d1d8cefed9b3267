// The payments of one of the reseller's companies on its details page: the reseller's payments filtered by the
// company (GET /api/reseller/users/payment?filter={service_provider_uuid}), newest first, a page at a time from the
// server, with a progress bar while loading, 'No Data Found' when empty and the failure's message when it fails.
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import type { ResellerPaymentRow } from '../../../contract/resellers';
import { amountText } from '../../billing/format';
import { billingErrorMessage } from '../../billing/errors';
import { formatDateTime } from '../../components/dates';

const COLUMNS: [field: keyof ResellerPaymentRow, value: (r: ResellerPaymentRow) => string][] = [
  ['created_on', (r) => formatDateTime(r.created_on)],
  ['transaction_id', (r) => r.transaction_id],
  ['amount', (r) => amountText(r.amount)],
];

export function CompanyPayments({ companyId }: { companyId: string }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const perPage = PAGE_SIZES.payments;
  const {
    data,
    total = 0,
    error,
  } = useGetList<ResellerPaymentRow>('reseller-payments', {
    filter: { service_provider_uuid: companyId },
    pagination: { page: page + 1, perPage },
    sort: { field: 'created_on', order: 'DESC' },
  });
  const title = translate('portal.reseller_companies.details.payments');
  return (
    <section aria-label={title}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {error ? <Alert severity="error">{billingErrorMessage(error)}</Alert> : null}
      {!data && !error && <LinearProgress aria-label={translate('portal.common.loading')} />}
      {data && data.length === 0 && (
        <Typography sx={{ p: 2 }}>{translate('portal.common.no_data_found')}</Typography>
      )}
      {data && data.length > 0 && (
        <>
          <Table size="small">
            <TableHead>
              <TableRow>
                {COLUMNS.map(([field]) => (
                  <TableCell key={field}>
                    {translate(`resources.reseller-payments.fields.${field}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.id}>
                  {COLUMNS.map(([field, value]) => (
                    <TableCell key={field}>{value(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={perPage}
            rowsPerPageOptions={[perPage]}
          />
        </>
      )}
    </section>
  );
}
