// /admin/subscription-change-log/{uuid}: the provider's changes, newest first, paged and sorted by the server: when,
// by whom (the admin's email, or the system), what changed from what to what (a subscription's ends as dates), and
// why. Export writes them as CSV.
import { FunctionField, TextField, TextInput } from 'react-admin';
import { ADMIN_PAGE_SIZE, type ChangeLogRow } from '../../../contract/admin';
import { formatDateTime, withDatesOnly } from '../../components/dates';
import { csvExporter, useProviderFilter } from '../adminShared';
import { PortalList } from '../PortalList';
import { DateTimeField } from '../../components/fields';

const exporter = csvExporter<ChangeLogRow>(
  [
    ['Time', (r) => formatDateTime(r.created_on)],
    ['By', (r) => r.actor],
    ['Change', (r) => r.change],
    ['From', (r) => withDatesOnly(r.from)],
    ['To', (r) => withDatesOnly(r.to)],
    ['Reason', (r) => r.reason ?? ''],
  ],
  'subscription-change-log',
);

const filters = [<TextInput key="change" source="change" label="portal.admin.filters.change" alwaysOn />];

export function ChangeLogList() {
  return (
    <PortalList
      title="portal.admin.pages.change_log"
      perPage={ADMIN_PAGE_SIZE}
      filter={useProviderFilter()}
      filters={filters}
      exporter={exporter}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="created_on" />
      <TextField source="actor" />
      <TextField source="change" />
      <FunctionField<ChangeLogRow> source="from" sortable={false} render={(r) => withDatesOnly(r.from)} />
      <FunctionField<ChangeLogRow> source="to" sortable={false} render={(r) => withDatesOnly(r.to)} />
      <TextField source="reason" sortable={false} emptyText="" />
    </PortalList>
  );
}

export default ChangeLogList;
