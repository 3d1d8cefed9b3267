// Checkouts: the payment pages of a new subscription, an extension or a past-due period, opened at the payments
// provider for a row recorded first. Paying one is a payment event (paymentEvents.ts).
import { MONTHS_PER_INTERVAL, type RecurringInterval } from '../../../contract/constants';
import { withNotice, type LandingNotice } from '../../../contract/notices';
import type { Queryable } from '../db';
import { HttpError } from '../http/errors';
import type { CheckoutPurpose } from '../integrations/payments/gateway';
import { customerRefOf, providerOr404 } from './customers';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES, DAY_MS, addMonths, invoiceDescription, periodsOf, priceOf } from './plans';
import * as store from './store';

/** An open payment page older than this is closed by the renewal sweep (the sandbox page then answers 410). */
export const CHECKOUT_MAX_AGE_MS = DAY_MS;

export interface CheckoutPageData {
  id: string;
  purpose: CheckoutPurpose;
  amount: number;
  description: string;
  status: store.CheckoutRow['status'];
  company_name: string;
  /** The payer asked to keep the card for automatic renewal: the page saves it (docs/billing.md). */
  save_card: boolean;
  /** The provider's customer the card is saved for. */
  customer_ref: string | null;
  /** Where the page sends the payer back, paid or not (the addresses a real provider is given). */
  success_url: string;
  cancel_url: string;
}

/**
 * Where the payments provider sends the user back, with the notice the landing page shows (contract/notices.ts).
 * A new subscription and a past-due period are paid by someone who cannot sign in yet, so they land on /login;
 * an extension is paid from the signed-in account summary and lands there.
 */
function returnUrls(deps: BillingDeps, purpose: CheckoutPurpose, spId: string) {
  const base = deps.config.publicUrl;
  const back = (path: string, notice: LandingNotice) => `${base}${withNotice(path, notice)}`;
  switch (purpose) {
    case 'subscription':
      return {
        successUrl: back('/login', 'subscription_paid'),
        cancelUrl: back(`/register/payment?uuid=${spId}`, 'payment_cancelled'),
      };
    case 'past_due':
      return { successUrl: back('/login', 'past_due_paid'), cancelUrl: back('/login', 'payment_cancelled') };
    default:
      return {
        successUrl: back('/account/summary', 'extension_paid'),
        cancelUrl: back('/account/summary', 'payment_cancelled'),
      };
  }
}

const backAddresses = (urls: ReturnType<typeof returnUrls>) => ({
  success_url: urls.successUrl,
  cancel_url: urls.cancelUrl,
});

/** Opens a checkout at the provider for a row already inserted in `q`; answers its page. */
async function openSession(
  deps: BillingDeps,
  q: Queryable,
  checkout: store.CheckoutRow,
  customerRef: string,
): Promise<string> {
  const periods = periodsOf(checkout);
  let session;
  try {
    session = await deps.payments.createCheckout({
      checkoutId: checkout.id,
      purpose: checkout.purpose,
      interval: checkout.recurring_interval,
      periods,
      amount: checkout.amount,
      description: invoiceDescription(checkout.purpose, checkout.recurring_interval, periods),
      customerRef,
      saveCard: checkout.save_card,
      ...returnUrls(deps, checkout.purpose, checkout.service_provider_id),
    });
  } catch (err) {
    deps.log.error({ err, checkoutId: checkout.id }, 'the payment provider refused the checkout');
    throw new HttpError(502, BILLING_MESSAGES.providerDown);
  }
  await store.setCheckoutSession(q, checkout.id, session.ref, session.url, session.expiresAt ?? null);
  return session.url;
}

/**
 * An open checkout for the same purpose, if any: the same plan and amount answers its page (a double submit, a
 * second tab: one page, one payment); another plan or count closes it, at the provider too, before a new page
 * is opened.
 */
async function reuseOpenCheckout(
  deps: BillingDeps,
  tx: Queryable,
  spId: string,
  purpose: CheckoutPurpose,
  want: { interval: RecurringInterval; amount: number; saveCard: boolean },
): Promise<string | null> {
  const open = await store.openCheckoutFor(tx, spId, purpose, deps.now(), CHECKOUT_MAX_AGE_MS);
  if (!open) return null;
  const same =
    open.recurring_interval === want.interval &&
    Number(open.amount) === want.amount &&
    open.save_card === want.saveCard;
  if (same && open.url) return open.url;
  if (open.provider_ref && deps.payments.expireCheckout) {
    try {
      await deps.payments.expireCheckout(open.provider_ref);
    } catch (err) {
      deps.log.warn({ err, checkoutId: open.id }, 'an open checkout could not be closed at the provider');
      throw new HttpError(409, BILLING_MESSAGES.checkoutInProgress);
    }
  }
  await store.expireCheckout(tx, open.id);
  return null;
}

/**
 * A new checkout of a subscription or an extension (or the one already open for it); answers its page. It
 * charges `periods` × the period's price (only an extension pays more than one period).
 */
