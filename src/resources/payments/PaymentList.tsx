// /payment-listing (SPEC.md §2): the provider's payments, newest first, 7 a page, with CSV export.
// SPEC.md §8: a failed load is only logged, and the progress bar stays.
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  TextField,
  downloadCSV,
  useListContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import { amountText, formatDateTime, toCsv } from '../../components/billing/format';

export interface PaymentRecord extends RaRecord {
  amount: number | string;
  transaction_id: string;
  created_on: string;
}

const CSV_COLUMNS = ['Time', 'Transaction ID', 'Amount'] as const;

export const paymentExporter: Exporter<PaymentRecord> = (records) => {
  const rows = records.map((r) => ({ Time: formatDateTime(r.created_on), 'Transaction ID': r.transaction_id, Amount: amountText(r.amount) }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'payments');
};

function PaymentRows() {
  const translate = useTranslate();
  const { data } = useListContext<PaymentRecord>();
  if (!data) return <LinearProgress aria-label={translate('portal.common.loading')} />;
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<Typography sx={{ p: 2 }}>{translate('portal.common.no_data_found')}</Typography>}
    >
      <FunctionField<PaymentRecord> source="created_on" sortable={false} render={(r) => formatDateTime(r.created_on)} />
      <TextField source="transaction_id" sortable={false} />
      <FunctionField<PaymentRecord> source="amount" sortable={false} render={(r) => amountText(r.amount)} />
    </Datagrid>
  );
}

export function PaymentList() {
  const translate = useTranslate();
  return (
    <List<PaymentRecord>
      resource="payments"
      title={translate('portal.billing.payment_listing')}
      perPage={PAGE_SIZES.payments}
      sort={{ field: 'created_on', order: 'DESC' }}
      exporter={paymentExporter}
      empty={false}
      error={false}
      queryOptions={{ onError: (error: Error) => console.error(error) }}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZES.payments]} />}
    >
      <Typography component="h1" variant="h5" sx={{ px: 2, pt: 2 }}>
        {translate('portal.billing.payment_listing')}
      </Typography>
      <PaymentRows />
    </List>
  );
}

export default PaymentList;
