// /reseller/sp: the reseller's companies (company, OCN, email, status, expiry, created), searched, filtered by
// status, sorted and paged by the server, with CSV export; the promo code and the Invite button above the rows.
// A company's name opens its page.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import {
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  downloadCSV,
  useTranslate,
  type Exporter,
} from 'react-admin';
import {
  COMPANY_STATUSES,
  RESELLER_PAGE_SIZE,
  type CompanyStatus,
  type ResellerCompanyRow,
} from '../../../contract/resellers';
import { toCsv } from '../../billing/format';
import { formatDateOnly, formatDateTime } from '../../components/dates';
import { fillPath } from '../descriptor';
import { PortalList } from '../PortalList';
import { PromoCode } from './PromoCode';
import { DateOnlyField, DateTimeField } from '../../components/fields';

export type CompanyRecord = ResellerCompanyRow;

/** One company's page. */
export const COMPANY_PATH = '/reseller/sp/:id';

const STATUS_COLORS: Record<CompanyStatus, 'success' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  past_due: 'warning',
  expired: 'error',
  awaiting_payment: 'default',
  unconfirmed: 'default',
  disabled: 'error',
};

export function CompanyStatusChip({ status }: { status: CompanyStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      label={translate(`portal.reseller_companies.status.${status}`)}
    />
  );
}

const statusChoices = COMPANY_STATUSES.map((id) => ({ id, name: `portal.reseller_companies.status.${id}` }));

const filters = [
  <TextInput key="q" source="q" label="portal.reseller_companies.search" alwaysOn resettable />,
  <SelectInput
    key="status"
    source="status"
    label="portal.reseller_companies.filter_status"
    choices={statusChoices}
    alwaysOn
  />,
];

const CSV_COLUMNS = ['Company', 'OCN', 'Email', 'Status', 'Expiry', 'Created'] as const;

export const companyExporter: Exporter<CompanyRecord> = (records) => {
  const rows = records.map((r) => ({
    Company: r.company_name,
    OCN: r.ocn,
    Email: r.email,
    Status: r.status,
    Expiry: formatDateOnly(r.subscription_expired_on),
    Created: formatDateTime(r.created_on),
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'companies');
};

/** The company's name, linking to its page (its details and payments). */
function CompanyLink({ record }: { record: CompanyRecord }) {
  return (
    <Link component={RouterLink} to={fillPath(COMPANY_PATH, { id: record.id })}>
      {record.company_name}
    </Link>
  );
}

function BeforeRows() {
  const translate = useTranslate();
  return (
    <>
      <PromoCode />
      <Button
        component={RouterLink}
        to="/reseller/sp-invite"
        variant="contained"
        sx={{ mx: 2, mb: 1, alignSelf: 'flex-start' }}
      >
        {translate('portal.reseller_companies.invite')}
      </Button>
    </>
  );
}

export function CompanyList() {
  return (
    <PortalList
      title="portal.reseller_companies.title"
      perPage={RESELLER_PAGE_SIZE}
      filters={filters}
      exporter={companyExporter}
      before={<BeforeRows />}
      emptyText="portal.reseller_companies.empty"
    >
      <FunctionField<CompanyRecord> source="company_name" render={(r) => <CompanyLink record={r} />} />
      <TextField source="ocn" />
      <TextField source="email" />
      <FunctionField<CompanyRecord> source="status" render={(r) => <CompanyStatusChip status={r.status} />} />
      <DateOnlyField source="subscription_expired_on" />
      <DateTimeField source="created_on" />
    </PortalList>
  );
}

export default CompanyList;
