// /reseller/sp/{uuid}: one of the reseller's companies, opened from its companies list, on react-admin's <Show>:
// the company, its contact and subscription as labelled fields (<SimpleShowLayout>), and its payments read by
// reference to it (CompanyPayments). A company that is not the reseller's answers 404 on the server, and an id
// that is no uuid is not asked for: either way the page says it cannot be found (docs/web.md).
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  Title,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isUuid } from '../../../contract/ids';
import type { ResellerCompanyDetails } from '../../../contract/resellers';
import { DateOnlyField, DateTimeField, PhoneField } from '../../components/fields';
import { CompanyStatusChip } from './CompanyList';
import { CompanyPayments } from './CompanyPayments';

export const COMPANY_LIST_PATH = '/reseller/sp';

const TITLE = 'portal.reseller_companies.details.title';

function Heading({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <>
      <Link component={RouterLink} to={COMPANY_LIST_PATH}>
        {translate('portal.reseller_companies.details.back')}
      </Link>
      <Typography component="h1" variant="h5" sx={{ mt: 1 }} gutterBottom>
        {text}
      </Typography>
    </>
  );
}

function NotFound() {
  const translate = useTranslate();
  return (
    <CardContent>
      <Heading text={translate(TITLE)} />
      <Alert severity="error">{translate('portal.reseller_companies.details.not_found')}</Alert>
    </CardContent>
  );
}

function CompanyPage() {
  const translate = useTranslate();
  const { record, isPending } = useShowContext<ResellerCompanyDetails>();
  return (
    <CardContent sx={{ minWidth: 0 }}>
      <Heading text={record ? record.company_name : translate(TITLE)} />
      {isPending && <LinearProgress aria-label={translate('portal.common.loading')} />}
      {record && (
        <>
          <SimpleShowLayout sx={{ px: 0, overflowWrap: 'anywhere' }}>
            <TextField source="company_name" />
            <TextField source="ocn" />
            <TextField source="email" />
            <FunctionField<ResellerCompanyDetails>
              source="first_name"
              label="resources.reseller-companies.fields.contact_name"
              render={(r) => `${r.first_name} ${r.last_name}`.trim()}
            />
            <PhoneField source="phone_number" />
            <FunctionField<ResellerCompanyDetails>
              source="status"
              render={(r) => <CompanyStatusChip status={r.status} />}
            />
            <DateOnlyField source="subscription_expired_on" />
            <DateTimeField source="created_on" />
          </SimpleShowLayout>
          <CompanyPayments />
        </>
      )}
    </CardContent>
  );
}

export function CompanyShow() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  // anything but a uuid names no company (and /reseller/service_provider/invite is the invitations' list)
  if (!isUuid(id)) {
    return (
      <Card sx={{ mt: 2 }}>
        <Title title={translate(TITLE)} />
        <NotFound />
      </Card>
    );
  }
  return (
    <Show<ResellerCompanyDetails>
      resource="reseller-companies"
      id={id}
      title={translate(TITLE)}
      actions={false}
      sx={{ mt: 2, minWidth: 0 }}
      queryOptions={{
        // the failure is on the page, not toasted
        onError: () => undefined,
        // a company that is not the reseller's (404) will not appear on a retry; a network failure may
        retry: (count: number, e: unknown) => count < 2 && !((e as { status?: number }).status! >= 400),
      }}
      error={<NotFound />}
    >
      <CompanyPage />
    </Show>
  );
}

export default CompanyShow;
