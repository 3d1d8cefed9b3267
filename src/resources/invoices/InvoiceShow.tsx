// /invoice-listing/:id (docs/screens.md, Invoice listing): one invoice on react-admin's <Show>, as labelled
// fields in <SimpleShowLayout>: the provider's company and address, the subscription line (Yearly for a
// 12-month billing cycle, else Monthly; the PDF prints the same line from contract/billing.ts), the period,
// the total, and a Download button. The row comes with the View link's navigation state and is shown at once,
// without a call; opened directly, it is read with getOne, and one that cannot be loaded says so in place of
// the fields (docs/web.md).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { FunctionField, Show, SimpleShowLayout, TextField, useShowContext, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ServiceProviderProfile } from '../../../contract/api';
import { invoiceLine } from '../../../contract/billing';
import { useInvoiceDownload } from '../../billing/useInvoiceDownload';
import { MainButton } from '../../components/MainButton';
import { useProfile } from '../../authProvider/useProfile';
import { DateOnlyField, MoneyField } from '../../components/fields';
import { usePortalPath } from '../usePortalPath';
import type { InvoiceRecord } from './InvoiceList';

/** The provider's address on one line: street, second line, city, state and zip. */
function addressOf(profile: ServiceProviderProfile | undefined): string {
  if (!profile) return '';
  const stateZip = [profile.state, profile.zipcode].filter(Boolean).join(' ');
  return [profile.address, profile.address2, profile.city, stateZip].filter(Boolean).join(', ');
}

function Heading() {
  const translate = useTranslate();
  return (
    <Typography component="h1" variant="h5" id="invoice-title" gutterBottom>
      {translate('portal.billing.invoice_title')}
    </Typography>
  );
}

function DownloadButton({ invoice }: { invoice: InvoiceRecord }) {
  const translate = useTranslate();
  const { download, downloading } = useInvoiceDownload();
  const file =
    invoice.invoice_path || `service_provider/invoices/${encodeURIComponent(String(invoice.id))}/file`;
  return (
    <MainButton
      sx={{ mt: 3 }}
      startIcon={<DownloadIcon />}
      loading={downloading}
      onClick={() => void download(file)}
    >
      {translate('portal.billing.download')}
    </MainButton>
  );
}

function InvoicePage() {
  const translate = useTranslate();
  const { record, isPending } = useShowContext<InvoiceRecord>();
  // read beside the invoice, not after it
  const { data: profile } = useProfile();
  return (
    <CardContent component="section" aria-labelledby="invoice-title">
      <Heading />
      {!record && isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
      {record ? (
        <>
          <SimpleShowLayout sx={{ px: 0, overflowWrap: 'anywhere' }}>
            <FunctionField label="portal.billing.company" render={() => profile?.company_name ?? ''} />
            <TextField source="invoice_number" label="portal.billing.invoice_number" />
            <FunctionField label="portal.billing.address" render={() => addressOf(profile)} />
            <FunctionField<InvoiceRecord>
              label="portal.billing.description"
              render={(r) => invoiceLine(r.billing_cycle_months)}
            />
            <DateOnlyField source="start_billing_cycle" label="portal.billing.start_date" />
            <DateOnlyField source="end_billing_cycle" label="portal.billing.expiry_date" />
            <MoneyField source="amount" label="portal.billing.total" />
          </SimpleShowLayout>
          <DownloadButton invoice={record} />
        </>
      ) : null}
    </CardContent>
  );
}

function NotFound() {
  const translate = useTranslate();
  return (
    <CardContent component="section" aria-labelledby="invoice-title">
      <Heading />
      <Typography color="error" role="alert">
        {translate('portal.billing.invoice_not_found')}
      </Typography>
    </CardContent>
  );
}

export function InvoiceShow() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = usePortalPath();
  const { id = '' } = useParams();
  const fromList = (useLocation().state as { record?: InvoiceRecord } | null)?.record;
  const passed = fromList && String(fromList.id) === id ? fromList : undefined;
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={() => navigate(createPath({ type: 'list' }))}
        sx={{ mb: 2 }}
      >
        {translate('portal.billing.back')}
      </Button>
      <Show<InvoiceRecord>
        resource="invoices"
        id={id}
        title={translate('portal.billing.invoice_title')}
        actions={false}
        sx={{ maxWidth: 720 }}
        // the row that came with the link is the page; no call for it
        queryOptions={{
          onError: () => undefined,
          ...(passed ? { enabled: false, placeholderData: passed } : {}),
        }}
        error={<NotFound />}
      >
        <InvoicePage />
      </Show>
    </Box>
  );
}

export default InvoiceShow;
