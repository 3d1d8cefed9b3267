// The settings of 'Enable Auto Renewal' (docs/screens.md, Auto renewal): auto charge, saved at once and
// confirmed in a dialog, and the billing period of the current plan. Each change shows at once and is undone
// when the server refuses it.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useDataProvider, useNotify } from 'react-admin';
import type { ServiceProviderProfile, SubscriptionPlan } from '../../contract/api';
import {
  DEFAULT_RECURRING_INTERVAL,
  MONTHS_PER_INTERVAL,
  type RecurringInterval,
} from '../../contract/constants';
import type { PortalAuthProvider } from '../authProvider';
import { PROFILE_QUERY_KEY } from '../authProvider/useProfile';
import type { PortalDataProvider } from '../dataProvider/types';
import { notifyFailure } from './errors';

export const PLAN_QUERY_KEY = ['portal', 'subscription-plan'] as const;

/** Yearly is interval year, or month with count 12; otherwise monthly; unknown is year. */
export function periodOfPlan(plan: SubscriptionPlan['plan'] | undefined): RecurringInterval {
  if (!plan) return DEFAULT_RECURRING_INTERVAL;
  if (plan.interval === 'year') return 'year';
  if (plan.interval === 'month' && plan.interval_count === MONTHS_PER_INTERVAL.year) return 'year';
  return 'month';
}

/** Auto charge: the switch's state, and after a save which way it went (null once the dialog is closed). */
export function useAutoCharge(profile: ServiceProviderProfile) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [autoCharge, setAutoChargeState] = useState(Boolean(profile.auto_charge));
  const [savingCharge, setSavingCharge] = useState(false);
  const [confirmation, setConfirmation] = useState<boolean | null>(null);

  const toggleAutoCharge = async (next: boolean) => {
    const previous = autoCharge;
    setAutoChargeState(next);
    setSavingCharge(true);
    try {
      await dataProvider.setAutoCharge({
        auto_charge: next,
        service_provider_uuid: profile.service_provider_uuid,
      });
      queryClient.setQueryData<ServiceProviderProfile>(PROFILE_QUERY_KEY, (old) =>
        old ? { ...old, auto_charge: next } : old,
      );
      authProvider?.invalidateProfile?.();
      setConfirmation(next);
    } catch (error) {
      setAutoChargeState(previous);
      notifyFailure(notify, error);
    } finally {
      setSavingCharge(false);
    }
  };

  return {
    autoCharge,
    savingCharge,
    toggleAutoCharge,
    confirmation,
    closeConfirmation: () => setConfirmation(null),
  };
}

/**
 * The billing period, read from the plan of a started subscription and changed through the server once the
 * provider confirms the switch (`pending` is the plan awaiting confirmation; docs/billing.md).
 */
export function useBillingPeriod(profile: ServiceProviderProfile) {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const plan = useQuery({
    queryKey: PLAN_QUERY_KEY,
    queryFn: () => dataProvider.getPlan(),
    enabled: Boolean(profile.subscription_started_on),
  });
  const [period, setPeriod] = useState<RecurringInterval>(DEFAULT_RECURRING_INTERVAL);
  const [savingPeriod, setSavingPeriod] = useState(false);
  const [pending, setPending] = useState<RecurringInterval | null>(null);
  useEffect(() => {
    if (plan.data) setPeriod(periodOfPlan(plan.data.plan));
  }, [plan.data]);

  /** Asks first: the dialog names the plan, the next charge's date and amount. */
  const requestPeriod = (next: RecurringInterval | null) => {
    if (!next || next === period) return;
    setPending(next);
  };

  const confirmPeriod = () => {
    const next = pending;
    setPending(null);
    if (next) void changePeriod(next);
  };

  const changePeriod = async (next: RecurringInterval) => {
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

  return {
    period,
    plan: plan.data,
    pending,
    requestPeriod,
    confirmPeriod,
    cancelPeriod: () => setPending(null),
    disabled: !plan.isSuccess || savingPeriod,
  };
}
