// /admin/service-provider: every provider, newest first, paged, sorted and filtered by the server: company, OCN or
// email; status; reseller; subscription ending within N days. Each row leads to the provider's details page.
// Export writes the filtered list as CSV.
import Link from '@mui/material/Link';
import { FunctionField, NumberInput, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  ADMIN_PAGE_SIZE,
  EXPIRING_WITHIN_MAX_DAYS,
  PROVIDER_STATUSES,
  type AdminProviderRow,
} from '../../../contract/admin';
import { formatDateOnly, formatDateTime } from '../../components/dates';
import { fillPath } from '../descriptor';
import { DETAILS_PATH, StatusText, csvExporter } from '../adminShared';
import { PortalList } from '../PortalList';
import { useResellerOptions } from './useResellerOptions';
import { DateOnlyField, DateTimeField } from '../../components/fields';

type ProviderRecord = AdminProviderRow;

const exporter = csvExporter<ProviderRecord>(
  [
    ['Company', (r) => r.company_name],
    ['OCN', (r) => r.ocn],
    ['Email', (r) => r.email],
    ['Status', (r) => r.status],
    ['Reseller', (r) => r.reseller_name ?? ''],
    ['Expires On', (r) => formatDateOnly(r.subscription_expired_on)],
    ['Registered On', (r) => formatDateTime(r.created_on)],
  ],
  'service-providers',
);

function useFilters() {
  const translate = useTranslate();
  const resellers = useResellerOptions();
  return [
    <TextInput key="q" source="q" label="portal.admin.filters.search" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="portal.admin.filters.status"
      choices={PROVIDER_STATUSES.map((id) => ({ id, name: translate(`portal.admin.status.${id}`) }))}
      alwaysOn
    />,
    <SelectInput
      key="reseller_id"
      source="reseller_id"
      label="portal.admin.filters.reseller"
      choices={resellers}
      alwaysOn
    />,
    <NumberInput
      key="expiring_within_days"
      source="expiring_within_days"
      label="portal.admin.filters.expiring_within_days"
      min={0}
      max={EXPIRING_WITHIN_MAX_DAYS}
      step={1}
      alwaysOn
      // the label is longer than a number input's natural width: at 1280 px it was cut to "Expiring with…"
      sx={{ minWidth: '14rem' }}
    />,
  ];
}

function DetailsLink({ record }: { record: ProviderRecord }) {
  const translate = useTranslate();
  return (
    <Link
      component={RouterLink}
      to={fillPath(DETAILS_PATH, { id: record.id })}
      aria-label={`${translate('portal.admin.details.view')}: ${record.company_name}`}
    >
      {translate('portal.admin.details.view')}
    </Link>
  );
}

export function ProviderList() {
  return (
    <PortalList
      title="portal.admin.pages.providers"
      perPage={ADMIN_PAGE_SIZE}
      exporter={exporter}
      filters={useFilters()}
      emptyText="portal.common.no_data_found"
    >
      <TextField source="company_name" />
      <TextField source="ocn" />
      <TextField source="email" />
      <FunctionField<ProviderRecord> source="status" render={(r) => <StatusText status={r.status} />} />
      <TextField source="reseller_name" sortable />
      <DateOnlyField source="subscription_expired_on" />
      <DateTimeField source="created_on" />
      <FunctionField<ProviderRecord>
        source="action"
        sortable={false}
        render={(r) => <DetailsLink record={r} />}
      />
    </PortalList>
  );
}

export default ProviderList;
