// /reseller/payment-listing: the payments of the reseller's companies with the company name (Time, Company, For,
// Transaction ID, Amount), newest first, 7 a page, searched and sorted by the server, with CSV export.
import { TextField, TextInput, downloadCSV, type Exporter } from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import type { ResellerPaymentRow } from '../../../contract/resellers';
import { amountText, toCsv } from '../../billing/format';
import { formatDateTime } from '../../components/dates';
import { PortalList } from '../PortalList';
import { DateTimeField, MoneyField } from '../../components/fields';

export type ResellerPaymentRecord = ResellerPaymentRow;

const filters = [
  <TextInput key="q" source="q" label="portal.reseller_payments.search" alwaysOn resettable />,
];

const CSV_COLUMNS = ['Time', 'Company', 'For', 'Transaction ID', 'Amount'] as const;

export const resellerPaymentExporter: Exporter<ResellerPaymentRecord> = (records) => {
  const rows = records.map((r) => ({
    Time: formatDateTime(r.created_on),
    Company: r.company_name,
    For: r.for,
    'Transaction ID': r.transaction_id,
    Amount: amountText(r.amount),
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'payments');
};

export function ResellerPaymentList() {
  return (
    <PortalList
      title="portal.reseller_payments.title"
      perPage={PAGE_SIZES.payments}
      filters={filters}
      exporter={resellerPaymentExporter}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="created_on" />
      <TextField source="company_name" />
      <TextField source="for" sortable={false} />
      <TextField source="transaction_id" />
      <MoneyField source="amount" />
    </PortalList>
  );
}

export default ResellerPaymentList;
