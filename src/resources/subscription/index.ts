// The provider's subscription: auto renewal with the card, extend, and the plan step of a
// provider without one. Pages of their own under /account; the calls are PortalDataProvider's.
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

/** Where the guard sends a provider who never had a subscription. */
export const ACCOUNT_PAYMENT_PATH = '/account/payment';

const RenewalPage = preloadable(() => import('../../billing/RenewalPage'));
const ExtendPage = preloadable(() => import('../../billing/ExtendPage'));
const AccountPaymentStep = preloadable(() =>
  import('../../billing/PaymentStep').then((m) => ({ default: m.AccountPaymentStep })),
);

export default defineResource({
  name: 'subscription',
  api: null,
  // the renewal page first: it is what the menu's Auto Renewal opens
  routes: [
    { path: '/account/renewal', page: RenewalPage, action: 'edit' },
    { path: '/account/extend', page: ExtendPage, action: 'extend' },
    { path: ACCOUNT_PAYMENT_PATH, page: AccountPaymentStep, action: 'edit' },
  ],
  menu: { label: 'portal.menu.auto_renewal', parent: 'account', needsSubscriptionExpiry: true },
  texts: 'portal.account',
  views: {},
});
