// The Stripe implementation of PaymentGateway (PAYMENTS=stripe).
// Checkout Sessions take the first payment; Stripe renews subscriptions itself and reports every
// outcome as a signed webhook event, which parseWebhook turns into a PaymentEvent.
// No card number or CVC ever reaches this code: cards arrive as payment-method ids made by Stripe Elements.
// This file puts the parts together over one client: customers and checkouts, cards, subscriptions, events.
import type Stripe from 'stripe';
import type { RecurringInterval } from '../../../../../contract/constants';
import type { Config } from '../../../config';
import type { PaymentGateway } from '../gateway';
import { addCard, listCards, saveCheckoutCard, updateCard } from './cards';
import { createCheckout, ensureCustomer } from './checkouts';
import { createStripeClient } from './client';
import { parseStripeWebhook } from './events';
import { createPriceCatalog } from './prices';
import { changePlan, deferNextCharge, setAutoCharge } from './subscriptions';

export { toSavedCard } from './cards';
export { createStripeClient } from './client';
export {
  invoiceCheckoutId,
  invoicePeriod,
  invoiceSubscription,
  invoiceTransaction,
  mapStripeEvent,
} from './events';
export { LOOKUP_KEYS, PRODUCT_NAME } from './prices';

export interface StripeGateway extends PaymentGateway {
  readonly kind: 'stripe';
  /** The PDF of a Stripe invoice (`invoice.invoice_pdf`), or null while Stripe has none. */
  invoicePdfUrl(invoiceRef: string): Promise<string | null>;
  /** The Stripe price ids of both plans, found or created by lookup key. */
  priceIds(): Promise<Record<RecurringInterval, string>>;
  /**
   * After a paid extension: Stripe's next charge of the subscription moves to `until` (the new expiry),
   * through a trial period without proration, so the customer is not billed for the time already paid.
   */
  deferNextCharge(subscriptionRef: string | null, until: Date): Promise<void>;
}

export function createStripeGateway(config: Config, opts: { client?: Stripe } = {}): StripeGateway {
  const stripe = opts.client ?? createStripeClient(config);
  const webhookSecret = config.stripeWebhookSecret;
  const prices = createPriceCatalog(stripe);

  return {
    kind: 'stripe',
    priceIds: prices.priceIds,
    ensureCustomer: (p) => ensureCustomer(stripe, p),
    createCheckout: (req) => createCheckout(stripe, prices, req),
    async expireCheckout(ref) {
      await stripe.checkout.sessions.expire(ref);
    },
    listCards: (customerRef) => listCards(stripe, customerRef),
    saveCheckoutCard: (customerRef, sessionRef) => saveCheckoutCard(stripe, customerRef, sessionRef),
    addCard: (customerRef, card, billing) => addCard(stripe, customerRef, card, billing),
    updateCard: (customerRef, cardId, update) => updateCard(stripe, customerRef, cardId, update),
    async chargeRenewal() {
      return { status: 'deferred' };
    },
    setAutoCharge: (subscriptionRef, on) => setAutoCharge(stripe, prices, subscriptionRef, on),
    changePlan: (subscriptionRef, interval) => changePlan(stripe, prices, subscriptionRef, interval),
    parseWebhook: (rawBody, headers) => parseStripeWebhook(stripe, webhookSecret, rawBody, headers),
    deferNextCharge: (subscriptionRef, until) => deferNextCharge(stripe, subscriptionRef, until),
    async invoicePdfUrl(invoiceRef) {
      const inv = await stripe.invoices.retrieve(invoiceRef);
      return inv.invoice_pdf ?? null;
    },
  };
}

/** The PDF of a Stripe invoice, for the billing service's invoice download. */
export async function invoicePdfUrl(gateway: PaymentGateway, invoiceRef: string): Promise<string | null> {
  if (gateway.kind !== 'stripe' || !('invoicePdfUrl' in gateway)) return null;
  return (gateway as StripeGateway).invoicePdfUrl(invoiceRef);
}
