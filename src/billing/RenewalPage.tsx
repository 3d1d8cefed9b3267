// /account/renewal (SPEC.md §2, §4): 'Enable Auto Renewal' with the auto-charge toggle (only while the newest
// saved card is valid) and the billing-period toggle, then the card form (add or update).
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useAuthProvider, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SavedCard, ServiceProviderProfile, SubscriptionPlan } from '../../contract/api';
import { expiryText, isCardExpired } from '../../contract/cards';
import { DEFAULT_RECURRING_INTERVAL, MONTHS_PER_INTERVAL, type RecurringInterval } from '../../contract/constants';
import type { PortalAuthProvider } from '../authProvider';
import { CardForm, type CardFormMode } from './CardForm';
import { billingErrorMessage, notifyFailure } from './errors';
import type { PortalDataProvider } from '../dataProvider/types';
import { BackToSummary } from './BackToSummary';
import { PROFILE_QUERY_KEY, useProfile } from '../authProvider/useProfile';

export const CARDS_QUERY_KEY = ['portal', 'payment-cards'] as const;
export const PLAN_QUERY_KEY = ['portal', 'subscription-plan'] as const;

/** SPEC.md §3: the card with the largest `created` is the current card. */
export function newestCard(cards: readonly SavedCard[] | undefined): SavedCard | undefined {
  return (cards ?? []).reduce<SavedCard | undefined>((best, card) => (!best || card.created > best.created ? card : best), undefined);
}

/** SPEC.md §4: yearly is interval year, or month with count 12; otherwise monthly; unknown is year. */
export function periodOfPlan(plan: SubscriptionPlan['plan'] | undefined): RecurringInterval {
  if (!plan) return DEFAULT_RECURRING_INTERVAL;
  if (plan.interval === 'year') return 'year';
  if (plan.interval === 'month' && plan.interval_count === MONTHS_PER_INTERVAL.year) return 'year';
  return 'month';
}

