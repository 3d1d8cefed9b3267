// The two events that bring money in: a checkout paid (a new subscription, an extension, a past-due period) and
// a provider's invoice paid (a renewal). Each runs in the event's transaction, under the provider's lock, and
// records the payment, its gap-free invoice and the moved period once, whatever order events arrive in.
import { randomBytes } from 'node:crypto';
import { MONTHS_PER_INTERVAL } from '../../../contract/constants';
import { isUuid } from '../../../contract/ids';
import type { Queryable } from '../db';
import type { PaymentEvent } from '../integrations/payments/gateway';
import type { BillingDeps } from './deps';
import { queueInvoiceDocuments } from './invoices';
import { DAY_MS, addMonths, invoiceDescription, iso, later, periodsOf } from './plans';
import * as store from './store';
import { lockedSubscriptionByRef, moveSubscriptionPeriod } from './subscriptions';

/** One event's transaction: its clock, and the work (mail, jobs) that waits until it commits. */
export interface EventScope {
  deps: BillingDeps;
  tx: Queryable;
  now: Date;
  after: Array<() => Promise<void>>;
}

export type EventOf<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>;

interface PaidPeriod {
  sub: store.SubscriptionRow;
  start: Date;
  end: Date;
}

export async function onCheckoutPaid(s: EventScope, e: EventOf<'checkout.paid'>): Promise<void> {
  const { deps, tx } = s;
  const peek = await store.checkoutByRef(tx, e.checkoutRef);
  if (!peek) {
    deps.log.warn({ checkoutRef: e.checkoutRef, eventId: e.id }, 'payment for an unknown checkout');
    return;
  }
  await store.lockProvider(tx, peek.service_provider_id);
  const checkout = (await store.lockCheckoutByRef(tx, e.checkoutRef)) as store.CheckoutRow;
  // Paid before: another delivery of the event, or a second click on the pay button. An expired page paid at
  // the provider just before it closed is still money received: it counts.
  if (checkout.status === 'paid' || checkout.status === 'failed') return;
  if (await store.paymentExists(tx, e.transactionId)) return;
  if (Math.abs(e.amount - checkout.amount) > 0.005) {
    deps.log.warn(
      { checkoutId: checkout.id, expected: checkout.amount, got: e.amount },
      'checkout paid with another amount',
    );
  }
  const period = await periodPaidBy(s, checkout, e);
  if (period) await recordCheckoutPayment(s, checkout, period, e.transactionId);
  if (checkout.save_card && checkout.provider_ref) await keepCheckoutCard(s, checkout);
}

/**
 * The card a checkout was paid with becomes the provider's saved card where the payments provider needs to be
 * told (Stripe); the sandbox's page saved it already. A failure is logged: the payment stands.
 */
async function keepCheckoutCard(s: EventScope, checkout: store.CheckoutRow): Promise<void> {
  const { deps } = s;
  const save = deps.payments.saveCheckoutCard?.bind(deps.payments);
  if (!save) return;
  const provider = await store.findProvider(s.tx, checkout.service_provider_id);
  const customerRef = provider?.payment_customer_ref;
  const checkoutRef = checkout.provider_ref as string;
  if (!customerRef) return;
  s.after.push(async () => {
    try {
      await save(customerRef, checkoutRef);
    } catch (err) {
      deps.log.error({ err, checkoutId: checkout.id }, 'could not keep the card of a paid checkout');
    }
  });
}

/** The period a checkout pays: a new subscription, or the current one moved on. */
async function periodPaidBy(
  s: EventScope,
  checkout: store.CheckoutRow,
  e: EventOf<'checkout.paid'>,
): Promise<PaidPeriod | null> {
  const sub = await store.currentSubscription(s.tx, checkout.service_provider_id, true);
  const runs = sub && sub.status === 'active' && new Date(sub.current_period_end) > s.now;
  if (checkout.purpose === 'subscription' && !runs) return startPaidSubscription(s, checkout, e);
  if (sub) return extendPaidSubscription(s, checkout, sub);
  s.deps.log.error({ checkoutId: checkout.id }, 'extension paid without a subscription');
  return null;
}

