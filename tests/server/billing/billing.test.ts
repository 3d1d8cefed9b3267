// Billing over HTTP on a real database: checkouts, the sandbox pay path, plan, extend, auto charge, cards,
// listings, invoice files, and the webhook (signature, replay, order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../contract/constants';
import { billingDepsOf } from '../../../server/src/billing/deps';
import { issueInvoiceDocuments } from '../../../server/src/billing/invoices';
import { addMonths } from '../../../server/src/billing/plans';
import { createTestApp, type TestApp } from '../helpers';
import { count, headerOf, login, mailsTo, postJson } from '../accounts/accounts-fixtures';
import {
  activeProvider,
  api,
  checkoutIdOf,
  confirmedProvider,
  goodCard,
  payForm,
  sendWebhook,
  startCheckout,
  subscriptionOf,
  tokenOf,
} from './billing-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/payment/subscription', () => {
  it('opens a sandbox checkout for a registered provider, and paying it activates the account', async () => {
    const p = await confirmedProvider(t);
    expect((await login(t, p.email, p.password)).json().message).toBe(LOGIN_MESSAGES.notActive);
    const res = await startCheckout(t, p.spId, 'month');
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    const paid = await payForm(t, url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://portal.test/login?notice=subscription_paid');
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);
    const sub = await subscriptionOf(t, p.spId);
    expect(sub.status).toBe('active');
    expect(sub.recurring_interval).toBe('month');
    expect(new Date(sub.current_period_end).getTime()).toBe(
      addMonths(new Date(sub.current_period_start), 1).getTime(),
    );
    const changes = await t.db.query(
      'SELECT change FROM subscription_changes WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(changes.map((c) => c.change)).toContain('subscription started');
  });

  it('refuses a second checkout of an active provider (422)', async () => {
    const p = await activeProvider(t);
    const res = await startCheckout(t, p.spId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Service provider already has an active subscription');
  });

  it('answers 404 for an unknown or malformed provider uuid', async () => {
    expect((await startCheckout(t, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await startCheckout(t, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('validates interval and count', async () => {
    const p = await confirmedProvider(t);
    const bad = await postJson(t, '/api/payment/subscription', {
      recurring_interval: 'week',
      recurring_interval_count: 1,
      service_provider_uuid: p.spId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.recurring_interval).toBe('recurring_interval must be one of month, year');
    const two = await postJson(t, '/api/payment/subscription', {
      recurring_interval: 'year',
      recurring_interval_count: 2,
      service_provider_uuid: p.spId,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors.recurring_interval_count).toBe('recurring_interval_count must be 1');
    const missing = await postJson(t, '/api/payment/subscription', { recurring_interval: 'year' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.service_provider_uuid).toBeDefined();
  });

  it('pays a checkout paid three times at once only once', async () => {
    const p = await confirmedProvider(t);
    const url = (await startCheckout(t, p.spId)).json().data.url as string;
    const results = await Promise.all([payForm(t, url), payForm(t, url), payForm(t, url)]);
    expect(results.map((r) => r.statusCode)).toEqual([303, 303, 303]);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(n).toBe(1);
    const [{ m }] = await t.db.query<{ m: number }>(
      'SELECT count(*)::int AS m FROM invoices WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(m).toBe(1);
    const subs = await t.db.query('SELECT id FROM subscriptions WHERE service_provider_id = $1', [p.spId]);
    expect(subs).toHaveLength(1);
    const [checkout] = await t.db.query<{ status: string }>('SELECT status FROM checkouts WHERE id = $1', [
      checkoutIdOf(url),
    ]);
    expect(checkout.status).toBe('paid');
  });
});

describe('plan, extend and auto charge', () => {
  it('shows and changes the plan, and logs the change', async () => {
    const p = await activeProvider(t, 'year');
    const a = api(t, await tokenOf(t, p));
    const plan = await a.get('/api/payment/subscription');
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({
      plan: { interval: 'year', interval_count: 1 },
      status: 'active',
      auto_charge: false,
    });
    expect(typeof plan.json().current_period_end).toBe('string');

    const change = await a.patch('/api/payment/sp/subscription', {
      recurring_interval: 'month',
      recurring_interval_count: 1,
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().message).toBe('Auto charge period changed successfully');
    expect((await a.get('/api/payment/subscription')).json().plan.interval).toBe('month');
    const log = await t.db.query<{ change: string; from_value: string; to_value: string }>(
      `SELECT change, from_value, to_value FROM subscription_changes WHERE service_provider_id = $1 AND change = 'plan'`,
      [p.spId],
    );
    expect(log).toEqual([{ change: 'plan', from_value: 'year', to_value: 'month' }]);

    const bad = await a.patch('/api/payment/sp/subscription', {
      recurring_interval: 'decade',
      recurring_interval_count: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.recurring_interval).toBe('recurring_interval must be one of month, year');
  });

  it('extends: 20 calls at once give one open checkout, and paying it moves the expiry once', async () => {
    const p = await activeProvider(t, 'month');
    const a = api(t, await tokenOf(t, p));
    const before = new Date((await subscriptionOf(t, p.spId)).current_period_end);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.post('/api/payment/subscription/extend', { recurring_interval: 'month' }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const urls = answers.map((r) => r.json().url as string);
    expect(new Set(urls).size).toBe(1);
    const paid = await payForm(t, urls[0]);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://portal.test/account/summary?notice=extension_paid');
    // paying again changes nothing
    await payForm(t, urls[0]);
    const after = await subscriptionOf(t, p.spId);
    expect(new Date(after.current_period_end).toISOString()).toBe(addMonths(before, 1).toISOString());
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(n).toBe(2);
    // Once paid, the next extension opens a new page.
    const next = await a.post('/api/payment/subscription/extend', { recurring_interval: 'month' });
    expect(next.json().url).not.toBe(urls[0]);
  });

  it('refuses an unknown extend interval', async () => {
    const p = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const res = await a.post('/api/payment/subscription/extend', { recurring_interval: 'week' });
    expect(res.statusCode).toBe(400);
  });

  it('sets auto charge for its own uuid only, with a valid card', async () => {
    const p = await activeProvider(t);
    const other = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const foreign = await a.post('/api/payment/set_auto_charge', {
      auto_charge: true,
      service_provider_uuid: other.spId,
    });
    expect(foreign.statusCode).toBe(404);
    const noCard = await a.post('/api/payment/set_auto_charge', {
      auto_charge: true,
      service_provider_uuid: p.spId,
    });
    expect(noCard.statusCode).toBe(422);
    expect((await a.post('/api/payment/payment_card', goodCard())).statusCode).toBe(201);
    const on = await a.post('/api/payment/set_auto_charge', {
      auto_charge: true,
      service_provider_uuid: p.spId,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe('Auto charge enabled');
    expect((await a.get('/api/payment/subscription')).json().auto_charge).toBe(true);
    const off = await a.post('/api/payment/set_auto_charge', {
      auto_charge: false,
      service_provider_uuid: p.spId,
    });
    expect(off.json().message).toBe('Auto charge disabled');
    // the same value again changes nothing; each real change is in the log
    await a.post('/api/payment/set_auto_charge', { auto_charge: false, service_provider_uuid: p.spId });
    const log = await t.db.query(
      `SELECT from_value, to_value FROM subscription_changes
        WHERE service_provider_id = $1 AND change = 'auto charge' ORDER BY created_on`,
      [p.spId],
    );
    expect(log).toEqual([
      { from_value: 'false', to_value: 'true' },
      { from_value: 'true', to_value: 'false' },
    ]);
    const bad = await a.post('/api/payment/set_auto_charge', {
      auto_charge: 'yes',
      service_provider_uuid: p.spId,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('saved cards', () => {
  it('adds, lists and updates cards; the number and cvc are never stored', async () => {
    const p = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    expect((await a.get('/api/payment/payment_card')).json()).toEqual({ data: [] });
    const add = await a.post('/api/payment/payment_card', goodCard({ cvc: '987' }));
    expect(add.statusCode).toBe(201);
    expect(add.json().message).toBe('Your card has been successfully added');
    const list = (await a.get('/api/payment/payment_card')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      card: { brand: 'visa', last4: '4242', exp_month: 12 },
      billing_details: {
        address: { line1: '1 Engine Way', state: 'NY', city: 'New York', postal_code: '10001' },
      },
    });
    expect(typeof list[0].created).toBe('number');
    const stored = await t.db.query<{ j: string }>('SELECT row_to_json(c)::text AS j FROM payment_cards c');
    // Random ids (uuids, the sandbox's hex card and customer ids) and timestamps may hold "987" by chance: the CVC
    // is looked for in every other value.
    const generated = (v: unknown) =>
      typeof v === 'string' &&
      (/^[0-9a-f-]{36}$/.test(v) || /^(card|cus)_sb_[0-9a-f]+$/.test(v) || /^\d{4}-\d\d-\d\dT/.test(v));
    for (const row of stored) {
      expect(row.j).not.toContain('4242424242424242');
      const values = Object.values(JSON.parse(row.j) as Record<string, unknown>).filter((v) => !generated(v));
      expect(JSON.stringify(values)).not.toContain('987');
    }
    const upd = await a.patch(`/api/payment/payment_card/${list[0].id}`, {
      exp_month: 1,
      exp_year: new Date().getUTCFullYear() + 5,
      billing_address: '2 Engine Way',
      state: 'NJ',
      city: 'Newark',
      zip_code: '07102',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Your card has been successfully updated');
    const after = (await a.get('/api/payment/payment_card')).json().data[0];
    expect(after.card.exp_month).toBe(1);
    expect(after.billing_details.address.city).toBe('Newark');
  });

  it('refuses bad cards with the form messages, a declined card with 402, and a foreign card id with 404', async () => {
    const p = await activeProvider(t);
    const other = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const b = api(t, await tokenOf(t, other));
    const badNumber = await a.post('/api/payment/payment_card', goodCard({ number: '4242424242424241' }));
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errors.number).toBe('credit card number is invalid');
    const badCvc = await a.post('/api/payment/payment_card', goodCard({ cvc: '1' }));
    expect(badCvc.json().errors.cvc).toBe('cvc is invalid');
    const past = await a.post('/api/payment/payment_card', goodCard({ exp_year: 2020 }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.exp_year).toBe('must be a date after now');
    const missing = await a.post('/api/payment/payment_card', goodCard({ city: '' }));
    expect(missing.json().errors.city).toBe('required field');
    const declined = await a.post('/api/payment/payment_card', goodCard({ number: '4000000000000002' }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');

    expect((await b.post('/api/payment/payment_card', goodCard())).statusCode).toBe(201);
    const theirs = (await b.get('/api/payment/payment_card')).json().data[0].id as string;
    const upd = await a.patch(`/api/payment/payment_card/${theirs}`, {
      exp_month: 1,
      exp_year: new Date().getUTCFullYear() + 5,
      billing_address: 'x',
      state: 'NY',
      city: 'y',
      zip_code: '1',
    });
    expect(upd.statusCode).toBe(404);
  });
});

describe('payments and invoices', () => {
  it('lists payments newest first with the list protocol, own rows only', async () => {
    const p = await activeProvider(t, 'month');
    const other = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const url = (await a.post('/api/payment/subscription/extend', { recurring_interval: 'year' })).json().url;
    await payForm(t, url);
    const res = await a.get('/api/service_provider/payments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('payments 0-1/2');
    const rows = res.json();
    expect(rows.map((r: { amount: number }) => r.amount)).toEqual([500, 100]);
    expect(Object.keys(rows[0]).sort()).toEqual(['amount', 'created_on', 'for', 'id', 'transaction_id']);
    expect(rows.map((r: { for: string }) => r.for)).toEqual([
      'Extension, 12 months',
      expect.stringMatching(/^Monthly plan, \d+\/\d+\/\d{4} – \d+\/\d+\/\d{4}$/),
    ]);
    const page = await a.get(`/api/service_provider/payments?range=${encodeURIComponent('[1,1]')}`);
    expect(page.headers['content-range']).toBe('payments 1-1/2');
    expect(page.json()).toHaveLength(1);
    const bad = await a.get(
      `/api/service_provider/payments?sort=${encodeURIComponent('["password","ASC"]')}`,
    );
    expect(bad.statusCode).toBe(400);
    const theirs = await api(t, await tokenOf(t, other)).get('/api/service_provider/payments');
    expect(theirs.json().map((r: { id: string }) => r.id)).not.toContain(rows[0].id);
  });

  it('lists invoices with their file path and serves the PDF to its owner only', async () => {
    const p = await activeProvider(t, 'year');
    const other = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const res = await a.get('/api/service_provider/invoices');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('invoices 0-0/1');
    const [inv] = res.json();
    expect(inv).toMatchObject({
      amount: 500,
      billing_cycle_months: 12,
      invoice_path: `/api/service_provider/invoices/${inv.id}/file`,
    });
    expect(typeof inv.invoice_number).toBe('number');
    const file = await a.get(inv.invoice_path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const foreign = await api(t, await tokenOf(t, other)).get(inv.invoice_path);
    expect(foreign.statusCode).toBe(404);
    expect((await a.get('/api/service_provider/invoices/not-a-uuid/file')).statusCode).toBe(404);
    const one = await a.get(`/api/service_provider/invoices/${inv.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(inv);
    expect(
      (await api(t, await tokenOf(t, other)).get(`/api/service_provider/invoices/${inv.id}`)).statusCode,
    ).toBe(404);
    expect((await a.get('/api/service_provider/invoices/not-a-uuid')).statusCode).toBe(404);
  });

  it('requires a service provider token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/service_provider/payments' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/payment_card' })).statusCode).toBe(401);
  });
});

describe('POST /api/payment/webhook', () => {
  it('refuses a bad signature with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': `v1=${'0'.repeat(64)}` },
      payload: JSON.stringify({ id: 'evt_x', type: 'ignored', providerType: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    const unsigned = await postJson(t, '/api/payment/webhook', { id: 'evt_y', type: 'ignored' });
    expect(unsigned.statusCode).toBe(400);
  });

  it('handles a replayed event once', async () => {
    const p = await confirmedProvider(t);
    const url = (await startCheckout(t, p.spId)).json().data.url as string;
    const event = {
      id: 'evt_replay_1',
      type: 'checkout.paid' as const,
      checkoutRef: checkoutIdOf(url),
      transactionId: 'ch_replay_1',
      amount: 500,
    };
    const first = await sendWebhook(t, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const state1 = await subscriptionOf(t, p.spId);
    const second = await sendWebhook(t, event);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(await subscriptionOf(t, p.spId)).toEqual(state1);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(n).toBe(1);
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);
  });

  it("does not count a provider's first invoice twice after the checkout that started the subscription", async () => {
    const p = await confirmedProvider(t);
    const url = (await startCheckout(t, p.spId, 'month')).json().data.url as string;
    const paid = await sendWebhook(t, {
      id: 'evt_first_checkout',
      type: 'checkout.paid',
      checkoutRef: checkoutIdOf(url),
      transactionId: 'in_first_1',
      amount: 100,
      subscriptionRef: 'sub_provider_first',
    });
    expect(paid.statusCode).toBe(200);
    const sub = await subscriptionOf(t, p.spId);
    expect(sub.provider_ref).toBe('sub_provider_first');
    expect(sub.auto_charge).toBe(true);
    const periodStart = new Date(new Date(sub.current_period_start).getTime() - 5_000);
    // the same first invoice, by its invoice id, and the same period by another id
    await sendWebhook(t, {
      id: 'evt_first_invoice',
      type: 'invoice.paid',
      subscriptionRef: 'sub_provider_first',
      transactionId: 'pi_first_1',
      invoiceRef: 'in_first_1',
      amount: 100,
      periodStart,
      periodEnd: addMonths(periodStart, 1),
    });
    await sendWebhook(t, {
      id: 'evt_first_invoice_b',
      type: 'invoice.paid',
      subscriptionRef: 'sub_provider_first',
      transactionId: 'pi_first_2',
      amount: 100,
      periodStart,
      periodEnd: addMonths(periodStart, 1),
    });
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(n).toBe(1);
  });

  it('ends in the same state whatever order renewal events arrive in', async () => {
    const orders = [
      ['paid1', 'paid2', 'failed', 'canceledOther'],
      ['failed', 'paid2', 'paid1', 'canceledOther'],
      ['paid2', 'failed', 'paid1', 'canceledOther'],
    ];
    const finals: unknown[] = [];
    for (const [i, order] of orders.entries()) {
      const p = await activeProvider(t, 'month');
      const sub = await subscriptionOf(t, p.spId);
      // The period ended a day ago: renewals are due.
      const end = new Date(Date.now() - 86_400_000);
      const start = addMonths(end, -1);
      await t.db.query(
        'UPDATE subscriptions SET current_period_start = $2, current_period_end = $3 WHERE id = $1',
        [sub.id, start, end],
      );
      const ref = sub.provider_ref;
      const events = {
        paid1: {
          id: `evt_${i}_p1`,
          type: 'invoice.paid' as const,
          subscriptionRef: ref,
          transactionId: `ch_${i}_1`,
          amount: 100,
          periodStart: end,
          periodEnd: addMonths(end, 1),
        },
        paid2: {
          id: `evt_${i}_p2`,
          type: 'invoice.paid' as const,
          subscriptionRef: ref,
          transactionId: `ch_${i}_2`,
          amount: 100,
          periodStart: addMonths(end, 1),
          periodEnd: addMonths(end, 2),
        },
        failed: {
          id: `evt_${i}_f`,
          type: 'invoice.payment_failed' as const,
          subscriptionRef: ref,
          amount: 100,
          reason: 'Your card was declined.',
        },
        canceledOther: {
          id: `evt_${i}_c`,
          type: 'subscription.canceled' as const,
          subscriptionRef: 'sub_unknown',
        },
      };
      for (const name of order) {
        const res = await sendWebhook(t, events[name as keyof typeof events]);
        expect(res.statusCode).toBe(200);
      }
      // and every event once more: replays change nothing
      for (const name of order) await sendWebhook(t, events[name as keyof typeof events]);
      const s = await subscriptionOf(t, p.spId);
      const invoices = await t.db.query<{
        start_billing_cycle: Date;
        end_billing_cycle: Date;
        status: string;
      }>(
        `SELECT start_billing_cycle, end_billing_cycle, status FROM invoices
          WHERE service_provider_id = $1 AND transaction_id LIKE $2 ORDER BY start_billing_cycle`,
        [p.spId, `ch_${i}_%`],
      );
      const [{ n }] = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
        [p.spId],
      );
      expect(s.status).toBe('active');
      expect(new Date(s.current_period_end).toISOString()).toBe(addMonths(end, 2).toISOString());
      finals.push({
        status: s.status,
        start: new Date(s.current_period_start).getTime() - end.getTime(),
        end: new Date(s.current_period_end).getTime() - end.getTime(),
        payments: n,
        invoices: invoices.map((x) => [new Date(x.start_billing_cycle).getTime() - end.getTime(), x.status]),
      });
      expect((await login(t, p.email, p.password)).statusCode).toBe(200);
    }
    expect(finals[1]).toEqual(finals[0]);
    expect(finals[2]).toEqual(finals[0]);
  });
});

describe('invoice documents', () => {
  it('mails the receipt with the invoice PDF through the job queue, once', async () => {
    // an app of its own: the shared one has a backlog of documents jobs from the tests above
    const t = await createTestApp();
    try {
      const p = await activeProvider(t, 'month');
      // the receipt is the mail with the invoice attached
      const receipts = () => mailsTo(t.config, p.email).filter((m) => /filename="?invoice-\d+\.pdf/.test(m));
      const deadline = Date.now() + 20_000;
      while (!receipts().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(receipts()).toHaveLength(1);
      expect(receipts()[0]).toMatch(/application\/pdf/);
      expect(headerOf(receipts()[0], 'Subject')).toBeDefined();
      const [inv] = await t.db.query<{ id: string; pdf: Uint8Array | null; receipt_sent_on: Date | null }>(
        'SELECT id, pdf, receipt_sent_on FROM invoices WHERE service_provider_id = $1',
        [p.spId],
      );
      expect(inv.receipt_sent_on).not.toBeNull();
      expect(
        Buffer.from(inv.pdf as Uint8Array)
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('%PDF');
      // the job running again sends nothing more
      await issueInvoiceDocuments(billingDepsOf(t.services), inv.id);
      expect(receipts()).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('invoice numbers', () => {
  it('are gap-free', async () => {
    const rows = await t.db.query<{ invoice_number: number }>(
      'SELECT invoice_number FROM invoices ORDER BY invoice_number',
    );
    expect(rows.length).toBe(await count(t.db, 'invoices'));
    expect(rows.map((r) => r.invoice_number)).toEqual(rows.map((_, i) => i + 1));
  });
});
