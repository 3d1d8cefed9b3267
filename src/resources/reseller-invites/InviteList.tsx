// /reseller/sp-invite: the invitation form, then the invitations sent (email, company, status sent or registered,
// mails sent, sent on), searched, filtered, sorted and paged by the server, with CSV export.
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  downloadCSV,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { INVITE_STATUSES, type ResellerInviteRow } from '../../../contract/resellers';
import { toCsv } from '../../billing/format';
import { formatDateTime } from '../../components/dates';
import { PortalList } from '../PortalList';
import { PromoCode } from '../reseller-companies/PromoCode';
import { RESELLER_PAGE_SIZE } from '../../../contract/resellers';
import { InviteForm } from './InviteForm';
import { DateTimeField } from '../../components/fields';

export type InviteRecord = ResellerInviteRow;

const statusChoices = INVITE_STATUSES.map((id) => ({ id, name: `portal.reseller_invites.status.${id}` }));

const filters = [
  <TextInput key="q" source="q" label="portal.reseller_invites.search" alwaysOn resettable />,
  <SelectInput
    key="status"
    source="status"
    label="portal.reseller_companies.filter_status"
    choices={statusChoices}
    alwaysOn
  />,
];

const CSV_COLUMNS = ['Email', 'Company', 'Status', 'Mails Sent', 'Sent On'] as const;

export const inviteExporter: Exporter<InviteRecord> = (records) => {
  const rows = records.map((r) => ({
    Email: r.email,
    Company: r.company_name ?? '',
    Status: r.status,
    'Mails Sent': r.sent_count,
    'Sent On': formatDateTime(r.sent_on),
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'invitations');
};

function StatusChip({ record }: { record: InviteRecord }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={record.status === 'registered' ? 'success' : 'default'}
      label={translate(`portal.reseller_invites.status.${record.status}`)}
    />
  );
}

function BeforeRows() {
  const translate = useTranslate();
  return (
    <>
      <PromoCode />
      <InviteForm />
      <Typography component="h2" variant="h6" sx={{ px: 2 }}>
        {translate('portal.reseller_invites.sent_list')}
      </Typography>
    </>
  );
}

export function InviteList() {
  return (
    <PortalList
      title="portal.reseller_invites.title"
      perPage={RESELLER_PAGE_SIZE}
      sort={{ field: 'sent_on', order: 'DESC' }}
      filters={filters}
      exporter={inviteExporter}
      before={<BeforeRows />}
      emptyText="portal.reseller_invites.empty"
    >
      <TextField source="email" />
      <TextField source="company_name" emptyText="—" />
      <FunctionField<InviteRecord> source="status" render={(r) => <StatusChip record={r} />} />
      <TextField source="sent_count" sortable={false} />
      <DateTimeField source="sent_on" />
    </PortalList>
  );
}

export default InviteList;
