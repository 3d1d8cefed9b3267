// /reseller/sp/{uuid}: one of the reseller's companies, opened from its companies list: the company, its contact and
// subscription, and its payments (the reseller's payments filtered to this company, newest first, paged by the
// server). A company that is not the reseller's answers 404 on the server; the page says it cannot be found.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isUuid } from '../../../contract/ids';
import type { ResellerCompanyDetails } from '../../../contract/resellers';
import { Facts } from '../../components/Facts';
import { formatDateOnly, formatDateTime } from '../../components/dates';
import { CompanyStatusChip } from './CompanyList';
import { CompanyPayments } from './CompanyPayments';

export const COMPANY_LIST_PATH = '/reseller/sp';

function Company({ record }: { record: ResellerCompanyDetails }) {
  const translate = useTranslate();
  const field = (f: string) => translate(`resources.reseller-companies.fields.${f}`);
  return (
    <Facts
      rows={[
        [field('company_name'), record.company_name],
        [field('ocn'), record.ocn],
        [field('email'), record.email],
        [field('contact_name'), `${record.first_name} ${record.last_name}`.trim()],
        [field('phone_number'), record.phone_number],
        [field('status'), <CompanyStatusChip key="status" status={record.status} />],
        [field('subscription_expired_on'), formatDateOnly(record.subscription_expired_on) || '—'],
        [field('created_on'), formatDateTime(record.created_on)],
      ]}
    />
  );
}

export function CompanyShow() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  // anything but a uuid names no company (and /reseller/service_provider/invite is the invitations' list)
  const valid = isUuid(id);
  const { data, isPending, error } = useGetOne<ResellerCompanyDetails>(
    'reseller-companies',
    { id },
    // a company that is not the reseller's (404) will not appear on a retry; a network failure may
    { enabled: valid, retry: (count, e) => count < 2 && !((e as { status?: number }).status! >= 400) },
  );
  const title = translate('portal.reseller_companies.details.title');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Link component={RouterLink} to={COMPANY_LIST_PATH}>
          {translate('portal.reseller_companies.details.back')}
        </Link>
        <Typography component="h1" variant="h5" sx={{ mt: 1 }} gutterBottom>
          {data ? data.company_name : title}
        </Typography>
        {valid && isPending && <LinearProgress aria-label={translate('portal.common.loading')} />}
        {!valid || error ? (
          <Alert severity="error">{translate('portal.reseller_companies.details.not_found')}</Alert>
        ) : null}
        {data && (
          <>
            <Company record={data} />
            <Box sx={{ mt: 3 }}>
              <CompanyPayments companyId={data.id} />
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default CompanyShow;
