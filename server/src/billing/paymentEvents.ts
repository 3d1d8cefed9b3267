// The one code path of payment events. Every provider event, from a verified webhook or the sandbox's own page,
// goes through handlePaymentEvent: deduplicated by event id in the same transaction as its effects; mail and jobs
// only once those are committed.
import { badRequest } from '../http/errors';
import { paymentFailedMail } from '../integrations/mail/billingTemplates';
import { WebhookSignatureError, type PaymentEvent } from '../integrations/payments/gateway';
import { sendMail, type BillingDeps } from './deps';
import { onCheckoutPaid, onInvoicePaid, type EventOf, type EventScope } from './paidEvents';
import { iso, priceOf } from './plans';
import * as store from './store';
import { lockedSubscriptionByRef, moveSubscriptionPeriod } from './subscriptions';

/** POST /api/payment/webhook: the provider's event, verified on its raw body, then handled once. */
export async function receiveWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate: boolean }> {
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhook(rawBody, headers);
  } catch (e) {
    if (e instanceof WebhookSignatureError) throw badRequest(`Webhook refused: ${e.message}`);
    throw e;
  }
  const { duplicate } = await handlePaymentEvent(deps, event);
  return { received: true, duplicate };
}

export async function handlePaymentEvent(
  deps: BillingDeps,
  event: PaymentEvent,
): Promise<{ duplicate: boolean }> {
  const after: EventScope['after'] = [];
  const duplicate = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    if (!(await store.claimEvent(tx, event.id, event.type, now))) return true;
    const s: EventScope = { deps, tx, now, after };
    switch (event.type) {
      case 'checkout.paid':
        await onCheckoutPaid(s, event);
        break;
      case 'invoice.paid':
        await onInvoicePaid(s, event);
        break;
      case 'invoice.payment_failed':
        await onPaymentFailed(s, event);
        break;
      case 'subscription.canceled':
        await onCanceled(s, event);
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

async function onPaymentFailed(s: EventScope, e: EventOf<'invoice.payment_failed'>): Promise<void> {
  const { deps, tx, now } = s;
  const sub = await lockedSubscriptionByRef(tx, e.subscriptionRef);
  if (!sub) return;
  if (sub.status === 'canceled' || sub.status === 'expired') return;
  // A later period is already paid: this failure is older news.
  if (sub.status === 'active' && new Date(sub.current_period_end) > now) return;
  const spId = sub.service_provider_id;
  if (sub.status !== 'past_due') {
    await moveSubscriptionPeriod(tx, sub, { status: 'past_due' }, { actor: 'payment', now });
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
      payUrl: e.payUrl ?? `${deps.config.publicUrl}/login`,
    });
    s.after.push(() => sendMail(deps, mail, { serviceProviderId: spId }));
  }
}

async function onCanceled(s: EventScope, e: EventOf<'subscription.canceled'>): Promise<void> {
  const { tx, now } = s;
  const sub = await lockedSubscriptionByRef(tx, e.subscriptionRef);
  if (!sub || sub.status === 'canceled' || sub.status === 'expired') return;
  if (sub.status === 'active' && new Date(sub.current_period_end) > now) {
    // Paid up to its period end: it runs until then and lapses (the renewal sweep, auto charge off).
    if (sub.canceled_on) return;
    const note = {
      change: 'canceled at provider',
      from: String(sub.auto_charge),
      to: `ends ${iso(sub.current_period_end)}`,
    };
    await moveSubscriptionPeriod(
      tx,
      sub,
      { autoCharge: false, canceledOn: now },
      { actor: 'payment', now, note },
    );
    return;
  }
  await moveSubscriptionPeriod(tx, sub, { status: 'canceled', canceledOn: now }, { actor: 'payment', now });
  // Its pay pages of a past-due period close with it.
  await store.closePastDue(tx, sub.id, null);
}
