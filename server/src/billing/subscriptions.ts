// Subscriptions: the one way their period, status and settings change (locked, logged), and what the owner
// sees and changes of its own: the plan, an extension, auto charge.
import type { SubscriptionPlan } from '../../../contract/api';
import type { RecurringInterval } from '../../../contract/constants';
import { isCardExpired } from '../../../contract/cards';
import type { Queryable } from '../db';
import { HttpError, notFound } from '../http/errors';
import { cardsOf } from './cards';
import { newCheckout } from './checkouts';
import { providerOr404 } from './customers';
import { providerIdOf, type Actor, type BillingDeps } from './deps';
import { BILLING_MESSAGES, iso, priceOf } from './plans';
import * as store from './store';

/** A change logged under its own name (plan, auto charge, canceled at provider) rather than as period or status. */
export interface ChangeNote {
  change: string;
  from: string;
  to: string;
}

/**
 * The one way a subscription changes, under the locks the caller holds: update the row, then log the period end
 * and the status, each only when it really changed, and the note if there is one. Returns nothing: the caller
 * already has the row as it was.
 */
export async function moveSubscriptionPeriod(
  q: Queryable,
  sub: store.SubscriptionRow,
  move: store.SubscriptionUpdate,
  by: { actor: string; now: Date; note?: ChangeNote },
): Promise<void> {
  await store.updateSubscription(q, sub.id, move, by.now);
  const log = (change: string, from: string | null, to: string | null) =>
    store.logChange(q, {
      spId: sub.service_provider_id,
      subscriptionId: sub.id,
      actor: by.actor,
      change,
      from,
      to,
      now: by.now,
    });
  const oldEnd = new Date(sub.current_period_end);
  if (move.end && move.end.getTime() !== oldEnd.getTime())
    await log('period end', iso(oldEnd), iso(move.end));
  if (move.status && move.status !== sub.status) await log('status', sub.status, move.status);
  if (by.note) await log(by.note.change, by.note.from, by.note.to);
}

/** The subscription an event names, locked after its provider. */
export async function lockedSubscriptionByRef(q: Queryable, ref: string) {
  const peek = await store.subscriptionByRef(q, ref);
  if (!peek) return undefined;
  await store.lockProvider(q, peek.service_provider_id);
  return store.subscriptionById(q, peek.id);
}

/** Canceled at Stripe: it runs to its period end, with no next period to renew or move to another plan. */
function canceledAtProvider(deps: BillingDeps, sub: store.SubscriptionRow): boolean {
  return Boolean(sub.canceled_on && sub.provider_ref && deps.payments.kind === 'stripe');
}

async function currentOr422(deps: BillingDeps, spId: string) {
  const sub = await store.currentSubscription(deps.db, spId);
  if (!sub) throw new HttpError(422, BILLING_MESSAGES.noSubscription);
  return sub;
}

/**
 * The owner changes one setting of its current subscription: under the provider lock, only when the value
 * really changes, with its change-log entry. Returns the subscription as it was, or null when nothing changed.
 */
async function changeSubscriptionSetting<F extends 'recurring_interval' | 'auto_charge'>(
  deps: BillingDeps,
  user: Actor,
  subscriptionId: string,
  change: { field: F; value: store.SubscriptionRow[F]; set: store.SubscriptionUpdate; label: string },
): Promise<store.SubscriptionRow | null> {
  const spId = providerIdOf(user);
  return deps.db.transaction(async (tx) => {
    await store.lockProvider(tx, spId);
    const sub = await store.subscriptionById(tx, subscriptionId);
    if (!sub || sub[change.field] === change.value) return null;
    const note = { change: change.label, from: String(sub[change.field]), to: String(change.value) };
    await moveSubscriptionPeriod(tx, sub, change.set, { actor: user.email, now: deps.now(), note });
    return sub;
  });
}

/** GET /api/payment/subscription: the current plan, status, period end and auto charge. */
export async function showSubscription(deps: BillingDeps, user: Actor): Promise<SubscriptionPlan> {
  const sub = await store.currentSubscription(deps.db, providerIdOf(user));
  if (!sub) throw notFound(BILLING_MESSAGES.noSubscription);
  return {
    plan: { interval: sub.recurring_interval, interval_count: sub.recurring_interval_count },
    status: sub.status,
    current_period_end: iso(sub.current_period_end),
    auto_charge: sub.auto_charge,
    // What one period of each plan is charged: a plan switch says what the next charge will be.
    prices: { month: priceOf('month'), year: priceOf('year') },
  };
}

/** The plan of the next periods. */
export async function changePlan(
  deps: BillingDeps,
  user: Actor,
  input: { recurring_interval: RecurringInterval },
) {
  const current = await currentOr422(deps, providerIdOf(user));
  if (canceledAtProvider(deps, current)) throw new HttpError(422, BILLING_MESSAGES.canceledAtProvider);
  const changed = await changeSubscriptionSetting(deps, user, current.id, {
    field: 'recurring_interval',
    value: input.recurring_interval,
    set: { interval: input.recurring_interval },
    label: 'plan',
  });
  if (changed) await deps.payments.changePlan(changed.provider_ref, input.recurring_interval);
  return { message: BILLING_MESSAGES.planChanged };
}

/** A checkout that pays `count` more months or years of the current subscription: count × the period's price. */
export async function extendSubscription(
  deps: BillingDeps,
  user: Actor,
  input: { recurring_interval: RecurringInterval; count: number },
) {
  const spId = providerIdOf(user);
  const sub = await currentOr422(deps, spId);
  const provider = await providerOr404(deps, spId);
  const url = await newCheckout(deps, provider, 'extension', input.recurring_interval, sub.id, input.count);
  return { url };
}

/** Auto charge on (with an unexpired card) or off, for the provider's own uuid only. */
export async function setAutoCharge(
  deps: BillingDeps,
  user: Actor,
  input: { auto_charge: boolean; service_provider_uuid: string },
) {
  const spId = providerIdOf(user);
  if (input.service_provider_uuid !== spId) throw notFound(BILLING_MESSAGES.providerNotFound);
  const current = await currentOr422(deps, spId);
  if (input.auto_charge && canceledAtProvider(deps, current)) {
    throw new HttpError(422, BILLING_MESSAGES.canceledAtProvider);
  }
  if (input.auto_charge) {
    const [card] = await cardsOf(deps, await providerOr404(deps, spId));
    if (!card || isCardExpired(card.card.exp_month, card.card.exp_year, deps.now())) {
      throw new HttpError(422, BILLING_MESSAGES.needsCard);
    }
  }
  const changed = await changeSubscriptionSetting(deps, user, current.id, {
    field: 'auto_charge',
    value: input.auto_charge,
    set: { autoCharge: input.auto_charge },
    label: 'auto charge',
  });
  if (changed) await deps.payments.setAutoCharge(changed.provider_ref, input.auto_charge);
  return {
    message: input.auto_charge ? BILLING_MESSAGES.autoChargeEnabled : BILLING_MESSAGES.autoChargeDisabled,
    auto_charge: input.auto_charge,
  };
}
