// /admin/delegates (and /reseller/delegates): every provider's STI-SCAs and delegate certificates (a reseller's
// providers' only), newest first, paged, sorted and filtered by the server: provider (company or OCN), kind and
// state. Each row names its provider, its kind, a delegate's customer and number count, its serial, its state as
// the certificates list draws it, its end and creation. Export writes the filtered rows as CSV.
import Link from '@mui/material/Link';
import { FunctionField, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, DELEGATE_LIST_KINDS, type AdminDelegateRow } from '../../../contract/admin';
import { CERTIFICATE_STATES } from '../../../contract/certificates';
import { formatDateTime } from '../../components/dates';
import { CountField, DateTimeField } from '../../components/fields';
import { CompanyLink, csvExporter } from '../adminShared';
import { fillPath } from '../descriptor';
import { PortalList } from '../PortalList';
import { UncoveredAlert } from '../delegates/UncoveredAlert';
import { DelegateStateField, KindField } from './fields';

const KIND_TEXT = { sti_sca: 'STI-SCA', delegate: 'Delegate' } as const;
const STATE_TEXT = {
  current: 'Current',
  replaced: 'Replaced',
  expired: 'Expired',
  revoked: 'Revoked',
  pending: 'Being issued',
  failed: 'Not issued',
} as const;

const exporter = csvExporter<AdminDelegateRow>(
  [
    ['Provider', (r) => r.company_name],
    ['OCN', (r) => r.ocn],
    ['Kind', (r) => KIND_TEXT[r.kind]],
    ['Customer', (r) => r.customer_name ?? ''],
    ['Numbers', (r) => r.number_count ?? ''],
    ['Serial Number', (r) => r.serial_number],
    ['Issued By', (r) => r.sti_sca_serial ?? ''],
    ['Status', (r) => STATE_TEXT[r.status]],
    ['Valid Until', (r) => formatDateTime(r.not_after)],
    ['Created On', (r) => formatDateTime(r.created_on)],
  ],
  'delegate-cas',
);

function useFilters() {
  const translate = useTranslate();
  const t = (key: string) => translate(`portal.delegate_list.${key}`);
  return [
    <TextInput key="q" source="q" label="portal.delegate_list.filters.provider" alwaysOn />,
    <SelectInput
      key="kind"
      source="kind"
      label="portal.delegate_list.filters.kind"
      choices={DELEGATE_LIST_KINDS.map((id) => ({ id, name: t(`kinds.${id}`) }))}
      alwaysOn
    />,
    <SelectInput
      key="status"
      source="status"
      label="portal.delegate_list.filters.status"
      choices={CERTIFICATE_STATES.map((id) => ({ id, name: t(`states.${id}`) }))}
      alwaysOn
    />,
  ];
}

/** The reseller's company page, where the reseller's list links a provider. */
const RESELLER_COMPANY_PATH = '/reseller/sp/:id';

export function DelegateList({ role = 'admin' }: { role?: 'admin' | 'reseller' }) {
  return (
    <PortalList
      title="portal.delegate_list.title"
      perPage={ADMIN_PAGE_SIZE}
      filters={useFilters()}
      exporter={exporter}
      emptyText="portal.common.no_data_found"
      rowTestId="delegate-row"
      before={role === 'admin' ? <UncoveredAlert scope="admin" /> : undefined}
    >
      <FunctionField<AdminDelegateRow>
        source="company_name"
        render={(r) =>
          role === 'admin' ? (
            <CompanyLink id={r.service_provider_uuid} name={r.company_name} />
          ) : (
            <Link
              component={RouterLink}
              to={fillPath(RESELLER_COMPANY_PATH, { id: r.service_provider_uuid })}
            >
              {r.company_name}
            </Link>
          )
        }
      />
      <TextField source="ocn" />
      <KindField source="kind" />
      <TextField source="customer_name" emptyText="" />
      <CountField source="number_count" />
      <TextField source="serial_number" />
      <DelegateStateField source="status" />
      <DateTimeField source="not_after" />
      <DateTimeField source="created_on" />
    </PortalList>
  );
}

export default function AdminDelegateList() {
  return <DelegateList role="admin" />;
}
