// /invoice-listing/:id (SPEC.md §2): one invoice with the provider's company and address, the subscription
// line (Yearly for a 12-month billing cycle, else Monthly; the PDF prints the same line from contract/billing.ts),
// the period, the total and a Download button.
// The row comes with the View link's navigation state; opened directly, it is read with getOne.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import type { ReactNode } from 'react';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ServiceProviderProfile } from '../../../contract/api';
import { invoiceLine } from '../../../contract/billing';
import { dollarsText } from '../../billing/format';
import { useInvoiceDownload } from '../../billing/useInvoiceDownload';
import { MainButton } from '../../components/MainButton';
import { useProfile } from '../../authProvider/useProfile';
import { formatDateOnly } from '../../components/dates';
import { usePortalPath } from '../usePortalPath';
import type { InvoiceRecord } from './InvoiceList';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The provider's address on one line: street, second line, city, state and zip. */
function addressOf(profile: ServiceProviderProfile | undefined): string {
  if (!profile) return '';
  const stateZip = [profile.state, profile.zipcode].filter(Boolean).join(' ');
  return [profile.address, profile.address2, profile.city, stateZip].filter(Boolean).join(', ');
}

function InvoiceDetails({ invoice, profile }: { invoice: InvoiceRecord; profile?: ServiceProviderProfile }) {
  const translate = useTranslate();
  const { download, downloading } = useInvoiceDownload();
  const file =
    invoice.invoice_path || `service_provider/invoices/${encodeURIComponent(String(invoice.id))}/file`;
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
          columnGap: 4,
          rowGap: 1.5,
          m: 0,
        }}
      >
        <Row label={translate('portal.billing.company')}>{profile?.company_name ?? ''}</Row>
        <Row label={translate('portal.billing.invoice_number')}>{invoice.invoice_number}</Row>
        <Row label={translate('portal.billing.address')}>{addressOf(profile)}</Row>
        <Row label={translate('portal.billing.description')}>{invoiceLine(invoice.billing_cycle_months)}</Row>
        <Row label={translate('portal.billing.start_date')}>
          {formatDateOnly(invoice.start_billing_cycle)}
        </Row>
        <Row label={translate('portal.billing.expiry_date')}>{formatDateOnly(invoice.end_billing_cycle)}</Row>
        <Row label={translate('portal.billing.total')}>{dollarsText(invoice.amount)}</Row>
      </Box>
      <MainButton
        sx={{ mt: 3 }}
        startIcon={<DownloadIcon />}
        loading={downloading}
        onClick={() => void download(file)}
      >
        {translate('portal.billing.download')}
      </MainButton>
    </>
  );
}

export function InvoiceShow() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = usePortalPath();
  const { id = '' } = useParams();
  const fromList = (useLocation().state as { record?: InvoiceRecord } | null)?.record;
  const passed = fromList && String(fromList.id) === id ? fromList : undefined;
  const fetched = useGetOne<InvoiceRecord>('invoices', { id }, { enabled: !passed && Boolean(id) });
  const invoice = passed ?? fetched.data;
  // read beside the invoice, not after it
  const { data: profile } = useProfile();
  const title = translate('portal.billing.invoice_title');

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={() => navigate(createPath({ type: 'list' }))}
        sx={{ mb: 2 }}
      >
        {translate('portal.billing.back')}
      </Button>
      <Card component="section" aria-labelledby="invoice-title" sx={{ maxWidth: 720 }}>
        <CardContent>
          <Typography component="h1" variant="h5" id="invoice-title" gutterBottom>
            {title}
          </Typography>
          {!invoice && fetched.isPending ? (
            <LinearProgress aria-label={translate('portal.common.loading')} />
          ) : null}
          {!invoice && fetched.error ? (
            <Typography color="error" role="alert">
              {translate('portal.billing.invoice_not_found')}
            </Typography>
          ) : null}
          {invoice ? <InvoiceDetails invoice={invoice} profile={profile} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}

export default InvoiceShow;
