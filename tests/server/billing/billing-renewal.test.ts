// Renewals with an injected clock, and every sign-in outcome reached through real billing state:
// paid → signs in; auto charge off → lapsed; a failing card → past due → a pay page → paid again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../contract/constants';
import { billingDepsOf, type BillingDeps } from '../../../server/src/billing/deps';
import { addMonths } from '../../../server/src/billing/plans';
import { runRenewals } from '../../../server/src/billing/renewals';
import { createTestApp, type TestApp } from '../helpers';
import { login, mailsTo } from '../accounts/accounts-fixtures';
import {
  activeProvider,
  api,
  goodCard,
  payForm,
  subscriptionOf,
  tokenOf,
  type Provider,
} from './billing-fixtures';

const DAY = 86_400_000;
let clock = Date.now();
let t: TestApp;
let billing: BillingDeps;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  billing = billingDepsOf(t.services);
});
afterAll(async () => {
  await t?.close();
});

async function withCard(p: Provider, number = '4242424242424242', autoCharge = true) {
  const a = api(t, await tokenOf(t, p));
  const card = await a.post('/api/payment/payment_card', goodCard({ number }));
  expect(card.statusCode).toBe(201);
  const on = await a.post('/api/payment/set_auto_charge', {
    auto_charge: autoCharge,
    service_provider_uuid: p.spId,
  });
  expect(on.statusCode).toBe(200);
}

