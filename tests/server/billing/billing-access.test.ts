// Every protected payment route names its resource and action: a provider reaches them, the other roles do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeProvider, api, tokenOf } from './billing-fixtures';
import { createTestApp, sessionToken, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ID = '00000000-0000-4000-8000-000000000000';
const ROUTES: [method: 'get' | 'post' | 'patch', url: string][] = [
  ['get', '/api/payment/subscription'],
  ['patch', '/api/payment/sp/subscription'],
  ['post', '/api/payment/subscription/extend'],
  ['post', '/api/payment/set_auto_charge'],
  ['get', '/api/payment/payment_card'],
  ['post', '/api/payment/payment_card'],
  ['patch', `/api/payment/payment_card/${ID}`],
  ['get', '/api/service_provider/payments'],
  ['get', '/api/service_provider/invoices'],
  ['get', `/api/service_provider/invoices/${ID}`],
  ['get', `/api/service_provider/invoices/${ID}/file`],
];

function call(t: TestApp, token: string, method: 'get' | 'post' | 'patch', url: string) {
  const a = api(t, token);
  return method === 'get' ? a.get(url) : method === 'post' ? a.post(url, {}) : a.patch(url, {});
}

describe('access to the payment routes', () => {
  it('refuses an admin and a reseller with 403, and lets the provider through', async () => {
    const admin = await sessionToken(t, { type: 'admin' });
    const reseller = await sessionToken(t, { type: 'reseller', reseller_id: ID });
    const provider = await tokenOf(t, await activeProvider(t));
    for (const [method, url] of ROUTES) {
      expect((await call(t, admin, method, url)).statusCode, `admin ${method} ${url}`).toBe(403);
      expect((await call(t, reseller, method, url)).statusCode, `reseller ${method} ${url}`).toBe(403);
      expect([200, 400, 404], `provider ${method} ${url}`).toContain(
        (await call(t, provider, method, url)).statusCode,
      );
    }
  });
});