/** A new subscription from now; subscriptions left past due are closed: one standing per provider. */
async function startPaidSubscription(
  s: EventScope,
  checkout: store.CheckoutRow,
  e: EventOf<'checkout.paid'>,
): Promise<PaidPeriod> {
  const { tx, now } = s;
  const spId = checkout.service_provider_id;
  const interval = checkout.recurring_interval;
  for (const old of await store.pastDueSubscriptions(tx, spId)) {
    await moveSubscriptionPeriod(tx, old, { status: 'canceled', canceledOn: now }, { actor: 'system', now });
    await store.closePastDue(tx, old.id, null);
  }
  const start = now;
  const end = addMonths(now, MONTHS_PER_INTERVAL[interval]);
  const sub = await store.insertSubscription(tx, {
    spId,
    interval,
    start,
    end,
    providerRef: e.subscriptionRef ?? `sub_${randomBytes(12).toString('hex')}`,
    // A provider-side recurring subscription renews by itself; a sandbox one once a card is saved and it is on
    // (at once when the card paid with was kept for it).
    autoCharge: Boolean(e.subscriptionRef) || checkout.save_card,
    now,
  });
  await store.logChange(tx, {
    spId,
    subscriptionId: sub.id,
    actor: 'payment',
    change: 'subscription started',
    from: null,
    to: `${interval} until ${iso(end)}`,
    now,
  });
  return { sub, start, end };
}

/**
 * An extension (of as many periods as it paid for), a past-due payment, or a second registration payment of a
 * provider that is already active.
 */
async function extendPaidSubscription(
  s: EventScope,
  checkout: store.CheckoutRow,
  sub: store.SubscriptionRow,
): Promise<PaidPeriod> {
  const { deps, tx, now } = s;
  const start = later(now, new Date(sub.current_period_end));
  const end = addMonths(start, MONTHS_PER_INTERVAL[checkout.recurring_interval] * periodsOf(checkout));
  await moveSubscriptionPeriod(tx, sub, { status: 'active', end }, { actor: 'payment', now });
  await store.closePastDue(tx, sub.id, checkout.invoice_id);
  // A provider that renews by itself (Stripe) must not bill the period just paid once more.
  const ref = sub.provider_ref;
  if (checkout.purpose === 'extension' && ref && deps.payments.deferNextCharge) {
    s.after.push(() => deferNextCharge(deps, ref, end, sub.service_provider_id));
  }
  return { sub, start, end };
}

/**
 * A payments provider that renews by itself (Stripe) is told not to charge before `until`; a failure is logged and
 * the period recorded here stands. After a paid extension, and after an end the admin sets.
 */
export async function deferNextCharge(deps: BillingDeps, subscriptionRef: string, until: Date, spId: string) {
  try {
    await deps.payments.deferNextCharge?.(subscriptionRef, until);
  } catch (err) {
    // The period is paid and recorded; the provider's next charge date is set again by the next extension.
    deps.log.error(
      { err, subscriptionRef, serviceProviderId: spId },
      'could not move the next provider charge',
    );
  }
}

/**
 * The checkout's invoice (its open one, or a new one), the checkout paid, the payment; then the receipt. The
 * invoice covers every period paid (start to end) at the amount charged; its billing cycle stays the plan's.
 */
async function recordCheckoutPayment(
  s: EventScope,
  checkout: store.CheckoutRow,
  { sub, start, end }: PaidPeriod,
  transactionId: string,
): Promise<void> {
  const { tx, now } = s;
  const spId = checkout.service_provider_id;
  const interval = checkout.recurring_interval;
  const invoice =
    (checkout.invoice_id &&
      (await store.payInvoice(tx, checkout.invoice_id, { start, end, transactionId, now }))) ||
    (await store.insertInvoice(tx, {
      spId,
      subscriptionId: sub.id,
      amount: checkout.amount,
      status: 'paid',
      description: invoiceDescription(checkout.purpose, interval, periodsOf(checkout)),
      start,
      end,
      months: MONTHS_PER_INTERVAL[interval],
      transactionId,
      now,
    }));
  await store.markCheckoutPaid(tx, checkout.id, invoice.id, now);
  await store.insertPayment(tx, {
    spId,
    subscriptionId: sub.id,
    invoiceId: invoice.id,
    checkoutId: checkout.id,
    amount: checkout.amount,
    transactionId,
    now,
  });
  s.after.push(() => queueInvoiceDocuments(s.deps, invoice.id));
}

