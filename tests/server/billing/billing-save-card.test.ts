// The card paid with at checkout kept for automatic renewal (docs/billing.md), through the sandbox's page: kept
// when asked (brand, last four, expiry; never the number) with auto charge on, nothing kept otherwise. Also the
// plan prices the subscription answers for the confirmation of a plan switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { postJson } from '../accounts/accounts-fixtures';
import { api, checkoutIdOf, confirmedProvider, payForm, tokenOf, type Provider } from './billing-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function paidProvider(saveCard: boolean | undefined): Promise<Provider> {
  const p = await confirmedProvider(t);
  const res = await postJson(t, '/api/payment/subscription', {
    recurring_interval: 'month',
    recurring_interval_count: 1,
    service_provider_uuid: p.spId,
    ...(saveCard === undefined ? {} : { save_card: saveCard }),
  });
  expect(res.statusCode).toBe(200);
  const url = res.json().data.url as string;
  const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutIdOf(url)}` });
  expect(page.body.includes('save-card-note')).toBe(Boolean(saveCard));
  const paid = await payForm(t, url, { number: '4242 4242 4242 4242', exp_month: '11', exp_year: '2035' });
  expect(paid.statusCode).toBe(303);
  return p;
}

describe('save the card at checkout', () => {
  it('kept: the renewal page lists it and auto renewal is on and can be switched', async () => {
    const p = await paidProvider(true);
    const a = api(t, await tokenOf(t, p));
    const cards = await a.get('/api/payment/payment_card');
    expect(cards.statusCode).toBe(200);
    const [card] = cards.json().data;
    expect(card.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2035 });
    expect(JSON.stringify(cards.json())).not.toContain('4242424242424242');
    expect((await a.get('/api/payment/subscription')).json().auto_charge).toBe(true);
    const off = await a.post('/api/payment/set_auto_charge', {
      auto_charge: false,
      service_provider_uuid: p.spId,
    });
    expect(off.statusCode).toBe(200);
    const on = await a.post('/api/payment/set_auto_charge', {
      auto_charge: true,
      service_provider_uuid: p.spId,
    });
    expect(on.statusCode).toBe(200);
    expect((await a.get('/api/payment/subscription')).json().auto_charge).toBe(true);
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM payment_cards WHERE last4 = $1 AND exp_year = 2035',
      ['4242'],
    );
    expect(Object.values(row).map(String)).not.toContain('4242424242424242');
  });

  it.each([false, undefined])('not kept (save_card %s): no card, auto charge off', async (save) => {
    const p = await paidProvider(save);
    const a = api(t, await tokenOf(t, p));
    expect((await a.get('/api/payment/payment_card')).json().data).toEqual([]);
    expect((await a.get('/api/payment/subscription')).json().auto_charge).toBe(false);
  });

  it('refuses a save_card that is not a boolean with a 400 naming it', async () => {
    const p = await confirmedProvider(t);
    const res = await postJson(t, '/api/payment/subscription', {
      recurring_interval: 'month',
      service_provider_uuid: p.spId,
      save_card: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('save_card must be true or false');
  });
});

describe('GET /api/payment/subscription for a plan switch', () => {
  it("answers each plan's price beside the period end the next charge falls on", async () => {
    const p = await paidProvider(false);
    const res = await api(t, await tokenOf(t, p)).get('/api/payment/subscription');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.prices).toEqual({ month: 100, year: 500 });
    expect(body.plan.interval).toBe('month');
    expect(new Date(body.current_period_end).getTime()).toBeGreaterThan(Date.now());
  });
});
