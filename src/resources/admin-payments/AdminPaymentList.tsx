// /admin/payment/{uuid?}: every payment with its company (one provider's when the path names it), newest first,
// paged, sorted and searched by the server; export writes them as CSV.
import { FunctionField, TextField, TextInput } from 'react-admin';
import { ADMIN_PAGE_SIZE } from '../../../contract/admin';
import { amountText } from '../../billing/format';
import { formatDateTime } from '../../components/dates';
import { CompanyLink, csvExporter, useProviderFilter } from '../adminShared';
import { PortalList } from '../PortalList';
import { DateTimeField, MoneyField } from '../../components/fields';

export interface AdminPaymentRecord {
  id: string;
  service_provider_uuid: string;
  company_name: string;
  ocn: string;
  amount: number;
  transaction_id: string;
  created_on: string;
  /** What the payment was for, in the server's words (docs/billing.md). */
  for?: string;
}

const exporter = csvExporter<AdminPaymentRecord>(
  [
    ['Time', (r) => formatDateTime(r.created_on)],
    ['Company', (r) => r.company_name],
    ['OCN', (r) => r.ocn],
    ['For', (r) => r.for ?? ''],
    ['Transaction ID', (r) => r.transaction_id],
    ['Amount', (r) => amountText(r.amount)],
  ],
  'payments',
);

const filters = [<TextInput key="q" source="q" label="portal.admin.filters.text" alwaysOn />];

export function AdminPaymentList() {
  return (
    <PortalList
      title="portal.admin.pages.payments"
      perPage={ADMIN_PAGE_SIZE}
      filter={useProviderFilter()}
      filters={filters}
      exporter={exporter}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="created_on" />
      <FunctionField<AdminPaymentRecord>
        source="company_name"
        render={(r) => <CompanyLink id={r.service_provider_uuid} name={r.company_name} />}
      />
      <TextField source="for" sortable={false} />
      <TextField source="transaction_id" />
      <MoneyField source="amount" />
    </PortalList>
  );
}

export default AdminPaymentList;