export async function onInvoicePaid(s: EventScope, e: EventOf<'invoice.paid'>): Promise<void> {
  if (await paidThroughCheckout(s, e)) return;
  const sub = await lockedSubscriptionByRef(s.tx, e.subscriptionRef);
  if (!sub) {
    s.deps.log.warn(
      { subscriptionRef: e.subscriptionRef, eventId: e.id },
      'invoice paid for an unknown subscription',
    );
    return;
  }
  const start = new Date(e.periodStart);
  const end = new Date(e.periodEnd);
  // A zero invoice (a trial, a period a paid extension already covers) is no payment.
  if (!(e.amount > 0)) return;
  if (await alreadyRecorded(s.tx, e, sub.id, start, end)) return;
  await recordRenewalPayment(s, e, sub, start, end);
  // Only a later period moves the subscription: events may arrive in any order.
  if (end > new Date(sub.current_period_end)) {
    const status = end > s.now ? 'active' : sub.status;
    await moveSubscriptionPeriod(s.tx, sub, { status, start, end }, { actor: 'payment', now: s.now });
    if (status === 'active') await store.closePastDue(s.tx, sub.id, null);
  }
}

/**
 * The first invoice of a subscription a checkout of ours started, before (or instead of) the checkout's event:
 * it pays that checkout, once, by the same path. False when the invoice is not such a one.
 */
async function paidThroughCheckout(s: EventScope, e: EventOf<'invoice.paid'>): Promise<boolean> {
  if (!e.checkoutId || !isUuid(e.checkoutId)) return false;
  const checkout = await store.checkoutById(s.tx, e.checkoutId);
  if (!checkout || checkout.purpose !== 'subscription' || !checkout.provider_ref) return false;
  if (checkout.status !== 'open' && checkout.status !== 'expired') return false;
  await onCheckoutPaid(s, {
    id: e.id,
    type: 'checkout.paid',
    checkoutRef: checkout.provider_ref,
    // What the checkout's own event names the payment by (Stripe: the first invoice).
    transactionId: e.invoiceRef ?? e.transactionId,
    amount: e.amount,
    subscriptionRef: e.subscriptionRef,
  });
  return true;
}

async function alreadyRecorded(
  tx: Queryable,
  e: EventOf<'invoice.paid'>,
  subscriptionId: string,
  start: Date,
  end: Date,
): Promise<boolean> {
  // Recorded before (the checkout that started it, an earlier delivery): nothing changes.
  if (await store.paymentExists(tx, e.transactionId)) return true;
  // A provider's first invoice is the checkout that started the subscription (Stripe names it by invoice id).
  if (e.invoiceRef && (await store.paymentExists(tx, e.invoiceRef))) return true;
  if (e.invoiceRef && (await store.invoiceByProviderRefExists(tx, e.invoiceRef))) return true;
  return store.periodInvoiced(tx, subscriptionId, start, end);
}

/** The renewal's invoice and payment; then the receipt. */
async function recordRenewalPayment(
  s: EventScope,
  e: EventOf<'invoice.paid'>,
  sub: store.SubscriptionRow,
  start: Date,
  end: Date,
): Promise<void> {
  const { tx, now } = s;
  const spId = sub.service_provider_id;
  const months = end.getTime() - start.getTime() > 40 * DAY_MS ? 12 : 1;
  const invoice = await store.insertInvoice(tx, {
    spId,
    subscriptionId: sub.id,
    amount: e.amount,
    status: 'paid',
    description: invoiceDescription('renewal', months === 12 ? 'year' : 'month'),
    start,
    end,
    months,
    transactionId: e.transactionId,
    providerRef: e.invoiceRef ?? null,
    now,
  });
  await store.insertPayment(tx, {
    spId,
    subscriptionId: sub.id,
    invoiceId: invoice.id,
    checkoutId: null,
    amount: e.amount,
    transactionId: e.transactionId,
    now,
  });
  s.after.push(() => queueInvoiceDocuments(s.deps, invoice.id));
}