export async function newCheckout(
  deps: BillingDeps,
  provider: store.ProviderRow,
  purpose: CheckoutPurpose,
  interval: RecurringInterval,
  subscriptionId: string | null,
  periods = 1,
  saveCard = false,
): Promise<string> {
  const customerRef = await customerRefOf(deps, provider);
  const amount = priceOf(interval) * periods;
  return deps.db.transaction(async (tx) => {
    // Under the provider's lock: at most one open checkout per purpose, whichever server takes the request.
    await store.lockProvider(tx, provider.id);
    const open = await reuseOpenCheckout(deps, tx, provider.id, purpose, { interval, amount, saveCard });
    if (open) return open;
    const checkout = await store.insertCheckout(tx, {
      spId: provider.id,
      subscriptionId,
      purpose,
      interval,
      amount,
      saveCard,
      now: deps.now(),
    });
    return openSession(deps, tx, checkout, customerRef);
  });
}

/** POST /api/payment/subscription (public): the registration's (or a new subscription's) payment page. */
export async function startSubscription(
  deps: BillingDeps,
  input: { recurring_interval: RecurringInterval; service_provider_uuid: string; save_card?: boolean },
) {
  const provider = await providerOr404(deps, input.service_provider_uuid);
  if (await store.isActive(deps.db, provider.id)) throw new HttpError(422, BILLING_MESSAGES.alreadyActive);
  const url = await newCheckout(
    deps,
    provider,
    'subscription',
    input.recurring_interval,
    null,
    1,
    input.save_card ?? false,
  );
  return { data: { url } };
}

/** GET /api/payment/old_subscription_invoice (public): the page that pays the open past-due period. */
export async function pastDueCheckout(
  deps: BillingDeps,
  serviceProviderUuid: string,
): Promise<{ url: string }> {
  const provider = await providerOr404(deps, serviceProviderUuid);
  const existing = await store.openPastDueUrl(deps.db, provider.id);
  if (existing) return { url: existing };
  const current = await store.currentSubscription(deps.db, provider.id);
  if (!current || current.status !== 'past_due') throw new HttpError(422, BILLING_MESSAGES.notPastDue);
  const customerRef = await customerRefOf(deps, provider);
  const url = await deps.db.transaction(async (tx) => {
    await store.lockProvider(tx, provider.id);
    const sub = await store.subscriptionById(tx, current.id);
    if (!sub || sub.status !== 'past_due') throw new HttpError(422, BILLING_MESSAGES.notPastDue);
    // Under the subscription's lock: concurrent calls get the same invoice and page.
    const open = await store.openPastDueUrl(tx, provider.id);
    if (open) return open;
    return openPastDueInvoice(deps, tx, sub, customerRef);
  });
  return { url };
}

/** The open invoice of the past-due period and the checkout that pays it. */
async function openPastDueInvoice(
  deps: BillingDeps,
  tx: Queryable,
  sub: store.SubscriptionRow,
  customerRef: string,
): Promise<string> {
  const now = deps.now();
  const months = MONTHS_PER_INTERVAL[sub.recurring_interval];
  const start = new Date(sub.current_period_end);
  const invoice = await store.insertInvoice(tx, {
    spId: sub.service_provider_id,
    subscriptionId: sub.id,
    amount: priceOf(sub.recurring_interval),
    status: 'open',
    description: invoiceDescription('past_due', sub.recurring_interval),
    start,
    end: addMonths(start, months),
    months,
    transactionId: null,
    now,
  });
  const checkout = await store.insertCheckout(tx, {
    spId: sub.service_provider_id,
    subscriptionId: sub.id,
    purpose: 'past_due',
    interval: sub.recurring_interval,
    amount: priceOf(sub.recurring_interval),
    invoiceId: invoice.id,
    now,
  });
  return openSession(deps, tx, checkout, customerRef);
}

/**
 * The sign-in seam: the pay page of the invoice the portal made for a past-due provider, if any. (The
 * provider's own page of its failed invoice is answered by GET old_subscription_invoice.)
 */
export function pastDueInvoiceUrl(deps: Pick<BillingDeps, 'db'>, spId: string): Promise<string | null> {
  return store.openPastDueUrl(deps.db, spId, true);
}

/** Closes payment pages left open (the renewal sweep); answers how many. */
export async function expireCheckouts(deps: BillingDeps, now: Date = deps.now()): Promise<number> {
  const ids = await deps.db.transaction((tx) => store.expireOpenCheckouts(tx, now, CHECKOUT_MAX_AGE_MS));
  if (ids.length) deps.log.info({ count: ids.length }, 'closed payment pages left open');
  return ids.length;
}

/** What the sandbox's checkout page shows (by a UUID its params schema checked); null for an unknown page. */
export async function checkoutPage(deps: BillingDeps, id: string): Promise<CheckoutPageData | null> {
  const c = await store.checkoutById(deps.db, id);
  if (!c) return null;
  const provider = await store.findProvider(deps.db, c.service_provider_id);
  return {
    id: c.id,
    purpose: c.purpose,
    amount: c.amount,
    description: invoiceDescription(c.purpose, c.recurring_interval, periodsOf(c)),
    status: c.status,
    company_name: provider?.company_name ?? '',
    save_card: c.save_card,
    customer_ref: provider?.payment_customer_ref ?? null,
    ...backAddresses(returnUrls(deps, c.purpose, c.service_provider_id)),
  };
}
