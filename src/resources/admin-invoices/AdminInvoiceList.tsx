// /admin/invoice/{uuid?}: every invoice with its company (one provider's when the path names it), newest first,
// paged, sorted and filtered by the server; each opens its PDF, export writes them as CSV.
import Button from '@mui/material/Button';
import { FunctionField, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { ADMIN_PAGE_SIZE } from '../../../contract/admin';
import type { AdminInvoiceRow } from '../../../contract/wire/admin';
import { amountText } from '../../billing/format';
import { useInvoiceDownload } from '../../billing/useInvoiceDownload';
import { formatDateTime } from '../../components/dates';
import { CompanyLink, csvExporter, useProviderFilter } from '../adminShared';
import { PortalList } from '../PortalList';
import { DateTimeField, MoneyField, StatusField } from '../../components/fields';

/** An invoice row of the list: its wire shape. */
export type AdminInvoiceRecord = AdminInvoiceRow;

const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;

const exporter = csvExporter<AdminInvoiceRecord>(
  [
    ['Time', (r) => formatDateTime(r.created_on)],
    ['Company', (r) => r.company_name],
    ['OCN', (r) => r.ocn],
    ['Invoice Number', (r) => r.invoice_number],
    ['Amount', (r) => amountText(r.amount)],
    ['Status', (r) => r.status],
  ],
  'invoices',
);

const filters = [
  <TextInput key="q" source="q" label="portal.admin.filters.company" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="portal.admin.filters.status"
    choices={INVOICE_STATUSES.map((id) => ({ id, name: `portal.admin.invoice_status.${id}` }))}
    alwaysOn
  />,
];

function DownloadButton({ record }: { record: AdminInvoiceRecord }) {
  const translate = useTranslate();
  const { download, downloading } = useInvoiceDownload();
  return (
    <Button
      size="small"
      disabled={downloading}
      onClick={() => download(record.invoice_path)}
      aria-label={`${translate('portal.admin.actions.download')} ${record.invoice_number}`}
    >
      {translate('portal.admin.actions.download')}
    </Button>
  );
}

export function AdminInvoiceList() {
  return (
    <PortalList
      title="portal.admin.pages.invoices"
      perPage={ADMIN_PAGE_SIZE}
      filter={useProviderFilter()}
      filters={filters}
      exporter={exporter}
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="created_on" />
      <FunctionField<AdminInvoiceRecord>
        source="company_name"
        render={(r) => <CompanyLink id={r.service_provider_uuid} name={r.company_name} />}
      />
      <TextField source="invoice_number" />
      <MoneyField source="amount" />
      <StatusField source="status" texts="portal.admin.invoice_status" />
      <FunctionField<AdminInvoiceRecord>
        source="action"
        sortable={false}
        render={(r) => <DownloadButton record={r} />}
      />
    </PortalList>
  );
}

export default AdminInvoiceList;
