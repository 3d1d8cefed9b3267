// /admin/resellers: every reseller (name, email, company, promo code, number of companies, active, created),
// searched, filtered by active, sorted and paged by the server, with CSV export, a Create button and the
// actions of each row.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import {
  ExportButton,
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  downloadCSV,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { ADMIN_PAGE_SIZE } from '../../../contract/admin';
import { formatPromoCode, type ResellerRow } from '../../../contract/resellers';
import { toCsv } from '../../billing/format';
import { formatDateTime } from '../../components/dates';
import { PortalList } from '../PortalList';
import { ResellerActions } from './ResellerActions';
import { DateTimeField } from '../../components/fields';

export type ResellerRecord = ResellerRow;

const activeChoices = [
  { id: 'true', name: 'portal.resellers.yes' },
  { id: 'false', name: 'portal.resellers.no' },
];

const filters = [
  <TextInput key="q" source="q" label="portal.resellers.search" alwaysOn resettable />,
  <SelectInput
    key="is_active"
    source="is_active"
    label="portal.resellers.filter_active"
    choices={activeChoices}
    alwaysOn
  />,
];

const CSV_COLUMNS = ['Name', 'Email', 'Company', 'Promo Code', 'Companies', 'Active', 'Created'] as const;

export const resellerExporter: Exporter<ResellerRecord> = (records) => {
  const rows = records.map((r) => ({
    Name: r.name,
    Email: r.email,
    Company: r.company_name,
    'Promo Code': formatPromoCode(r.url_token),
    Companies: r.companies_count,
    Active: r.is_active ? 'yes' : 'no',
    Created: formatDateTime(r.created_on),
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'resellers');
};

function ListActions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button component={RouterLink} to="/admin/resellers/create" variant="contained" size="small">
        {translate('portal.resellers.create')}
      </Button>
      <ExportButton />
    </TopToolbar>
  );
}

function ActiveCell({ record }: { record: ResellerRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        color={record.is_active ? 'success' : 'default'}
        label={translate(record.is_active ? 'portal.resellers.yes' : 'portal.resellers.no')}
      />
      {record.is_confirmed ? null : (
        <Chip size="small" variant="outlined" label={translate('portal.resellers.invitation_pending')} />
      )}
    </Stack>
  );
}

export function ResellerList() {
  return (
    <PortalList
      title="portal.resellers.title"
      perPage={ADMIN_PAGE_SIZE}
      filters={filters}
      actions={<ListActions />}
      exporter={resellerExporter}
      emptyText="portal.resellers.empty"
    >
      <TextField source="name" />
      <TextField source="email" />
      <TextField source="company_name" />
      <FunctionField<ResellerRecord>
        source="url_token"
        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
        render={(r) => formatPromoCode(r.url_token)}
      />
      <TextField source="companies_count" />
      <FunctionField<ResellerRecord> source="is_active" render={(r) => <ActiveCell record={r} />} />
      <DateTimeField source="created_on" />
      <FunctionField<ResellerRecord>
        label="portal.resellers.actions"
        sortable={false}
        render={() => <ResellerActions />}
      />
    </PortalList>
  );
}

export default ResellerList;
