// SQL of subscriptions and their change log.
import type { RecurringInterval, SubscriptionStatus } from '../../../../contract/constants';
import type { Queryable } from '../../db';

export interface SubscriptionRow {
  id: string;
  service_provider_id: string;
  status: SubscriptionStatus;
  recurring_interval: RecurringInterval;
  recurring_interval_count: number;
  current_period_start: Date;
  current_period_end: Date;
  auto_charge: boolean;
  provider_ref: string | null;
  reminder_sent_for: Date | null;
  /** Set when the provider (or a newer subscription) canceled it; it may still run to its period end. */
  canceled_on: Date | null;
}

const SUB_COLUMNS = `id, service_provider_id, status, recurring_interval, recurring_interval_count, current_period_start,
  current_period_end, auto_charge, provider_ref, reminder_sent_for, canceled_on`;

/** The provider's current subscription: the newest one that ever started. */
export async function currentSubscription(
  q: Queryable,
  spId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE service_provider_id = $1 AND status <> 'incomplete'
      ORDER BY created_on DESC, id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [spId],
  );
  return rows[0];
}

/** By the provider's ref (or, for rows made before refs existed, our id). Not locked: see lockProvider. */
export async function subscriptionByRef(q: Queryable, ref: string): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE provider_ref = $1 OR (provider_ref IS NULL AND id::text = $1)`,
    [ref],
  );
  return rows[0];
}

export async function subscriptionById(q: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** The provider's subscriptions left past due, locked (a new subscription closes them). */
export async function pastDueSubscriptions(q: Queryable, spId: string): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE service_provider_id = $1 AND status = 'past_due'
      ORDER BY created_on, id FOR UPDATE`,
    [spId],
  );
}

export async function insertSubscription(
  q: Queryable,
  s: {
    spId: string;
    interval: RecurringInterval;
    start: Date;
    end: Date;
    providerRef: string;
    autoCharge: boolean;
    now: Date;
  },
): Promise<SubscriptionRow> {
  const rows = await q.query<SubscriptionRow>(
    `INSERT INTO subscriptions (service_provider_id, status, recurring_interval, current_period_start, current_period_end,
       auto_charge, provider_ref, created_on, updated_on)
     VALUES ($1, 'active', $2, $3, $4, $5, $6, $7, $7) RETURNING ${SUB_COLUMNS}`,
    [s.spId, s.interval, s.start, s.end, s.autoCharge, s.providerRef, s.now],
  );
  return rows[0];
}

/** What an update may set; fields left undefined keep their value. */
export type SubscriptionUpdate = Partial<{
  status: SubscriptionStatus;
  start: Date;
  end: Date;
  interval: RecurringInterval;
  autoCharge: boolean;
  canceledOn: Date;
  reminderFor: Date;
}>;

export async function updateSubscription(
  q: Queryable,
  id: string,
  set: SubscriptionUpdate,
  now: Date,
): Promise<void> {
  const cols: Record<string, unknown> = {
    status: set.status,
    current_period_start: set.start,
    current_period_end: set.end,
    recurring_interval: set.interval,
    auto_charge: set.autoCharge,
    canceled_on: set.canceledOn,
    reminder_sent_for: set.reminderFor,
  };
  const entries = Object.entries(cols).filter(([, v]) => v !== undefined);
  const params: unknown[] = [id, now, ...entries.map(([, v]) => v)];
  const assigns = entries.map(([k], i) => `${k} = $${i + 3}`);
  await q.query(
    `UPDATE subscriptions SET ${[...assigns, 'updated_on = $2'].join(', ')} WHERE id = $1`,
    params,
  );
}

export async function logChange(
  q: Queryable,
  c: {
    spId: string;
    subscriptionId: string | null;
    actor: string;
    change: string;
    from?: string | null;
    to?: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO subscription_changes (service_provider_id, subscription_id, actor, change, from_value, to_value, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.spId, c.subscriptionId, c.actor, c.change, c.from ?? null, c.to ?? null, c.now],
  );
}

/** Active subscriptions whose period has ended. */
export async function dueSubscriptions(q: Queryable, now: Date): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE status = 'active' AND current_period_end <= $1
      ORDER BY current_period_end LIMIT 500`,
    [now],
  );
}

/** Claims the reminder of each active subscription ending before `until`: one per period. */
export async function claimReminders(q: Queryable, now: Date, until: Date): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `UPDATE subscriptions SET reminder_sent_for = current_period_end
      WHERE status = 'active' AND current_period_end > $1 AND current_period_end <= $2
        AND reminder_sent_for IS DISTINCT FROM current_period_end
      RETURNING ${SUB_COLUMNS}`,
    [now, until],
  );
}
