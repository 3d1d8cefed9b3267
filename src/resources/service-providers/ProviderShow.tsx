// /admin/service-provider-details/{uuid}: one provider for the admin on react-admin's <Show>: its profile and
// subscription (labelled fields in <SimpleShowLayout>), the actions (each confirmed, each in its change log), links
// to its change log, payments and invoices, and its certificates (with revoke), keys, imports and numbers, read by
// reference to it (ProviderRows). A provider that cannot be loaded says so in place of the page (docs/web.md).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FunctionField, Show, SimpleShowLayout, TextField, useShowContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminProviderDetails } from '../../../contract/admin';
import { DateOnlyField, DateTimeField, PhoneField } from '../../components/fields';
import { StatusText } from '../adminShared';
import { fillPath } from '../descriptor';
import { ProviderActions } from './ProviderActions';
import { ProviderRows } from './ProviderRows';

const field = (f: string) => `resources.service-providers.fields.${f}`;

const addressOf = (r: AdminProviderDetails) =>
  [r.address, r.address2, r.city, `${r.state} ${r.zipcode}`].filter(Boolean).join(', ');

/** The subscription's current period: its first and last day. */
function PeriodField(_props: { label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      <DateOnlyField source="subscription.current_period_start" />
      <span>–</span>
      <DateOnlyField source="subscription.current_period_end" />
    </Box>
  );
}

function Profile({ record }: { record: AdminProviderDetails }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        gap: 3,
      }}
    >
      <section aria-label={translate('portal.admin.details.profile')}>
        <Typography component="h2" variant="h6">
          {translate('portal.admin.details.profile')}
        </Typography>
        <SimpleShowLayout sx={{ px: 0, overflowWrap: 'anywhere' }}>
          <TextField source="ocn" label={field('ocn')} />
          <TextField source="email" label={field('email')} />
          <FunctionField<AdminProviderDetails>
            label={`${translate(field('first_name'))} / ${translate(field('last_name'))}`}
            render={(r) => `${r.first_name} ${r.last_name}`}
          />
          <TextField source="title" label={field('title')} />
          <PhoneField source="phone_number" label={field('phone_number')} />
          <FunctionField<AdminProviderDetails> label={field('address')} render={addressOf} />
          <TextField source="filer_id" label={field('filer_id')} emptyText="" />
          <TextField source="frn_number" label={field('frn_number')} emptyText="" />
          <DateTimeField source="created_on" label={field('created_on')} />
        </SimpleShowLayout>
      </section>
      <section aria-label={translate('portal.admin.details.subscription')}>
        <Typography component="h2" variant="h6">
          {translate('portal.admin.details.subscription')}
        </Typography>
        {record.subscription ? (
          <SimpleShowLayout sx={{ px: 0 }}>
            <TextField source="subscription.status" label={field('status')} />
            <DateOnlyField source="subscription_expired_on" label={field('subscription_expired_on')} />
            <PeriodField label="portal.admin.details.subscription" />
            <FunctionField<AdminProviderDetails>
              label="portal.admin.details.auto_charge"
              render={(r) => translate(`portal.admin.details.${r.subscription?.auto_charge ? 'yes' : 'no'}`)}
            />
          </SimpleShowLayout>
        ) : (
          <Typography>{translate('portal.admin.details.no_subscription')}</Typography>
        )}
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {translate('portal.admin.details.counts', record.counts)}
        </Typography>
      </section>
    </Box>
  );
}

function HistoryLinks({ id }: { id: string }) {
  const translate = useTranslate();
  const links: [string, string][] = [
    ['portal.admin.details.change_log', fillPath('/admin/subscription-change-log/:uuid', { uuid: id })],
    ['portal.admin.details.payments', fillPath('/admin/payment/:uuid?', { uuid: id })],
    ['portal.admin.details.invoices', fillPath('/admin/invoice/:uuid?', { uuid: id })],
  ];
  return (
    <Box
      component="nav"
      aria-label={translate('portal.admin.details.links')}
      sx={{ display: 'flex', gap: 3, my: 2 }}
    >
      {links.map(([label, to]) => (
        <Link key={to} component={RouterLink} to={to}>
          {translate(label)}
        </Link>
      ))}
    </Box>
  );
}

function ProviderPage() {
  const translate = useTranslate();
  const { record, isPending, refetch } = useShowContext<AdminProviderDetails>();
  return (
    <CardContent>
      <Typography component="h1" variant="h5" gutterBottom>
        {record ? record.company_name : translate('portal.pages.service_provider_details')}
      </Typography>
      {isPending && <LinearProgress aria-label={translate('portal.common.loading')} />}
      {record && (
        <>
          <Typography sx={{ mb: 2 }}>
            <StatusText status={record.status} />
          </Typography>
          <ProviderActions record={record} onChanged={() => void refetch()} />
          <HistoryLinks id={String(record.id)} />
          <Profile record={record} />
          <ProviderRows providerId={String(record.id)} />
        </>
      )}
    </CardContent>
  );
}

function NotFound() {
  const translate = useTranslate();
  return (
    <CardContent>
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('portal.pages.service_provider_details')}
      </Typography>
      <Alert severity="error">{translate('portal.admin.details.not_found')}</Alert>
    </CardContent>
  );
}

export function ProviderShow() {
  const translate = useTranslate();
  return (
    <Show<AdminProviderDetails>
      resource="service-providers"
      title={translate('portal.pages.service_provider_details')}
      actions={false}
      sx={{ mt: 2 }}
      queryOptions={{
        // the failure is on the page, not toasted
        onError: () => undefined,
        // a provider that does not exist (404) will not appear on a retry; a network failure may
        retry: (count: number, e: unknown) => count < 2 && !((e as { status?: number }).status! >= 400),
      }}
      error={<NotFound />}
    >
      <ProviderPage />
    </Show>
  );
}

export default ProviderShow;
