// /admin/service-provider-details/{uuid}: one provider for the admin: its profile and subscription, the actions
// (each confirmed, each in its change log), links to its change log, payments and invoices, and its certificates
// (with revoke), keys and imports. A provider that cannot be loaded says so.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { AdminProviderDetails } from '../../../contract/admin';
import { formatDateOnly, formatDateTime } from '../../components/dates';
import { Facts } from '../../components/Facts';
import { StatusText } from '../adminShared';
import { fillPath } from '../descriptor';
import { ProviderActions } from './ProviderActions';
import { ProviderRows } from './ProviderRows';

function Profile({ record }: { record: AdminProviderDetails }) {
  const translate = useTranslate();
  const field = (f: string) => translate(`resources.service-providers.fields.${f}`);
  const sub = record.subscription;
  const address = [record.address, record.address2, record.city, `${record.state} ${record.zipcode}`]
    .filter(Boolean)
    .join(', ');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3 }}>
      <section aria-label={translate('portal.admin.details.profile')}>
        <Typography component="h2" variant="h6">
          {translate('portal.admin.details.profile')}
        </Typography>
        <Facts
          rows={[
            [field('ocn'), record.ocn],
            [field('email'), record.email],
            [`${field('first_name')} / ${field('last_name')}`, `${record.first_name} ${record.last_name}`],
            [field('title'), record.title],
            [field('phone_number'), record.phone_number],
            [field('address'), address],
            [field('filer_id'), record.filer_id ?? ''],
            [field('frn_number'), record.frn_number ?? ''],
            [field('created_on'), formatDateTime(record.created_on)],
          ]}
        />
      </section>
      <section aria-label={translate('portal.admin.details.subscription')}>
        <Typography component="h2" variant="h6">
          {translate('portal.admin.details.subscription')}
        </Typography>
        {sub ? (
          <Facts
            rows={[
              [field('status'), sub.status],
              [field('subscription_expired_on'), formatDateOnly(record.subscription_expired_on)],
              [
                translate('portal.admin.details.subscription'),
                translate('portal.admin.details.period', {
                  start: formatDateOnly(sub.current_period_start),
                  end: formatDateOnly(sub.current_period_end),
                }),
              ],
              [
                translate('portal.admin.details.auto_charge'),
                translate(`portal.admin.details.${sub.auto_charge ? 'yes' : 'no'}`),
              ],
            ]}
          />
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

export function ProviderShow() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data, isPending, error, refetch } = useGetOne<AdminProviderDetails>(
    'service-providers',
    { id },
    // a provider that does not exist (404) will not appear on a retry; a network failure may
    { retry: (count, e) => count < 2 && !((e as { status?: number }).status! >= 400) },
  );
  const title = translate('portal.pages.service_provider_details');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {data ? data.company_name : title}
        </Typography>
        {isPending && <LinearProgress aria-label={translate('portal.common.loading')} />}
        {error ? <Alert severity="error">{translate('portal.admin.details.not_found')}</Alert> : null}
        {data && (
          <>
            <Typography sx={{ mb: 2 }}>
              <StatusText status={data.status} />
            </Typography>
            <ProviderActions record={data} onChanged={() => void refetch()} />
            <HistoryLinks id={data.id} />
            <Profile record={data} />
            <ProviderRows
              providerId={data.id}
              part="certificates"
              title="portal.admin.sections.certificates"
            />
            <ProviderRows providerId={data.id} part="private_keys" title="portal.admin.sections.keys" />
            <ProviderRows
              providerId={data.id}
              part="tn/import-history"
              title="portal.admin.sections.imports"
            />
            <ProviderRows providerId={data.id} part="tn/assigned" title="portal.admin.sections.numbers" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default ProviderShow;
