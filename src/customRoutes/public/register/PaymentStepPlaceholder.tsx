// /register/payment?uuid= (SPEC.md §2, step 4): the plan-and-payment step arrives with the billing work.
// Until then this page says so plainly and shows which provider it was opened for.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicLayout } from '../PublicLayout';
import { PUBLIC_PATHS } from '../paths';
import { REGISTRATION_STEPS } from './registrationData';

export function PaymentStepPlaceholder() {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const uuid = searchParams.get('uuid') ?? '';
  const newSubscription = searchParams.has('new_sub');

  return (
    <PublicLayout
      title={translate(newSubscription ? 'portal.payment_step.new_subscription' : 'portal.payment_step.heading')}
      step={newSubscription ? undefined : translate('portal.common.step', { step: REGISTRATION_STEPS, total: REGISTRATION_STEPS })}
    >
      {newSubscription ? null : (
        <Typography variant="body1" sx={{ mb: 2 }}>
          {translate('portal.payment_step.text')}
        </Typography>
      )}
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.payment_step.placeholder')}
      </Alert>
      <Typography variant="body2" sx={{ mb: 3, wordBreak: 'break-all' }} data-testid="payment-uuid">
        {uuid ? translate('portal.payment_step.service_provider', { uuid }) : translate('portal.payment_step.missing_uuid')}
      </Typography>
      <Button component={RouterLink} to={PUBLIC_PATHS.login} variant="contained" fullWidth sx={{ minHeight: 44 }}>
        {translate('portal.payment_step.go_to_login')}
      </Button>
    </PublicLayout>
  );
}

export default PaymentStepPlaceholder;
