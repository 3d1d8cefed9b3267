// /payment-listing (docs/screens.md, Payment listing): the provider's payments (what each was for,
// docs/billing.md), newest first, 7 a page, with CSV export. A failed load shows its message and a Retry
// (PortalList).
import { TextField, downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import { amountText, toCsv } from '../../billing/format';
import { formatDateTime } from '../../components/dates';
import { PortalList } from '../PortalList';
import { DateTimeField, MoneyField } from '../../components/fields';

export interface PaymentRecord extends RaRecord {
  amount: number | string;
  transaction_id: string;
  created_on: string;
  /** What the payment was for, in the server's words (docs/billing.md). */
  for?: string;
}

const CSV_COLUMNS = ['Time', 'For', 'Transaction ID', 'Amount'] as const;

export const paymentExporter: Exporter<PaymentRecord> = (records) => {
  const rows = records.map((r) => ({
    Time: formatDateTime(r.created_on),
    For: r.for ?? '',
    'Transaction ID': r.transaction_id,
    Amount: amountText(r.amount),
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'payments');
};

export function PaymentList() {
  return (
    <PortalList
      title="portal.billing.payment_listing"
      perPage={PAGE_SIZES.payments}
      exporter={paymentExporter}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="created_on" sortable={false} />
      <TextField source="for" sortable={false} />
      <TextField source="transaction_id" sortable={false} />
      <MoneyField source="amount" sortable={false} />
    </PortalList>
  );
}

export default PaymentList;
