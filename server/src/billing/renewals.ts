// Renewals of periods that have ended (auto charge on: charge the card, else lapse), the reminder 7 days ahead,
// and receipts a lost job never sent. A charge's outcome is a payment event like any other.
import { MONTHS_PER_INTERVAL } from '../../../contract/constants';
import { renewalReminderMail } from '../integrations/mail/billingTemplates';
import type { RenewalResult } from '../integrations/payments/gateway';
import { sendMail, type BillingDeps } from './deps';
import { queueInvoiceDocuments } from './invoices';
import { handlePaymentEvent } from './paymentEvents';
import { DAY_MS, addMonths, invoiceDescription, priceOf } from './plans';
import * as store from './store';
import { moveSubscriptionPeriod } from './subscriptions';

export const REMINDER_DAYS = 7;
/** A paid invoice without its receipt this long after payment lost its job: queued again. */
const RECEIPT_GRACE_MS = 15 * 60_000;

type RenewalOutcome = 'renewed' | 'failed' | 'lapsed' | 'deferred' | 'skipped';

/**
 * Renewals of periods that have ended and reminders 7 days ahead. Safe to run twice: the charge is idempotent
 * by subscription and period end, and so are its events.
 */
export async function runRenewals(deps: BillingDeps, now: Date = deps.now()) {
  const summary = { renewed: 0, failed: 0, lapsed: 0, deferred: 0, reminded: 0 };
  for (const sub of await store.dueSubscriptions(deps.db, now)) {
    try {
      const outcome = await renewOne(deps, sub, now);
      if (outcome !== 'skipped') summary[outcome] += 1;
    } catch (err) {
      deps.log.error({ err, subscriptionId: sub.id }, 'renewal failed');
    }
  }
  summary.reminded = await sendReminders(deps, now);
  for (const invoiceId of await store.invoicesWithoutReceipt(
    deps.db,
    new Date(now.getTime() - RECEIPT_GRACE_MS),
  )) {
    await queueInvoiceDocuments(deps, invoiceId);
  }
  return summary;
}

async function renewOne(deps: BillingDeps, sub: store.SubscriptionRow, now: Date): Promise<RenewalOutcome> {
  if (!sub.auto_charge) return (await lapse(deps, sub, now)) ? 'lapsed' : 'skipped';
  const provider = await store.findProvider(deps.db, sub.service_provider_id);
  if (!provider) return 'skipped';
  const end = new Date(sub.current_period_end);
  const amount = priceOf(sub.recurring_interval);
  const key = `${sub.id}:${end.toISOString()}`;
  const subscriptionRef = sub.provider_ref ?? sub.id;
  const result: RenewalResult = provider.payment_customer_ref
    ? await deps.payments.chargeRenewal({
        customerRef: provider.payment_customer_ref,
        subscriptionRef: sub.provider_ref,
        amount,
        description: invoiceDescription('renewal', sub.recurring_interval),
        idempotencyKey: key,
      })
    : { status: 'failed', reason: 'No card on file.' };
  if (result.status === 'deferred') return 'deferred';
  if (result.status === 'paid') {
    await handlePaymentEvent(deps, {
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
  await handlePaymentEvent(deps, {
    id: `renewal-failed:${key}`,
    type: 'invoice.payment_failed',
    subscriptionRef,
    amount,
    reason: result.reason,
  });
  return 'failed';
}

/** Auto charge off: the subscription expires with its period (unless it moved on meanwhile). */
async function lapse(deps: BillingDeps, sub: store.SubscriptionRow, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await store.lockProvider(tx, sub.service_provider_id);
    const locked = await store.subscriptionById(tx, sub.id);
    if (!locked || locked.status !== 'active' || new Date(locked.current_period_end) > now) return false;
    await moveSubscriptionPeriod(tx, locked, { status: 'expired' }, { actor: 'system', now });
    return true;
  });
}

/** One reminder per period, REMINDER_DAYS before it ends; answers how many were sent. */
async function sendReminders(deps: BillingDeps, now: Date): Promise<number> {
  let reminded = 0;
  const until = new Date(now.getTime() + REMINDER_DAYS * DAY_MS);
  for (const sub of await store.claimReminders(deps.db, now, until)) {
    const provider = await store.findProvider(deps.db, sub.service_provider_id);
    if (!provider) continue;
    reminded += 1;
    await sendMail(
      deps,
      renewalReminderMail({
        to: provider.email,
        name: `${provider.first_name} ${provider.last_name}`,
        periodEnd: new Date(sub.current_period_end),
        amount: priceOf(sub.recurring_interval),
        autoCharge: sub.auto_charge,
        accountUrl: `${deps.config.publicUrl}/account/renewal`,
      }),
      { serviceProviderId: sub.service_provider_id },
    );
  }
  return reminded;
}
