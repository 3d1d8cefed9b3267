// Step 4, plan and payment (docs/screens.md, Plan and payment): /register/payment?uuid=…[&new_sub=yes] and,
// signed in, /account/payment (route name account-price-fee). The provider picks month or year (year
// preselected) and is sent, in this same window, to the payment page the server opens for it.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Title, useTranslate } from 'react-admin';
import { LandingNotice } from '../components/LandingNotice';
import { MainButton } from '../components/MainButton';
import { PlanRadios } from './PlanRadios';
import { usePaymentStep } from './usePaymentStep';
import { PublicLayout } from '../customRoutes/public/PublicLayout';
import { REGISTRATION_STEPS } from '../customRoutes/public/register/registrationData';

/** The route names: the public step, and its signed-in twin whose close button logs out. */
export type PaymentStepRoute = 'price-fee' | 'account-price-fee';

export interface PaymentStepProps {
  route?: PaymentStepRoute;
}

export function PaymentStep({ route = 'price-fee' }: PaymentStepProps) {
  const translate = useTranslate();
  const payment = usePaymentStep(route);
  const { newSubscription } = payment;

  const title = translate(
    newSubscription ? 'portal.payment_step.new_subscription' : 'portal.payment_step.heading',
  );
  const step = newSubscription
    ? undefined
    : translate('portal.common.step', { step: REGISTRATION_STEPS, total: REGISTRATION_STEPS });

  const closeButton = (
    <IconButton aria-label={translate('portal.common.close')} onClick={payment.close} size="small">
      <CloseIcon />
    </IconButton>
  );

  if (route === 'account-price-fee') {
    return (
      <Card sx={{ mt: 2, maxWidth: 640 }} component="section" aria-labelledby="payment-step-title">
        <Title title={title} />
        <CardContent>
          <Heading id="payment-step-title" title={title} step={step} action={closeButton} />
          <PaymentStepBody payment={payment} />
        </CardContent>
      </Card>
    );
  }
  return (
    <PublicLayout documentTitle={title}>
      <Heading id="payment-step-title" title={title} step={step} action={closeButton} />
      <PaymentStepBody payment={payment} />
    </PublicLayout>
  );
}

/** The note on what happens next, the plan, the provider paid for, and Pay. */
function PaymentStepBody({ payment }: { payment: ReturnType<typeof usePaymentStep> }) {
  const translate = useTranslate();
  const { uuid, newSubscription, interval, setInterval, saveCard, setSaveCard, inFlight, failed, pay } =
    payment;
  return (
    <>
      {/* back from the payments provider without paying */}
      <LandingNotice sx={{ mb: 2 }} />
      {newSubscription ? null : (
        <Typography variant="body1" sx={{ mb: 2 }}>
          {translate('portal.payment_step.text')}
        </Typography>
      )}
      <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-note">
        <AlertTitle>{translate('portal.payment_step.modal_title')}</AlertTitle>
        <Typography variant="body2">{translate('portal.payment_step.modal_note')}</Typography>
        <Typography variant="body2">{translate('portal.payment_step.modal_steps')}</Typography>
        <Typography variant="body2">{translate('portal.payment_step.modal_plan')}</Typography>
      </Alert>
      <PlanRadios
        label={translate('portal.payment_step.plan_label')}
        value={interval}
        onChange={setInterval}
        disabled={inFlight}
        labels={{
          month: translate('portal.payment_step.month_option'),
          year: translate('portal.payment_step.year_option'),
        }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={saveCard}
            onChange={(event) => setSaveCard(event.target.checked)}
            disabled={inFlight}
            slotProps={{ input: { 'aria-describedby': 'save-card-note' } }}
          />
        }
        label={translate('portal.payment_step.save_card')}
      />
      <Typography variant="body2" color="text.secondary" id="save-card-note" sx={{ mb: 2 }}>
        {translate('portal.payment_step.save_card_note')}
      </Typography>
      {uuid ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2, wordBreak: 'break-all' }}
          data-testid="payment-uuid"
        >
          {translate('portal.payment_step.service_provider', { uuid })}
        </Typography>
      ) : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('portal.payment_step.missing_uuid')}
        </Alert>
      )}
      <MainButton fullWidth loading={inFlight} disabled={failed || !interval || !uuid} onClick={pay}>
        {translate('portal.payment_step.pay')}
      </MainButton>
    </>
  );
}

function Heading({
  id,
  title,
  step,
  action,
}: {
  id: string;
  title: string;
  step?: string;
  action: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h1" id={id} sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {step ? (
        <Typography
          variant="subtitle1"
          color="text.secondary"
          data-testid="step-counter"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {step}
        </Typography>
      ) : null}
      {action}
    </Box>
  );
}

/** /account/payment: the same step for a signed-in provider without a subscription. */
export function AccountPaymentStep() {
  return <PaymentStep route="account-price-fee" />;
}

export default PaymentStep;
