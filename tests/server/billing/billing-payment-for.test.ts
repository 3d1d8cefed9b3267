// What each payment was for, in the provider's and the admin's payments lists (docs/billing.md): a new
// subscription paid on the sandbox page, an extension of 3 months and a renewal the provider reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, as, listQuery } from '../admin/admin-fixtures';
import {
  activeProvider,
  api,
  payForm,
  sendWebhook,
  subscriptionOf,
  tokenOf,
  type Provider,
} from './billing-fixtures';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let p: Provider;

const PERIOD = /\d{1,2}\/\d{1,2}\/\d{4} – \d{1,2}\/\d{1,2}\/\d{4}$/;

beforeAll(async () => {
  t = await createTestApp();
  p = await activeProvider(t, 'year');
  const a = api(t, await tokenOf(t, p));
  const ext = await a.post('/api/payment/subscription/extend', { recurring_interval: 'month', count: 3 });
  expect(ext.statusCode).toBe(200);
  expect((await payForm(t, ext.json().url)).statusCode).toBe(303);
  const sub = await subscriptionOf(t, p.spId);
  const renewal = await sendWebhook(t, {
    id: 'evt_for_renewal',
    type: 'invoice.paid',
    subscriptionRef: sub.provider_ref,
    transactionId: 'ch_for_renewal',
    amount: 500,
    periodStart: new Date('2030-01-15T00:00:00Z'),
    periodEnd: new Date('2031-01-15T00:00:00Z'),
  });
  expect(renewal.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function expectFor(rows: { transaction_id: string; for: string }[]) {
  const byTx = new Map(rows.map((r) => [r.transaction_id, r.for]));
  expect(rows).toHaveLength(3);
  expect(byTx.get('ch_for_renewal')).toBe('Automatic renewal, yearly plan, 1/15/2030 – 1/15/2031');
  const others = rows.filter((r) => r.transaction_id !== 'ch_for_renewal').map((r) => r.for);
  expect(others).toContain('Extension, 3 months');
  expect(others.find((f) => f.startsWith('Yearly plan, '))).toMatch(PERIOD);
}

describe('payments lists say what each payment was for', () => {
  it("the provider's list", async () => {
    const res = await api(t, await tokenOf(t, p)).get('/api/service_provider/payments');
    expect(res.statusCode).toBe(200);
    expectFor(res.json());
    expect(Object.keys(res.json()[0]).sort()).toEqual([
      'amount',
      'created_on',
      'for',
      'id',
      'transaction_id',
    ]);
  });

  it("the admin's list, filtered by the provider", async () => {
    const admin = as(t, await adminToken(t));
    const res = await admin.get(
      `/api/admin/payment?${listQuery({ filter: { service_provider_uuid: p.spId } })}`,
    );
    expect(res.statusCode).toBe(200);
    expectFor(res.json());
    expect(res.json()[0]).not.toHaveProperty('for_purpose');
  });
});
