// /invoice-listing (docs/screens.md, Invoice listing): Time, Invoice Number, Amount and a 'View' link to the
// single invoice, 7 a page. A failed load shows its message and a Retry (PortalList).
import Link from '@mui/material/Link';
import {
  FunctionField,
  TextField,
  downloadCSV,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_SIZES } from '../../../contract/constants';
import { amountText, toCsv } from '../../billing/format';
import { formatDateTime } from '../../components/dates';
import { PortalList } from '../PortalList';
import { usePortalPath } from '../usePortalPath';
import { DateTimeField, MoneyField } from '../../components/fields';

export interface InvoiceRecord extends RaRecord {
  invoice_number: string;
  amount: number | string;
  created_on: string;
  start_billing_cycle: string;
  end_billing_cycle: string;
  invoice_path: string;
  billing_cycle_months?: number;
}

const CSV_COLUMNS = ['Time', 'Invoice Number', 'Amount'] as const;

export const invoiceExporter: Exporter<InvoiceRecord> = (records) => {
  const rows = records.map((r) => ({
    Time: formatDateTime(r.created_on),
    'Invoice Number': r.invoice_number,
    Amount: amountText(r.amount),
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'invoices');
};

/** To the single invoice; the row travels in the navigation state so the page needs no extra call. */
function ViewLink({ record }: { record: InvoiceRecord }) {
  const translate = useTranslate();
  const createPath = usePortalPath();
  return (
    <Link component={RouterLink} to={createPath({ type: 'show', id: record.id })} state={{ record }}>
      {translate('portal.billing.view')}
    </Link>
  );
}

export function InvoiceList() {
  return (
    <PortalList
      title="portal.billing.invoice_listing"
      perPage={PAGE_SIZES.invoices}
      exporter={invoiceExporter}
      emptyText="portal.common.no_data"
    >
      <DateTimeField source="created_on" sortable={false} />
      <TextField source="invoice_number" sortable={false} />
      <MoneyField source="amount" sortable={false} />
      <FunctionField<InvoiceRecord>
        source="action"
        sortable={false}
        render={(r) => <ViewLink record={r} />}
      />
    </PortalList>
  );
}

export default InvoiceList;
