// /invoice-listing (SPEC.md §2): Time, Invoice Number, Amount and a 'View' link to the single invoice,
// 7 a page. A failed load is only logged (SPEC.md §8).
import Link from '@mui/material/Link';
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
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_SIZES } from '../../../contract/constants';
import { amountText, formatDateTime, toCsv } from '../../components/billing/format';

export interface InvoiceRecord extends RaRecord {
  invoice_number: string;
  amount: number | string;
  created_on: string;
  start_billing_cycle: string;
  end_billing_cycle: string;
  invoice_path: string;
  billing_cycle_months?: number;
}

/** The single-invoice page; the row travels in the navigation state so the page needs no extra call. */
export const invoicePath = (id: RaRecord['id']) => `/invoice-listing/${encodeURIComponent(String(id))}`;

const CSV_COLUMNS = ['Time', 'Invoice Number', 'Amount'] as const;

export const invoiceExporter: Exporter<InvoiceRecord> = (records) => {
  const rows = records.map((r) => ({ Time: formatDateTime(r.created_on), 'Invoice Number': r.invoice_number, Amount: amountText(r.amount) }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'invoices');
};

function InvoiceRows() {
  const translate = useTranslate();
  const { data } = useListContext<InvoiceRecord>();
  if (!data) return <LinearProgress aria-label={translate('portal.common.loading')} />;
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>{translate('portal.common.no_data')}</Typography>}>
      <FunctionField<InvoiceRecord> source="created_on" sortable={false} render={(r) => formatDateTime(r.created_on)} />
      <TextField source="invoice_number" sortable={false} />
      <FunctionField<InvoiceRecord> source="amount" sortable={false} render={(r) => amountText(r.amount)} />
      <FunctionField<InvoiceRecord>
        source="action"
        sortable={false}
        render={(r) => (
          <Link component={RouterLink} to={invoicePath(r.id)} state={{ record: r }}>
            {translate('portal.billing.view')}
          </Link>
        )}
      />
    </Datagrid>
  );
}

export function InvoiceList() {
  const translate = useTranslate();
  return (
    <List<InvoiceRecord>
      resource="invoices"
      title={translate('portal.billing.invoice_listing')}
      perPage={PAGE_SIZES.invoices}
      sort={{ field: 'created_on', order: 'DESC' }}
      exporter={invoiceExporter}
      empty={false}
      error={false}
      queryOptions={{ onError: (error: Error) => console.error(error) }}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZES.invoices]} />}
    >
      <Typography component="h1" variant="h5" sx={{ px: 2, pt: 2 }}>
        {translate('portal.billing.invoice_listing')}
      </Typography>
      <InvoiceRows />
    </List>
  );
}

export default InvoiceList;