export function RenewalPage() {
  const translate = useTranslate();
  const { data: profile, isPending, error } = useProfile();
  const title = translate('portal.account.auto_renewal');

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <BackToSummary />
      <Card component="section" aria-labelledby="renewal-title">
        <CardContent>
          <Typography component="h1" variant="h5" id="renewal-title" gutterBottom>
            {title}
          </Typography>
          {isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
          {error ? (
            <Typography color="error" role="alert">
              {translate('portal.route_errors.profile_failed', { message: (error as Error).message })}
            </Typography>
          ) : null}
          {profile ? <RenewalContent profile={profile} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}

function RenewalContent({ profile }: { profile: ServiceProviderProfile }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const cards = useQuery({ queryKey: CARDS_QUERY_KEY, queryFn: () => dataProvider.listCards() });
  const current = useMemo(() => newestCard(cards.data?.data), [cards.data]);
  const [chosenMode, setChosenMode] = useState<CardFormMode | null>(null);
  // SPEC.md §4: add when there is no saved card; otherwise what the provider pressed
  const mode: CardFormMode | null = cards.isSuccess && !current ? 'add' : chosenMode;

  return (
    <>
      {profile.subscription_expired_on ? <AutoRenewalSection profile={profile} card={current} cardsLoaded={cards.isSuccess} /> : null}

      <Box component="section" aria-labelledby="card-title" sx={{ mt: 3 }}>
        <Typography component="h2" variant="h6" id="card-title" gutterBottom>
          {translate('portal.billing.card_title')}
        </Typography>
        {cards.isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
        {cards.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {billingErrorMessage(cards.error)}
          </Alert>
        ) : null}
        {current ? (
          <>
            <Typography sx={{ mb: 1 }} data-testid="saved-card">
              {translate('portal.billing.saved_card', {
                last4: current.card.last4,
                expiry: expiryText(current.card.exp_month, current.card.exp_year),
              })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
              <Button variant={mode === 'add' ? 'contained' : 'outlined'} onClick={() => setChosenMode('add')}>
                {translate('portal.billing.add_new_card')}
              </Button>
              <Button variant={mode === 'update' ? 'contained' : 'outlined'} onClick={() => setChosenMode('update')}>
                {translate('portal.billing.update')}
              </Button>
            </Box>
          </>
        ) : cards.isSuccess ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('portal.billing.no_card')}
          </Typography>
        ) : null}
        {mode ? (
          <CardForm
            mode={mode}
            card={mode === 'update' ? current : undefined}
            onSaved={() => {
              setChosenMode(null);
              void cards.refetch();
            }}
          />
        ) : null}
      </Box>
    </>
  );
}

function AutoRenewalSection({ profile, card, cardsLoaded }: { profile: ServiceProviderProfile; card?: SavedCard; cardsLoaded: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const dataProvider = useDataProvider<PortalDataProvider>();

  // SPEC.md §4: the toggle shows only while the newest card has not expired (its expiry month still counts)
  const canAutoCharge = Boolean(card && !isCardExpired(card.card.exp_month, card.card.exp_year, new Date()));
  const [autoCharge, setAutoChargeState] = useState(Boolean(profile.auto_charge));
  const [savingCharge, setSavingCharge] = useState(false);
  const [confirmation, setConfirmation] = useState<boolean | null>(null);

  const plan = useQuery({
    queryKey: PLAN_QUERY_KEY,
    queryFn: () => dataProvider.getPlan(),
    enabled: Boolean(profile.subscription_started_on),
  });
  const [period, setPeriod] = useState<RecurringInterval>(DEFAULT_RECURRING_INTERVAL);
  const [savingPeriod, setSavingPeriod] = useState(false);
  useEffect(() => {
    if (plan.data) setPeriod(periodOfPlan(plan.data.plan));
  }, [plan.data]);

  const toggleAutoCharge = async (next: boolean) => {
    const previous = autoCharge;
    setAutoChargeState(next);
    setSavingCharge(true);
    try {
      await dataProvider.setAutoCharge({ auto_charge: next, service_provider_uuid: profile.service_provider_uuid });
      queryClient.setQueryData<ServiceProviderProfile>(PROFILE_QUERY_KEY, (old) => (old ? { ...old, auto_charge: next } : old));
      authProvider?.invalidateProfile?.();
      setConfirmation(next);
    } catch (error) {
      setAutoChargeState(previous);
      notifyFailure(notify, error);
    } finally {
      setSavingCharge(false);
    }
  };

  const changePeriod = async (next: RecurringInterval | null) => {
    if (!next || next === period) return;
    const previous = period;
    setPeriod(next);
    setSavingPeriod(true);
    try {
      await dataProvider.changePlan(next);
      notify('portal.account.period_changed', { type: 'success' });
      void plan.refetch();
    } catch (error) {
      setPeriod(previous);
      notifyFailure(notify, error);
    } finally {
      setSavingPeriod(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="auto-renewal-title">
      <Typography component="h2" variant="h6" id="auto-renewal-title" gutterBottom>
        {translate('portal.account.enable_auto_renewal')}
      </Typography>
      {canAutoCharge ? (
        <FormControlLabel
          control={
            <Switch
              checked={autoCharge}
              disabled={savingCharge}
              onChange={(event) => void toggleAutoCharge(event.target.checked)}
              slotProps={{ input: { 'aria-label': translate('portal.account.auto_charge') } }}
            />
          }
          label={`${translate('portal.account.auto_charge')}: ${translate(autoCharge ? 'portal.account.enabled' : 'portal.account.disabled')}`}
        />
      ) : cardsLoaded ? (
        <Typography color="text.secondary" data-testid="auto-charge-needs-card">
          {translate('portal.account.auto_charge_needs_card')}
        </Typography>
      ) : null}

      <Box sx={{ mt: 2 }}>
        <Typography id="billing-period-label" color="text.secondary" gutterBottom>
          {translate('portal.account.billing_period')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={period}
          onChange={(_, next: RecurringInterval | null) => void changePeriod(next)}
          aria-labelledby="billing-period-label"
          disabled={!plan.isSuccess || savingPeriod}
          size="small"
        >
          <ToggleButton value="month">{translate('portal.account.period_month')}</ToggleButton>
          <ToggleButton value="year">{translate('portal.account.period_year')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>

      <Dialog open={confirmation !== null} onClose={() => setConfirmation(null)} aria-labelledby="auto-charge-dialog-title">
        <DialogTitle id="auto-charge-dialog-title">
          {translate(confirmation ? 'portal.account.auto_charge_enabled' : 'portal.account.auto_charge_disabled')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(confirmation ? 'portal.account.auto_charge_enabled_text' : 'portal.account.auto_charge_disabled_text')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmation(null)}>{translate('portal.common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export default RenewalPage;
