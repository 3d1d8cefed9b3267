// A running Stripe subscription: its plan, its auto charge and its next charge date. Stripe renews it by itself;
// the portal only changes what the next period will be.
import type Stripe from 'stripe';
import type { RecurringInterval } from '../../../../../contract/constants';
import { idOf } from './client';
import type { PriceCatalog } from './prices';

/** Metadata key on a subscription: the plan to move to once auto charge is switched back on. */
const PENDING_PLAN = 'pending_plan';

/** Schedules the other plan to start when the current period ends (a plain price swap across intervals would bill now). */
async function schedulePlan(
  stripe: Stripe,
  prices: PriceCatalog,
  sub: Stripe.Subscription,
  target: string,
): Promise<void> {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
  const scheduleId = idOf(sub.schedule);
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
  const current = schedule.current_phase ?? schedule.phases[0];
  const interval = (await prices.intervalOfPrice(target)) ?? 'year';
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        start_date: current?.start_date ?? item.current_period_start,
        end_date: item.current_period_end,
        proration_behavior: 'none',
      },
      {
        items: [{ price: target, quantity: 1 }],
        duration: { interval, interval_count: 1 },
        proration_behavior: 'none',
      },
    ],
  });
}

async function pendingPriceOfSchedule(
  stripe: Stripe,
  scheduleId: string,
  currentPrice: string,
): Promise<string | undefined> {
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const last = schedule.phases[schedule.phases.length - 1];
  const price = idOf(last?.items[0]?.price as string | { id: string } | undefined);
  return price && price !== currentPrice ? price : undefined;
}

export async function changePlan(
  stripe: Stripe,
  prices: PriceCatalog,
  subscriptionRef: string | null,
  interval: RecurringInterval,
): Promise<void> {
  if (!subscriptionRef) return;
  const target = (await prices.priceIds())[interval];
  const sub = await stripe.subscriptions.retrieve(subscriptionRef);
  const item = sub.items.data[0];
  const scheduleId = idOf(sub.schedule);
  if (item?.price.id === target) {
    // Back to the plan it already has: drop a pending change.
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    if (sub.metadata?.[PENDING_PLAN])
      await stripe.subscriptions.update(sub.id, { metadata: { [PENDING_PLAN]: '' } });
    return;
  }
  if (sub.cancel_at_period_end) {
    // Auto charge is off, so there is no next period yet: remember the plan for when it is switched on.
    await stripe.subscriptions.update(sub.id, { metadata: { [PENDING_PLAN]: interval } });
    return;
  }
  await schedulePlan(stripe, prices, sub, target);
}

export async function setAutoCharge(
  stripe: Stripe,
  prices: PriceCatalog,
  subscriptionRef: string | null,
  on: boolean,
): Promise<void> {
  if (!subscriptionRef) return;
  const sub = await stripe.subscriptions.retrieve(subscriptionRef);
  const scheduleId = idOf(sub.schedule);
  if (on) {
    const pending = sub.metadata?.[PENDING_PLAN] as RecurringInterval | undefined;
    await stripe.subscriptions.update(subscriptionRef, {
      cancel_at_period_end: false,
      ...(pending ? { metadata: { [PENDING_PLAN]: '' } } : {}),
    });
    if (pending === 'month' || pending === 'year') await changePlan(stripe, prices, subscriptionRef, pending);
    return;
  }
  let pendingInterval: RecurringInterval | undefined;
  if (scheduleId) {
    // A schedule owns cancelation; release it and remember its pending plan for when auto charge returns.
    const item = sub.items.data[0];
    pendingInterval = await prices.intervalOfPrice(
      await pendingPriceOfSchedule(stripe, scheduleId, item?.price.id ?? ''),
    );
    await stripe.subscriptionSchedules.release(scheduleId);
  }
  await stripe.subscriptions.update(subscriptionRef, {
    cancel_at_period_end: true,
    ...(pendingInterval ? { metadata: { [PENDING_PLAN]: pendingInterval } } : {}),
  });
}

/**
 * After a paid extension: the next charge moves to `until` through a trial period without proration,
 * so the customer is not billed for the time already paid.
 */
export async function deferNextCharge(
  stripe: Stripe,
  subscriptionRef: string | null,
  until: Date,
): Promise<void> {
  if (!subscriptionRef) return;
  const at = Math.floor(until.getTime() / 1000);
  if (at <= Math.floor(Date.now() / 1000)) return;
  await stripe.subscriptions.update(subscriptionRef, { trial_end: at, proration_behavior: 'none' });
}
