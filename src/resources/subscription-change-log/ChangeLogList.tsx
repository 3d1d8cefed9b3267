// /admin/subscription-change-log/{uuid}: the provider's changes, newest first, paged and sorted by the server: when,
// by whom (the admin's email, or the system), what changed from what to what, and why. Export writes them as CSV.
import { FunctionField, TextField, TextInput } from 'react-admin';
import { ADMIN_PAGE_SIZE, type ChangeLogRow } from '../../../contract/admin';
import { formatDateTime } from '../../components/dates';
import { csvExporter, useProviderFilter } from '../adminShared';
import { PortalList } from '../PortalList';

const exporter = csvExporter<ChangeLogRow>(
  [
    ['Time', (r) => formatDateTime(r.created_on)],
    ['By', (r) => r.actor],
    ['Change', (r) => r.change],
    ['From', (r) => r.from ?? ''],
    ['To', (r) => r.to ?? ''],
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
      <FunctionField<ChangeLogRow> source="created_on" render={(r) => formatDateTime(r.created_on)} />
      <TextField source="actor" />
      <TextField source="change" />
      <TextField source="from" sortable={false} emptyText="" />
      <TextField source="to" sortable={false} emptyText="" />
      <TextField source="reason" sortable={false} emptyText="" />
    </PortalList>
  );
}

export default ChangeLogList;
