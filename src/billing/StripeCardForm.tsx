// The add-card form of Stripe mode (docs/screens.md, Auto renewal): the card number, expiry and security code
// are Stripe Elements, secure fields in Stripe's own frames whose contents this app never sees; the billing
// address uses the same fields and rules as the sandbox form. Stripe turns the card into a payment method and
// only its id, with the address, is posted to POST /api/payment/payment_card. If Stripe.js cannot be loaded
// (offline, blocked) the form says so: there is deliberately no fallback to plain card inputs.
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements } from '@stripe/react-stripe-js';
// types only: the package itself is imported on demand below
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { useTranslate } from 'react-admin';
import { MainButton } from '../components/MainButton';
import { ADDRESS_FIELDS, CardFieldGrid, CardTextFields } from './cardFields';
import { useStripeAddCard, type StripeFieldName } from './useStripeAddCard';

// Stripe.js, loaded once per publishable key

const stripeByKey = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js for this key, loaded once and shared by every form. @stripe/stripe-js is imported here, on demand,
 * because importing it adds Stripe's script to the page: sandbox mode and the other pages must not load it.
 * A failed load is forgotten, so the next attempt (a remount, 'Try again') loads afresh.
 */
export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  const cached = stripeByKey.get(publishableKey);
  if (cached) return cached;
  const promise = import('@stripe/stripe-js')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js not available');
      return stripe;
    });
  stripeByKey.set(publishableKey, promise);
  promise.catch(() => {
    if (stripeByKey.get(publishableKey) === promise) stripeByKey.delete(publishableKey);
  });
  return promise;
}

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

export interface StripeCardFormProps {
  publishableKey: string;
  /** After a successful add: the page reloads the cards. */
  onSaved(): void;
}

export function StripeCardForm({ publishableKey, onSaved }: StripeCardFormProps) {
  const translate = useTranslate();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadStripeOnce(publishableKey).then(
      (stripe) => live && setState({ status: 'ready', stripe }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (state.status === 'failed') {
    return (
      <Alert
        severity="error"
        data-testid="stripe-unavailable"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {translate('portal.billing.secure_form_retry')}
          </Button>
        }
      >
        {translate('portal.billing.secure_form_unavailable')}
      </Alert>
    );
  }
  if (state.status === 'loading') {
    return (
      <Box data-testid="stripe-loading">
        <LinearProgress aria-label={translate('portal.billing.secure_form_loading')} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('portal.billing.secure_form_loading')}
        </Typography>
      </Box>
    );
  }
  return (
    <Elements stripe={state.stripe}>
      <StripeAddCardForm onSaved={onSaved} />
    </Elements>
  );
}

// the form inside <Elements>

/** The look of the Elements' own text, from the MUI theme (the frames cannot read the page's CSS). */
function useElementOptions(): StripeCardElementOptions {
  const theme = useTheme();
  return useMemo(
    () => ({
      style: {
        base: {
          color: theme.palette.text.primary,
          fontFamily: theme.typography.fontFamily,
          fontSize: '16px',
          '::placeholder': { color: theme.palette.text.disabled },
        },
        invalid: { color: theme.palette.error.main, iconColor: theme.palette.error.main },
      },
    }),
    [theme],
  );
}

function StripeAddCardForm({ onSaved }: { onSaved(): void }) {
  const translate = useTranslate();
  const options = useElementOptions();
  const idBase = useId();
  const ids: Record<StripeFieldName, string> = {
    number: `${idBase}-card-number`,
    expiry: `${idBase}-card-expiry`,
    cvc: `${idBase}-card-cvc`,
  };
  const { control, fields, track, focus, saving, formError, canSubmit, submit } = useStripeAddCard(onSaved);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={translate('portal.billing.add_card')}
      data-testid="stripe-card-form"
    >
      <CardFieldGrid>
        <StripeField
          id={ids.number}
          label={translate('portal.billing.card_number')}
          error={fields.number.error}
          onLabelClick={focus('number')}
        >
          <CardNumberElement
            id={ids.number}
            options={{ ...options, showIcon: true }}
            onChange={track('number')}
          />
        </StripeField>
        <StripeField
          id={ids.expiry}
          label={translate('portal.billing.exp_date')}
          error={fields.expiry.error}
          onLabelClick={focus('expiry')}
        >
          <CardExpiryElement id={ids.expiry} options={options} onChange={track('expiry')} />
        </StripeField>
        <StripeField
          id={ids.cvc}
          label={translate('portal.billing.cvc')}
          error={fields.cvc.error}
          onLabelClick={focus('cvc')}
        >
          <CardCvcElement id={ids.cvc} options={options} onChange={track('cvc')} />
        </StripeField>
        <CardTextFields control={control} specs={ADDRESS_FIELDS} />
      </CardFieldGrid>
      {formError ? (
        <Alert severity="error" role="alert" data-testid="stripe-card-error" sx={{ mt: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
        <MainButton type="submit" loading={saving} disabled={!canSubmit}>
          {translate('portal.billing.add_card')}
        </MainButton>
      </Box>
    </Box>
  );
}

/** A visible label tied to the Element's container by id, the Element in a TextField-like box, Stripe's error under it. */
function StripeField({
  id,
  label,
  error,
  onLabelClick,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  onLabelClick(): void;
  children: ReactNode;
}) {
  return (
    <FormControl margin="dense" fullWidth required error={Boolean(error)}>
      <FormLabel
        htmlFor={id}
        id={`${id}-label`}
        onClick={onLabelClick}
        sx={{ mb: 0.5, fontSize: '0.875rem' }}
      >
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'action.disabled',
          borderRadius: 1,
          px: 1.75,
          py: 2,
          '&:hover': { borderColor: error ? 'error.main' : 'text.primary' },
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        {children}
      </Box>
      <FormHelperText id={`${id}-error`} aria-live="polite">
        {error ?? ' '}
      </FormHelperText>
    </FormControl>
  );
}