describe('renewals', () => {
  it('reminds 7 days ahead once, renews with auto charge on, and lapses with it off', async () => {
    clock = Date.now();
    const renewing = await activeProvider(t, 'month');
    await withCard(renewing);
    const lapsing = await activeProvider(t, 'month');
    const end = new Date((await subscriptionOf(t, renewing.spId)).current_period_end);

    clock = end.getTime() - 6 * DAY;
    const first = await runRenewals(billing, new Date(clock));
    expect(first.reminded).toBeGreaterThanOrEqual(2);
    expect((await runRenewals(billing, new Date(clock))).reminded).toBe(0);
    expect(mailsTo(t.config, renewing.email).some((m) => /renews on/.test(m))).toBe(true);

    clock = end.getTime() + 60_000 + DAY;
    const summary = await runRenewals(billing, new Date(clock));
    expect(summary.renewed).toBeGreaterThanOrEqual(1);
    expect(summary.lapsed).toBeGreaterThanOrEqual(1);
    // running again charges nothing more
    await runRenewals(billing, new Date(clock));

    const renewed = await subscriptionOf(t, renewing.spId);
    expect(renewed.status).toBe('active');
    expect(new Date(renewed.current_period_end).toISOString()).toBe(addMonths(end, 1).toISOString());
    const payments = await t.db.query<{ amount: number }>(
      'SELECT amount FROM payments WHERE service_provider_id = $1',
      [renewing.spId],
    );
    expect(payments.map((p) => p.amount)).toEqual([100, 100]);
    const invoices = await t.db.query<{ status: string; billing_cycle_months: number }>(
      'SELECT status, billing_cycle_months FROM invoices WHERE service_provider_id = $1',
      [renewing.spId],
    );
    expect(invoices).toHaveLength(2);
    expect(invoices.every((i) => i.status === 'paid' && i.billing_cycle_months === 1)).toBe(true);
    expect((await login(t, renewing.email, renewing.password)).statusCode).toBe(200);

    expect((await subscriptionOf(t, lapsing.spId)).status).toBe('expired');
    const refused = await login(t, lapsing.email, lapsing.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LOGIN_MESSAGES.noActiveSubscription);
    expect(refused.json().service_provider_uuid).toBe(lapsing.spId);

    // A lapsed provider may start a new subscription (new_sub=yes) and signs in again once it is paid.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        recurring_interval: 'year',
        recurring_interval_count: 1,
        service_provider_uuid: lapsing.spId,
      }),
    });
    expect(again.statusCode).toBe(200);
    expect((await payForm(t, again.json().data.url)).statusCode).toBe(303);
    expect((await login(t, lapsing.email, lapsing.password)).statusCode).toBe(200);
    clock = Date.now();
  });

  it('past due: a failing card, the past-due pay page, then paid again', async () => {
    clock = Date.now();
    const p = await activeProvider(t, 'month');
    await withCard(p, '4000000000000341');
    const end = new Date((await subscriptionOf(t, p.spId)).current_period_end);
    clock = end.getTime() + DAY;
    const summary = await runRenewals(billing, new Date(clock));
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(t, p.spId)).status).toBe('past_due');
    expect(mailsTo(t.config, p.email).some((m) => /payment failed/i.test(m))).toBe(true);

    const pastDue = await login(t, p.email, p.password);
    expect(pastDue.statusCode).toBe(402);
    expect(pastDue.json().message).toBe(LOGIN_MESSAGES.pastDue);
    expect(pastDue.json().service_provider_uuid).toBe(p.spId);

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/payment/old_subscription_invoice?service_provider_uuid=${p.spId}`,
    });
    expect(link.statusCode).toBe(200);
    const url = link.json().url as string;
    // asked again: the same open invoice and page
    const link2 = await t.app.inject({
      method: 'GET',
      url: `/api/payment/old_subscription_invoice?service_provider_uuid=${p.spId}`,
    });
    expect(link2.json().url).toBe(url);

    const newInvoice = await login(t, p.email, p.password);
    expect(newInvoice.statusCode).toBe(402);
    expect(newInvoice.json().message).toBe(LOGIN_MESSAGES.pastDueNewInvoice);
    expect(newInvoice.json().url).toBe(url);

    const declined = await payForm(t, url, { number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    const paid = await payForm(t, url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://portal.test/login?notice=past_due_paid');
    const sub = await subscriptionOf(t, p.spId);
    expect(sub.status).toBe('active');
    expect(new Date(sub.current_period_end).getTime()).toBe(addMonths(new Date(clock), 1).getTime());
    const open = await t.db.query(
      `SELECT 1 FROM invoices WHERE service_provider_id = $1 AND status = 'open'`,
      [p.spId],
    );
    expect(open).toHaveLength(0);
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);

    const notDue = await t.app.inject({
      method: 'GET',
      url: `/api/payment/old_subscription_invoice?service_provider_uuid=${p.spId}`,
    });
    expect(notDue.statusCode).toBe(422);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/payment/old_subscription_invoice?service_provider_uuid=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    clock = Date.now();
  });

  it('an expired saved card fails the renewal', async () => {
    clock = Date.now();
    const p = await activeProvider(t, 'month');
    await withCard(p);
    const end = new Date((await subscriptionOf(t, p.spId)).current_period_end);
    // five years on, the card (3 years) has expired
    clock = end.getTime() + 5 * 365 * DAY;
    await runRenewals(billing, new Date(clock));
    expect((await subscriptionOf(t, p.spId)).status).toBe('past_due');
    clock = Date.now();
  });

  it('schedules the renewal sweep every 10 minutes once the queue runs', async () => {
    const deadline = Date.now() + 10_000;
    let rows: { cron: string }[] = [];
    while (!rows.length && Date.now() < deadline) {
      rows = await t.db.query<{ cron: string }>(
        `SELECT cron FROM pgboss.schedule WHERE name = 'billing-renewals'`,
      );
      if (!rows.length) await new Promise((r) => setTimeout(r, 200));
    }
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);
  }, 15_000);

  it('adds calendar months, keeping to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('keeps invoice numbers gap-free', async () => {
    const rows = await t.db.query<{ invoice_number: number }>(
      'SELECT invoice_number FROM invoices ORDER BY invoice_number',
    );
    expect(rows.map((r) => r.invoice_number)).toEqual(rows.map((_, i) => i + 1));
  });
});
