// The payment step's state (docs/screens.md, Plan and payment): the provider from ?uuid=, a new subscription
// when ?new_sub is there, the chosen plan (year preselected), and the call that opens the payment page in
// this same window. After a failure the step stays disabled: the provider reloads the page to try again.
import { useState } from 'react';
import { useDataProvider, useLogout, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_RECURRING_INTERVAL,
  RECURRING_INTERVAL_COUNT,
  type RecurringInterval,
} from '../../contract/constants';
import type { PortalDataProvider } from '../dataProvider/types';
import { PUBLIC_PATHS } from '../customRoutes/public/paths';
import { notifyFailure } from './errors';
import { goToPaymentPage } from './navigate';
import type { PaymentStepRoute } from './PaymentStep';

export function usePaymentStep(route: PaymentStepRoute) {
  const notify = useNotify();
  const navigate = useNavigate();
  const logout = useLogout();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [searchParams] = useSearchParams();
  const uuid = searchParams.get('uuid') ?? '';
  const newSubscription = searchParams.has('new_sub');
  const [interval, setInterval] = useState<RecurringInterval | ''>(DEFAULT_RECURRING_INTERVAL);
  // Checked by default: the card paid with is kept for automatic renewal (docs/billing.md).
  const [saveCard, setSaveCard] = useState(true);
  const [inFlight, setInFlight] = useState(false);
  // the button stays disabled after a failure (the provider reloads the page to try again)
  const [failed, setFailed] = useState(false);

  const close = () => {
    if (route === 'account-price-fee') void logout();
    else navigate(PUBLIC_PATHS.login);
  };

  const pay = async () => {
    if (!interval || !uuid || inFlight || failed) return;
    setInFlight(true);
    try {
      const answer = await dataProvider.createSubscriptionCheckout({
        recurring_interval: interval,
        recurring_interval_count: RECURRING_INTERVAL_COUNT,
        service_provider_uuid: uuid,
        save_card: saveCard,
      });
      const url = answer?.data?.url;
      if (!url) throw new Error('The payment page address is missing');
      goToPaymentPage(url);
    } catch (error) {
      console.error(error);
      setFailed(true);
      setInFlight(false);
      notifyFailure(notify, error);
    }
  };

  return {
    uuid,
    newSubscription,
    interval,
    setInterval,
    saveCard,
    setSaveCard,
    inFlight,
    failed,
    close,
    pay,
  };
}
