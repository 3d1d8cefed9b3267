// The payments of one of the reseller's companies on its page: the reseller's payments read by reference to the
// company (getManyReference: GET /api/reseller/users/payment?filter={service_provider_uuid}), newest first, a page
// at a time from the server and sorted by it, drawn as every list: a table, or stacked rows on a phone, so that the
// Amount is never clipped (RecordRows, docs/web.md).
import { TextField } from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import { DateTimeField, MoneyField } from '../../components/fields';
import { RecordRows } from '../RecordRows';

const label = (field: string) => `resources.reseller-payments.fields.${field}`;

export function CompanyPayments() {
  return (
    <RecordRows
      title="portal.reseller_companies.details.payments"
      reference="reseller-payments"
      target="service_provider_uuid"
      perPage={PAGE_SIZES.payments}
      sort={{ field: 'created_on', order: 'DESC' }}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="created_on" label={label('created_on')} />
      <TextField source="for" label={label('for')} sortable={false} />
      <TextField source="transaction_id" label={label('transaction_id')} />
      <MoneyField source="amount" label={label('amount')} />
    </RecordRows>
  );
}
