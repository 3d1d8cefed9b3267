// /admin/audit-log: the CA audit log, read-only, newest first, paged, sorted and filtered by the server: action,
// text (subject, who, company) and a date range. Export writes the filtered entries as CSV.
import { DateInput, FunctionField, SelectInput, TextField, TextInput } from 'react-admin';
import { ADMIN_PAGE_SIZE, AUDIT_ACTIONS, type AuditLogRow } from '../../../contract/admin';
import { formatDateTime } from '../../components/dates';
import { CompanyLink, csvExporter } from '../adminShared';
import { PortalList } from '../PortalList';
import { DateTimeField } from '../../components/fields';

const exporter = csvExporter<AuditLogRow>(
  [
    ['Time', (r) => formatDateTime(r.occurred_on)],
    ['Action', (r) => r.action],
    ['By', (r) => r.actor_email ?? ''],
    ['IP', (r) => r.actor_ip ?? ''],
    ['Company', (r) => r.company_name ?? ''],
    ['Subject', (r) => r.subject],
    ['Detail', (r) => r.detail ?? ''],
  ],
  'audit-log',
);

const filters = [
  <SelectInput
    key="action"
    source="action"
    label="portal.admin.filters.action"
    choices={AUDIT_ACTIONS.map((id) => ({ id, name: id }))}
    alwaysOn
  />,
  <TextInput key="q" source="q" label="portal.admin.filters.text" alwaysOn />,
  <DateInput key="occurred_from" source="occurred_from" label="portal.admin.filters.from" alwaysOn />,
  <DateInput key="occurred_to" source="occurred_to" label="portal.admin.filters.to" alwaysOn />,
];

export function AuditLogList() {
  return (
    <PortalList
      title="portal.admin.pages.audit_log"
      perPage={ADMIN_PAGE_SIZE}
      sort={{ field: 'occurred_on', order: 'DESC' }}
      filters={filters}
      exporter={exporter}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="occurred_on" />
      <TextField source="action" />
      <TextField source="actor_email" emptyText="" />
      <FunctionField<AuditLogRow>
        source="company_name"
        sortable={false}
        render={(r) => <CompanyLink id={r.service_provider_uuid} name={r.company_name} />}
      />
      <TextField source="subject" sortable={false} />
      <TextField source="detail" sortable={false} emptyText="" />
    </PortalList>
  );
}

export default AuditLogList;
