// moveSubscriptionPeriod, the one way a subscription changes: the row, then one log entry per real change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../../server/src/billing/plans';
import * as store from '../../../server/src/billing/store';
import { moveSubscriptionPeriod } from '../../../server/src/billing/subscriptions';
import { activeProvider } from './billing-fixtures';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function changesOf(spId: string) {
  return t.db.query<{ actor: string; change: string; from_value: string | null; to_value: string | null }>(
    `SELECT actor, change, from_value, to_value FROM subscription_changes
      WHERE service_provider_id = $1 AND change <> 'subscription started' ORDER BY created_on, change`,
    [spId],
  );
}

async function currentOf(spId: string) {
  return (await store.currentSubscription(t.db, spId)) as store.SubscriptionRow;
}

describe('moveSubscriptionPeriod', () => {
  it('moves the period end and the status, logging each change once', async () => {
    const p = await activeProvider(t, 'month');
    const sub = await currentOf(p.spId);
    const failedOn = new Date();
    await t.db.transaction((tx) =>
      moveSubscriptionPeriod(tx, sub, { status: 'past_due' }, { actor: 'payment', now: failedOn }),
    );
    const pastDue = await currentOf(p.spId);
    expect(pastDue.status).toBe('past_due');
    const paidOn = new Date(failedOn.getTime() + 1000);
    const end = addMonths(new Date(pastDue.current_period_end), 1);
    await t.db.transaction((tx) =>
      moveSubscriptionPeriod(tx, pastDue, { status: 'active', end }, { actor: 'payment', now: paidOn }),
    );
    const moved = await currentOf(p.spId);
    expect(moved.status).toBe('active');
    expect(new Date(moved.current_period_end).toISOString()).toBe(end.toISOString());
    expect(await changesOf(p.spId)).toEqual([
      { actor: 'payment', change: 'status', from_value: 'active', to_value: 'past_due' },
      {
        actor: 'payment',
        change: 'period end',
        from_value: new Date(pastDue.current_period_end).toISOString(),
        to_value: end.toISOString(),
      },
      { actor: 'payment', change: 'status', from_value: 'past_due', to_value: 'active' },
    ]);
  });

  it('logs nothing for values that stay the same, and a note under its own name', async () => {
    const p = await activeProvider(t, 'month');
    const sub = await currentOf(p.spId);
    const now = new Date();
    await t.db.transaction((tx) =>
      moveSubscriptionPeriod(
        tx,
        sub,
        { status: 'active', end: new Date(sub.current_period_end) },
        { actor: 'system', now },
      ),
    );
    expect(await changesOf(p.spId)).toEqual([]);
    const note = { change: 'auto charge', from: 'false', to: 'true' };
    await t.db.transaction((tx) =>
      moveSubscriptionPeriod(tx, sub, { autoCharge: true }, { actor: 'owner@sp.test', now, note }),
    );
    expect((await currentOf(p.spId)).auto_charge).toBe(true);
    expect(await changesOf(p.spId)).toEqual([
      { actor: 'owner@sp.test', change: 'auto charge', from_value: 'false', to_value: 'true' },
    ]);
  });
});
