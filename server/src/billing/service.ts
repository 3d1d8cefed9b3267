// The rules of billing: checkouts, the one handler of every payment event, plan and auto charge, cards,
// listings, invoice files and renewals. No HTTP in here: callers hand in validated input and get data or an
// HttpError back. Every provider event, from a webhook or the sandbox's own page, goes through
// handlePaymentEvent: deduplicated by event id in the same transaction as its effects.
import { randomBytes } from 'node:crypto';
import type { TokenClaims } from '../../../contract/api';
import { MONTHS_PER_INTERVAL, PRICES, type RecurringInterval } from '../../../contract/constants';
import {
  isCardExpired,
  type AddCardPayload,
  type AddCardStripePayload,
  type UpdateCardPayload,
} from '../../../contract/cards';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { renderInvoicePdf } from '../documents/invoicePdf';
import { HttpError, notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import { paymentFailedMail, receiptMail, renewalReminderMail } from '../integrations/mail/billingTemplates';
import type { MailMessage } from '../integrations/mail/mailer';
import {
  PaymentDeclined,
  type CheckoutPurpose,
  type PaymentEvent,
  type SavedCard,
} from '../integrations/payments/gateway';
import { isUuid } from './schemas';
import * as store from './store';

export type BillingDeps = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'mailer' | 'payments' | 'jobs'>;

/** The job that renders an invoice's PDF and mails the receipt with it. */
export const INVOICE_DOCUMENTS_JOB = 'billing-invoice-documents';
export const RENEWALS_JOB = 'billing-renewals';
export const REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;
/** An open payment page older than this is closed by the renewal sweep (the sandbox page then answers 410). */
export const CHECKOUT_MAX_AGE_MS = DAY_MS;

export const BILLING_MESSAGES = {
  alreadyActive: 'Service provider already has an active subscription',
  noSubscription: "Service provider doesn't have active subscriptions",
  notPastDue: 'Subscription is not past due',
  planChanged: 'Auto charge period changed successfully',
  cardAdded: 'Your card has been successfully added',
  cardUpdated: 'Your card has been successfully updated',
  autoChargeEnabled: 'Auto charge enabled',
  autoChargeDisabled: 'Auto charge disabled',
  needsCard: 'Add a valid card before enabling auto charge',
  providerDown: 'The payment service is not reachable. Please try again later.',
  invoiceNotFound: 'Invoice not found',
  cardNotFound: 'Card not found',
  providerNotFound: 'Service provider not found',
  canceledAtProvider: 'The subscription was canceled at the payment provider and ends with its period',
} as const;

/** Adds calendar months in UTC; the 31st of a month becomes the last day of a shorter one. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const planName = (interval: RecurringInterval) => (interval === 'year' ? 'Yearly' : 'Monthly');

export function invoiceDescription(
  purpose: CheckoutPurpose | 'renewal',
  interval: RecurringInterval,
): string {
  if (purpose === 'extension')
    return `Stir/Shaken Subscription Extension (${interval === 'year' ? '12 months' : '1 month'})`;
  return `Stir/Shaken ${planName(interval)} Subscription`;
}

export const priceOf = (interval: RecurringInterval) => (interval === 'year' ? PRICES.year : PRICES.month);

type Actor = Pick<TokenClaims, 'sub' | 'email' | 'service_provider_uuid'>;

function providerIdOf(user: Actor): string {
  if (!user.service_provider_uuid) throw new HttpError(403, 'You are not allowed to do this');
  return user.service_provider_uuid;
}

export interface CheckoutPageData {
  id: string;
  purpose: CheckoutPurpose;
  amount: number;
  description: string;
  status: store.CheckoutRow['status'];
  company_name: string;
}

export function billingService(deps: BillingDeps) {
  const { db, config, log, payments } = deps;

  async function sendMail(message: MailMessage, about: Record<string, unknown>) {
    try {
      await deps.mailer.send(message);
    } catch (err) {
      log.error({ err, ...about, subject: message.subject }, 'could not send mail');
    }
  }

  async function queueInvoiceDocuments(invoiceId: string) {
    try {
      await deps.jobs.send(INVOICE_DOCUMENTS_JOB, { invoiceId }, { singletonKey: invoiceId, retryLimit: 5 });
    } catch (err) {
      // The PDF is also rendered when first downloaded; only the receipt mail waits for a retry.
      log.error({ err, invoiceId }, 'could not queue the invoice documents');
    }
  }

  async function providerOr404(spId: string): Promise<store.ProviderRow> {
    const provider = isUuid(spId) ? await store.findProvider(db, spId) : undefined;
    if (!provider) throw notFound(BILLING_MESSAGES.providerNotFound);
    return provider;
  }

  async function customerRefOf(provider: store.ProviderRow): Promise<string> {
    if (provider.payment_customer_ref) return provider.payment_customer_ref;
    const ref = await payments.ensureCustomer({
      serviceProviderId: provider.id,
      email: provider.email,
      name: provider.company_name,
      existingRef: null,
    });
    await store.setCustomerRef(db, provider.id, ref);
    // A concurrent call may have stored another ref first: the stored one wins.
    return (await store.findProvider(db, provider.id))?.payment_customer_ref ?? ref;
  }

  const returnUrls = (purpose: CheckoutPurpose, spId: string) =>
    purpose === 'subscription'
      ? {
          successUrl: `${config.publicUrl}/login?paid=1`,
          cancelUrl: `${config.publicUrl}/register/payment?uuid=${spId}`,
        }
      : {
          successUrl: `${config.publicUrl}/account/summary`,
          cancelUrl: `${config.publicUrl}/account/summary`,
        };

  /** Opens a checkout at the provider for a row already inserted in `q`. */
  async function openSession(
    q: Queryable,
    checkout: store.CheckoutRow,
    customerRef: string,
  ): Promise<string> {
    let session;
    try {
      session = await payments.createCheckout({
        checkoutId: checkout.id,
        purpose: checkout.purpose,
        interval: checkout.recurring_interval,
        amount: checkout.amount,
        description: invoiceDescription(checkout.purpose, checkout.recurring_interval),
        customerRef,
        ...returnUrls(checkout.purpose, checkout.service_provider_id),
      });
    } catch (err) {
      log.error({ err, checkoutId: checkout.id }, 'the payment provider refused the checkout');
      throw new HttpError(502, BILLING_MESSAGES.providerDown);
    }
    await store.setCheckoutSession(q, checkout.id, session.ref, session.url, session.expiresAt ?? null);
    return session.url;
  }

  async function newCheckout(
    provider: store.ProviderRow,
    purpose: CheckoutPurpose,
    interval: RecurringInterval,
    subscriptionId: string | null,
  ): Promise<string> {
    const customerRef = await customerRefOf(provider);
    return db.transaction(async (tx) => {
      const checkout = await store.insertCheckout(tx, {
        spId: provider.id,
        subscriptionId,
        purpose,
        interval,
        amount: priceOf(interval),
        now: deps.now(),
      });
      return openSession(tx, checkout, customerRef);
    });
  }

  // ---- the one code path of payment events ----

  type After = Array<() => Promise<void>>;

  async function onCheckoutPaid(
    tx: Queryable,
    e: PaymentEvent & { type: 'checkout.paid' },
    now: Date,
    after: After,
  ) {
    const peek = await store.checkoutByRef(tx, e.checkoutRef);
    if (!peek) {
      log.warn({ checkoutRef: e.checkoutRef, eventId: e.id }, 'payment for an unknown checkout');
      return;
    }
    await store.lockProvider(tx, peek.service_provider_id);
    const checkout = (await store.lockCheckoutByRef(tx, e.checkoutRef)) as store.CheckoutRow;
    // Paid before: another delivery of the event, or a second click on the pay button. An expired page paid at
    // the provider just before it closed is still money received: it counts.
    if (checkout.status === 'paid' || checkout.status === 'failed') return;
    if (await store.paymentExists(tx, e.transactionId)) return;
    if (Math.abs(e.amount - checkout.amount) > 0.005) {
      log.warn(
        { checkoutId: checkout.id, expected: checkout.amount, got: e.amount },
        'checkout paid with another amount',
      );
    }
    const spId = checkout.service_provider_id;
    const interval = checkout.recurring_interval;
    const months = MONTHS_PER_INTERVAL[interval];
    let sub = await store.currentSubscription(tx, spId, true);
    let start: Date;
    let end: Date;
    const runs = sub && sub.status === 'active' && new Date(sub.current_period_end) > now;
    if (checkout.purpose === 'subscription' && !runs) {
      for (const old of await store.cancelPastDue(tx, spId, now)) {
        await store.closePastDue(tx, old, null);
        await store.logChange(tx, {
          spId,
          subscriptionId: old,
          actor: 'system',
          change: 'status',
          from: 'past_due',
          to: 'canceled',
          now,
        });
      }
      start = now;
      end = addMonths(now, months);
      sub = await store.insertSubscription(tx, {
        spId,
        interval,
        start,
        end,
        providerRef: e.subscriptionRef ?? `sub_${randomBytes(12).toString('hex')}`,
        // A provider-side recurring subscription renews by itself; a sandbox one once a card is saved and it is on.
        autoCharge: Boolean(e.subscriptionRef),
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
    } else if (sub) {
      // An extension, a past-due payment, or a second registration payment of a provider that is already active.
      const oldEnd = new Date(sub.current_period_end);
      start = later(now, oldEnd);
      end = addMonths(start, months);
      await store.updateSubscription(tx, sub.id, { status: 'active', end }, now);
      if (sub.status !== 'active') {
        await store.logChange(tx, {
          spId,
          subscriptionId: sub.id,
          actor: 'payment',
          change: 'status',
          from: sub.status,
          to: 'active',
          now,
        });
      }
      await store.logChange(tx, {
        spId,
        subscriptionId: sub.id,
        actor: 'payment',
        change: 'period end',
        from: iso(oldEnd),
        to: iso(end),
        now,
      });
      await store.closePastDue(tx, sub.id, checkout.invoice_id);
      // A provider that renews by itself (Stripe) must not bill the period just paid once more.
      const ref = sub.provider_ref;
      if (checkout.purpose === 'extension' && ref && payments.deferNextCharge) {
        const until = end;
        after.push(() => deferNextCharge(ref, until, spId));
      }
    } else {
      log.error({ checkoutId: checkout.id }, 'extension paid without a subscription');
      return;
    }
    const invoice =
      (checkout.invoice_id &&
        (await store.payInvoice(tx, checkout.invoice_id, {
          start,
          end,
          transactionId: e.transactionId,
          now,
        }))) ||
      (await store.insertInvoice(tx, {
        spId,
        subscriptionId: sub.id,
        amount: checkout.amount,
        status: 'paid',
        description: invoiceDescription(checkout.purpose, interval),
        start,
        end,
        months,
        transactionId: e.transactionId,
        now,
      }));
    await store.markCheckoutPaid(tx, checkout.id, invoice.id, now);
    await store.insertPayment(tx, {
      spId,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      checkoutId: checkout.id,
      amount: checkout.amount,
      transactionId: e.transactionId,
      now,
    });
    after.push(() => queueInvoiceDocuments(invoice.id));
  }

  async function deferNextCharge(subscriptionRef: string, until: Date, spId: string) {
    try {
      await payments.deferNextCharge?.(subscriptionRef, until);
    } catch (err) {
      // The period is paid and recorded; the provider's next charge date is set again by the next extension.
      log.error({ err, subscriptionRef, serviceProviderId: spId }, 'could not move the next provider charge');
    }
  }

  /** The subscription an event names, locked after its provider. */
  async function lockedSubscriptionByRef(tx: Queryable, ref: string) {
    const peek = await store.subscriptionByRef(tx, ref);
    if (!peek) return undefined;
    await store.lockProvider(tx, peek.service_provider_id);
    return store.subscriptionById(tx, peek.id);
  }

  async function onInvoicePaid(
    tx: Queryable,
    e: PaymentEvent & { type: 'invoice.paid' },
    now: Date,
    after: After,
  ) {
    // The first invoice of a subscription a checkout of ours started, before (or instead of) the checkout's event:
    // it pays that checkout, once, by the same path.
    if (e.checkoutId && isUuid(e.checkoutId)) {
      const checkout = await store.checkoutById(tx, e.checkoutId);
      if (checkout && checkout.purpose === 'subscription' && checkout.provider_ref) {
        if (checkout.status === 'open' || checkout.status === 'expired') {
          await onCheckoutPaid(
            tx,
            {
              id: e.id,
              type: 'checkout.paid',
              checkoutRef: checkout.provider_ref,
              // What the checkout's own event names the payment by (Stripe: the first invoice).
              transactionId: e.invoiceRef ?? e.transactionId,
              amount: e.amount,
              subscriptionRef: e.subscriptionRef,
            },
            now,
            after,
          );
          return;
        }
      }
    }
    const sub = await lockedSubscriptionByRef(tx, e.subscriptionRef);
    if (!sub) {
      log.warn(
        { subscriptionRef: e.subscriptionRef, eventId: e.id },
        'invoice paid for an unknown subscription',
      );
      return;
    }
    const start = new Date(e.periodStart);
    const end = new Date(e.periodEnd);
    // A zero invoice (a trial, a period a paid extension already covers) is no payment.
    if (!(e.amount > 0)) return;
    // Recorded before (the checkout that started it, an earlier delivery): nothing changes.
    if (await store.paymentExists(tx, e.transactionId)) return;
    // A provider's first invoice is the checkout that started the subscription (Stripe names it by invoice id).
    if (e.invoiceRef && (await store.paymentExists(tx, e.invoiceRef))) return;
    if (e.invoiceRef && (await store.invoiceByProviderRefExists(tx, e.invoiceRef))) return;
    if (await store.periodInvoiced(tx, sub.id, start, end)) return;
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
    after.push(() => queueInvoiceDocuments(invoice.id));
    // Only a later period moves the subscription: events may arrive in any order.
    const oldEnd = new Date(sub.current_period_end);
    if (end > oldEnd) {
      const status = end > now ? 'active' : sub.status;
      await store.updateSubscription(tx, sub.id, { status, start, end }, now);
      await store.logChange(tx, {
        spId,
        subscriptionId: sub.id,
        actor: 'payment',
        change: 'period end',
        from: iso(oldEnd),
        to: iso(end),
        now,
      });
      if (status !== sub.status) {
        await store.logChange(tx, {
          spId,
          subscriptionId: sub.id,
          actor: 'payment',
          change: 'status',
          from: sub.status,
          to: status,
          now,
        });
      }
      if (status === 'active') await store.closePastDue(tx, sub.id, null);
    }
  }

  async function onPaymentFailed(
    tx: Queryable,
    e: PaymentEvent & { type: 'invoice.payment_failed' },
    now: Date,
    after: After,
  ) {
    const sub = await lockedSubscriptionByRef(tx, e.subscriptionRef);
    if (!sub) return;
    if (sub.status === 'canceled' || sub.status === 'expired') return;
    // A later period is already paid: this failure is older news.
    if (sub.status === 'active' && new Date(sub.current_period_end) > now) return;
    const spId = sub.service_provider_id;
    if (sub.status !== 'past_due') {
      await store.updateSubscription(tx, sub.id, { status: 'past_due' }, now);
      await store.logChange(tx, {
        spId,
        subscriptionId: sub.id,
        actor: 'payment',
        change: 'status',
        from: sub.status,
        to: 'past_due',
        now,
      });
    }
    if (e.payUrl) {
      await store.insertExternalCheckout(tx, {
        spId,
        subscriptionId: sub.id,
        interval: sub.recurring_interval,
        amount: e.amount > 0 ? e.amount : priceOf(sub.recurring_interval),
        ref: e.invoiceRef ?? null,
        url: e.payUrl,
        now,
      });
    }
    const provider = await store.findProvider(tx, spId);
    if (provider) {
      const mail = paymentFailedMail({
        to: provider.email,
        name: `${provider.first_name} ${provider.last_name}`,
        amount: e.amount,
        reason: e.reason,
        // The sign-in page answers 'Subscription is past due' with its pay link.
        payUrl: e.payUrl ?? `${config.publicUrl}/login`,
      });
      after.push(() => sendMail(mail, { serviceProviderId: spId }));
    }
  }

  async function onCanceled(tx: Queryable, e: PaymentEvent & { type: 'subscription.canceled' }, now: Date) {
    const sub = await lockedSubscriptionByRef(tx, e.subscriptionRef);
    if (!sub || sub.status === 'canceled' || sub.status === 'expired') return;
    if (sub.status === 'active' && new Date(sub.current_period_end) > now) {
      // Paid up to its period end: it runs until then and lapses (the renewal sweep, auto charge off).
      if (sub.canceled_on) return;
      await store.updateSubscription(tx, sub.id, { autoCharge: false, canceledOn: now }, now);
      await store.logChange(tx, {
        spId: sub.service_provider_id,
        subscriptionId: sub.id,
        actor: 'payment',
        change: 'canceled at provider',
        from: String(sub.auto_charge),
        to: `ends ${iso(sub.current_period_end)}`,
        now,
      });
      return;
    }
    await store.updateSubscription(tx, sub.id, { status: 'canceled', canceledOn: now }, now);
    // Its pay pages of a past-due period close with it.
    await store.closePastDue(tx, sub.id, null);
    await store.logChange(tx, {
      spId: sub.service_provider_id,
      subscriptionId: sub.id,
      actor: 'payment',
      change: 'status',
      from: sub.status,
      to: 'canceled',
      now,
    });
  }

  async function handlePaymentEvent(event: PaymentEvent): Promise<{ duplicate: boolean }> {
    const after: After = [];
    const duplicate = await db.transaction(async (tx) => {
      const now = deps.now();
      if (!(await store.claimEvent(tx, event.id, event.type, now))) return true;
      switch (event.type) {
        case 'checkout.paid':
          await onCheckoutPaid(tx, event, now, after);
          break;
        case 'invoice.paid':
          await onInvoicePaid(tx, event, now, after);
          break;
        case 'invoice.payment_failed':
          await onPaymentFailed(tx, event, now, after);
          break;
        case 'subscription.canceled':
          await onCanceled(tx, event, now);
          break;
        case 'ignored':
          break;
      }
      await store.markEventProcessed(tx, event.id, now);
      return false;
    });
    // Mail and jobs only once the effects are committed.
    for (const task of after) await task();
    return { duplicate };
  }

  /** Canceled at Stripe: it runs to its period end, with no next period to renew or move to another plan. */
  function canceledAtProvider(sub: store.SubscriptionRow): boolean {
    return Boolean(sub.canceled_on && sub.provider_ref && payments.kind === 'stripe');
  }

  async function currentOr422(spId: string) {
    const sub = await store.currentSubscription(db, spId);
    if (!sub) throw new HttpError(422, BILLING_MESSAGES.noSubscription);
    return sub;
  }

  /**
   * The owner changes one setting of its current subscription: under the provider lock, only when the value
   * really changes, with its change-log entry. Returns the subscription as it was, or null when nothing changed.
   */
  async function changeSubscriptionSetting<F extends 'recurring_interval' | 'auto_charge'>(
    user: Actor,
    subscriptionId: string,
    change: {
      field: F;
      value: store.SubscriptionRow[F];
      set: Parameters<typeof store.updateSubscription>[2];
      label: string;
    },
  ): Promise<store.SubscriptionRow | null> {
    const spId = providerIdOf(user);
    return db.transaction(async (tx) => {
      await store.lockProvider(tx, spId);
      const sub = await store.subscriptionById(tx, subscriptionId);
      if (!sub || sub[change.field] === change.value) return null;
      const now = deps.now();
      await store.updateSubscription(tx, sub.id, change.set, now);
      await store.logChange(tx, {
        spId,
        subscriptionId: sub.id,
        actor: user.email,
        change: change.label,
        from: String(sub[change.field]),
        to: String(change.value),
        now,
      });
      return sub;
    });
  }

  async function cardsOf(provider: store.ProviderRow): Promise<SavedCard[]> {
    if (!provider.payment_customer_ref) return [];
    const cards = await payments.listCards(provider.payment_customer_ref);
    return [...cards].sort((a, b) => b.created - a.created);
  }

  async function invoicePdf(inv: store.InvoiceFileRow): Promise<Buffer> {
    if (inv.pdf) return Buffer.from(inv.pdf);
    const provider = await store.findProvider(db, inv.service_provider_id);
    const pdf = await renderInvoicePdf({
      invoice_number: inv.invoice_number,
      created_on: new Date(inv.created_on),
      company_name: provider?.company_name ?? '',
      ocn: provider?.ocn ?? '',
      address: provider?.address ?? '',
      city: provider?.city ?? '',
      state: provider?.state ?? '',
      zipcode: provider?.zipcode ?? '',
      description: inv.description,
      start_billing_cycle: new Date(inv.start_billing_cycle),
      end_billing_cycle: new Date(inv.end_billing_cycle),
      amount: inv.amount,
      transaction_id: inv.transaction_id,
    });
    await store.setInvoicePdf(db, inv.id, pdf);
    return pdf;
  }

  async function renewOne(
    sub: store.SubscriptionRow,
    now: Date,
  ): Promise<'renewed' | 'failed' | 'lapsed' | 'deferred' | 'skipped'> {
    const spId = sub.service_provider_id;
    const end = new Date(sub.current_period_end);
    if (!sub.auto_charge) {
      const lapsed = await db.transaction(async (tx) => {
        await store.lockProvider(tx, spId);
        const locked = await store.subscriptionById(tx, sub.id);
        if (!locked || locked.status !== 'active' || new Date(locked.current_period_end) > now) return false;
        await store.updateSubscription(tx, sub.id, { status: 'expired' }, now);
        await store.logChange(tx, {
          spId,
          subscriptionId: sub.id,
          actor: 'system',
          change: 'status',
          from: 'active',
          to: 'expired',
          now,
        });
        return true;
      });
      return lapsed ? 'lapsed' : 'skipped';
    }
    const provider = await store.findProvider(db, spId);
    if (!provider) return 'skipped';
    const amount = priceOf(sub.recurring_interval);
    const key = `${sub.id}:${end.toISOString()}`;
    const subscriptionRef = sub.provider_ref ?? sub.id;
    const result = provider.payment_customer_ref
      ? await payments.chargeRenewal({
          customerRef: provider.payment_customer_ref,
          subscriptionRef: sub.provider_ref,
          amount,
          description: invoiceDescription('renewal', sub.recurring_interval),
          idempotencyKey: key,
        })
      : ({ status: 'failed', reason: 'No card on file.' } as const);
    if (result.status === 'deferred') return 'deferred';
    if (result.status === 'paid') {
      await handlePaymentEvent({
        id: `renewal-paid:${key}`,
        type: 'invoice.paid',
        subscriptionRef,
        transactionId: result.transactionId,
        amount,
        periodStart: end,
        periodEnd: addMonths(end, MONTHS_PER_INTERVAL[sub.recurring_interval]),
      });
      return 'renewed';
    }
    await handlePaymentEvent({
      id: `renewal-failed:${key}`,
      type: 'invoice.payment_failed',
      subscriptionRef,
      amount,
      reason: result.reason,
    });
    return 'failed';
  }

  return {
    handlePaymentEvent,

    /** POST /api/payment/subscription (public): the registration's (or a new subscription's) payment page. */
    async startSubscription(input: { recurring_interval: RecurringInterval; service_provider_uuid: string }) {
      const provider = await providerOr404(input.service_provider_uuid);
      if (await store.isActive(db, provider.id)) throw new HttpError(422, BILLING_MESSAGES.alreadyActive);
      const url = await newCheckout(provider, 'subscription', input.recurring_interval, null);
      return { data: { url } };
    },

    /** GET /api/payment/old_subscription_invoice (public): the page that pays the open past-due period. */
    async pastDueCheckout(serviceProviderUuid: string): Promise<{ url: string }> {
      const provider = await providerOr404(serviceProviderUuid);
      const existing = await store.openPastDueUrl(db, provider.id);
      if (existing) return { url: existing };
      const current = await store.currentSubscription(db, provider.id);
      if (!current || current.status !== 'past_due') throw new HttpError(422, BILLING_MESSAGES.notPastDue);
      const customerRef = await customerRefOf(provider);
      const url = await db.transaction(async (tx) => {
        await store.lockProvider(tx, provider.id);
        const sub = await store.subscriptionById(tx, current.id);
        if (!sub || sub.status !== 'past_due') throw new HttpError(422, BILLING_MESSAGES.notPastDue);
        // Under the subscription's lock: concurrent calls get the same invoice and page.
        const open = await store.openPastDueUrl(tx, provider.id);
        if (open) return open;
        const now = deps.now();
        const months = MONTHS_PER_INTERVAL[sub.recurring_interval];
        const start = new Date(sub.current_period_end);
        const invoice = await store.insertInvoice(tx, {
          spId: provider.id,
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
          spId: provider.id,
          subscriptionId: sub.id,
          purpose: 'past_due',
          interval: sub.recurring_interval,
          amount: priceOf(sub.recurring_interval),
          invoiceId: invoice.id,
          now,
        });
        return openSession(tx, checkout, customerRef);
      });
      return { url };
    },

    /**
     * The sign-in seam: the pay page of the invoice the portal made for a past-due provider, if any. (The
     * provider's own page of its failed invoice is answered by GET old_subscription_invoice.)
     */
    pastDueInvoiceUrl: (spId: string) => store.openPastDueUrl(db, spId, true),

    /** Closes payment pages left open (the renewal sweep); answers how many. */
    async expireCheckouts(now: Date = deps.now()): Promise<number> {
      const ids = await db.transaction((tx) => store.expireOpenCheckouts(tx, now, CHECKOUT_MAX_AGE_MS));
      if (ids.length) log.info({ count: ids.length }, 'closed payment pages left open');
      return ids.length;
    },

    async getPlan(user: Actor) {
      const sub = await store.currentSubscription(db, providerIdOf(user));
      if (!sub) throw notFound(BILLING_MESSAGES.noSubscription);
      return {
        plan: { interval: sub.recurring_interval, interval_count: sub.recurring_interval_count },
        status: sub.status,
        current_period_end: iso(sub.current_period_end),
        auto_charge: sub.auto_charge,
      };
    },

    async changePlan(user: Actor, input: { recurring_interval: RecurringInterval }) {
      const spId = providerIdOf(user);
      const current = await currentOr422(spId);
      if (canceledAtProvider(current)) throw new HttpError(422, BILLING_MESSAGES.canceledAtProvider);
      const changed = await changeSubscriptionSetting(user, current.id, {
        field: 'recurring_interval',
        value: input.recurring_interval,
        set: { interval: input.recurring_interval },
        label: 'plan',
      });
      if (changed) await payments.changePlan(changed.provider_ref, input.recurring_interval);
      return { message: BILLING_MESSAGES.planChanged };
    },

    async extend(user: Actor, input: { recurring_interval: RecurringInterval }) {
      const spId = providerIdOf(user);
      const sub = await currentOr422(spId);
      const provider = await providerOr404(spId);
      return { url: await newCheckout(provider, 'extension', input.recurring_interval, sub.id) };
    },

    async setAutoCharge(user: Actor, input: { auto_charge: boolean; service_provider_uuid: string }) {
      const spId = providerIdOf(user);
      if (input.service_provider_uuid !== spId) throw notFound(BILLING_MESSAGES.providerNotFound);
      const current = await currentOr422(spId);
      if (input.auto_charge && canceledAtProvider(current)) {
        throw new HttpError(422, BILLING_MESSAGES.canceledAtProvider);
      }
      if (input.auto_charge) {
        const [card] = await cardsOf(await providerOr404(spId));
        if (!card || isCardExpired(card.card.exp_month, card.card.exp_year, deps.now())) {
          throw new HttpError(422, BILLING_MESSAGES.needsCard);
        }
      }
      const changed = await changeSubscriptionSetting(user, current.id, {
        field: 'auto_charge',
        value: input.auto_charge,
        set: { autoCharge: input.auto_charge },
        label: 'auto charge',
      });
      if (changed) await payments.setAutoCharge(changed.provider_ref, input.auto_charge);
      return {
        message: input.auto_charge ? BILLING_MESSAGES.autoChargeEnabled : BILLING_MESSAGES.autoChargeDisabled,
        auto_charge: input.auto_charge,
      };
    },

    async listCards(user: Actor) {
      return { data: await cardsOf(await providerOr404(providerIdOf(user))) };
    },

    /** The raw card (sandbox) or the payment method Stripe Elements made (Stripe); routes.ts picks the shape. */
    async addCard(user: Actor, input: AddCardPayload | AddCardStripePayload) {
      const provider = await providerOr404(providerIdOf(user));
      const customerRef = await customerRefOf(provider);
      const byPaymentMethod = 'payment_method_id' in input;
      try {
        await payments.addCard(
          customerRef,
          byPaymentMethod
            ? { kind: 'payment_method', paymentMethodId: input.payment_method_id }
            : {
                kind: 'raw',
                number: input.number,
                cvc: input.cvc,
                exp_month: input.exp_month,
                exp_year: input.exp_year,
              },
          { line1: input.billing_address, state: input.state, city: input.city, postal_code: input.zip_code },
        );
      } catch (e) {
        if (e instanceof PaymentDeclined)
          throw new HttpError(402, e.message, {
            errors: { [byPaymentMethod ? 'payment_method_id' : 'number']: e.message },
          });
        throw e;
      }
      return { message: BILLING_MESSAGES.cardAdded };
    },

    async updateCard(user: Actor, cardId: string, input: UpdateCardPayload) {
      const provider = await providerOr404(providerIdOf(user));
      const cards = await cardsOf(provider);
      if (!provider.payment_customer_ref || !cards.some((c) => c.id === cardId))
        throw notFound(BILLING_MESSAGES.cardNotFound);
      await payments.updateCard(provider.payment_customer_ref, cardId, {
        exp_month: input.exp_month,
        exp_year: input.exp_year,
        billing: {
          line1: input.billing_address,
          state: input.state,
          city: input.city,
          postal_code: input.zip_code,
        },
      });
      return { message: BILLING_MESSAGES.cardUpdated };
    },

    async listPayments(user: Actor, list: ListQuery) {
      const spId = providerIdOf(user);
      return store.countAndRows(
        db,
        'payments',
        'id, amount, transaction_id, created_on',
        ['service_provider_id = $1', ...list.where],
        [spId, ...list.params],
        list.orderBy,
        list.limit,
        list.offset,
      );
    },

    async listInvoices(user: Actor, list: ListQuery) {
      const spId = providerIdOf(user);
      const result = await store.countAndRows<Record<string, unknown> & { id: string }>(
        db,
        'invoices',
        'id, invoice_number, amount, status, created_on, start_billing_cycle, end_billing_cycle, billing_cycle_months',
        ['service_provider_id = $1', ...list.where],
        [spId, ...list.params],
        list.orderBy,
        list.limit,
        list.offset,
      );
      return {
        total: result.total,
        rows: result.rows.map((r) => ({ ...r, invoice_path: `/api/service_provider/invoices/${r.id}/file` })),
      };
    },

    /** One invoice row, as the list shows it (the single-invoice view opened directly). */
    async getInvoice(user: Actor, invoiceId: string) {
      if (!isUuid(invoiceId)) throw notFound(BILLING_MESSAGES.invoiceNotFound);
      const { rows } = await this.listInvoices(user, {
        where: ['id = $2'],
        params: [invoiceId],
        orderBy: 'created_on DESC',
        limit: 1,
        offset: 0,
        range: null,
      });
      if (!rows.length) throw notFound(BILLING_MESSAGES.invoiceNotFound);
      return rows[0];
    },

    async invoiceFile(user: Actor, invoiceId: string) {
      const spId = providerIdOf(user);
      const inv = isUuid(invoiceId) ? await store.invoiceById(db, invoiceId, spId) : undefined;
      if (!inv) throw notFound(BILLING_MESSAGES.invoiceNotFound);
      return { filename: `invoice-${inv.invoice_number}.pdf`, pdf: await invoicePdf(inv) };
    },

    /** The job: the invoice's PDF, then the receipt with it, once. */
    async issueInvoiceDocuments(invoiceId: string) {
      const inv = await store.invoiceById(db, invoiceId);
      if (!inv) return;
      const pdf = await invoicePdf(inv);
      if (inv.receipt_sent_on) return;
      const provider = await store.findProvider(db, inv.service_provider_id);
      if (!provider) return;
      await deps.mailer.send(
        receiptMail({
          to: provider.email,
          name: `${provider.first_name} ${provider.last_name}`,
          invoiceNumber: inv.invoice_number,
          amount: inv.amount,
          periodEnd: new Date(inv.end_billing_cycle),
          pdf,
        }),
      );
      await store.markReceiptSent(db, inv.id, deps.now());
    },

    /** What the sandbox's checkout page shows. */
    async checkoutPage(id: string): Promise<CheckoutPageData | null> {
      if (!isUuid(id)) return null;
      const c = await store.checkoutById(db, id);
      if (!c) return null;
      const provider = await store.findProvider(db, c.service_provider_id);
      return {
        id: c.id,
        purpose: c.purpose,
        amount: c.amount,
        description: invoiceDescription(c.purpose, c.recurring_interval),
        status: c.status,
        company_name: provider?.company_name ?? '',
      };
    },

    /**
     * Renewals of periods that have ended (auto charge on: charge, else lapse) and reminders 7 days ahead.
     * Safe to run twice: the charge is idempotent by subscription and period end, and so are its events.
     */
    async runRenewals(now: Date = deps.now()) {
      const summary = { renewed: 0, failed: 0, lapsed: 0, deferred: 0, reminded: 0 };
      for (const sub of await store.dueSubscriptions(db, now)) {
        try {
          const outcome = await renewOne(sub, now);
          if (outcome !== 'skipped') summary[outcome] += 1;
        } catch (err) {
          log.error({ err, subscriptionId: sub.id }, 'renewal failed');
        }
      }
      for (const sub of await store.claimReminders(
        db,
        now,
        new Date(now.getTime() + REMINDER_DAYS * DAY_MS),
      )) {
        const provider = await store.findProvider(db, sub.service_provider_id);
        if (!provider) continue;
        summary.reminded += 1;
        await sendMail(
          renewalReminderMail({
            to: provider.email,
            name: `${provider.first_name} ${provider.last_name}`,
            periodEnd: new Date(sub.current_period_end),
            amount: priceOf(sub.recurring_interval),
            autoCharge: sub.auto_charge,
            accountUrl: `${config.publicUrl}/account/renewal`,
          }),
          { serviceProviderId: sub.service_provider_id },
        );
      }
      for (const invoiceId of await store.invoicesWithoutReceipt(db, new Date(now.getTime() - 15 * 60_000))) {
        await queueInvoiceDocuments(invoiceId);
      }
      return summary;
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
