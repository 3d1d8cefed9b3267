// The provider edits its company and contact details (PATCH /api/service_provider) with the rules of registration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeProvider, api, tokenOf, type Provider } from '../billing/billing-fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { adminToken, signedInReseller } from '../resellers/resellers-fixtures';

let t: TestApp;
let p: Provider;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await activeProvider(t);
  token = await tokenOf(t, p);
});
afterAll(() => t.close());

const details = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  phone_number: '2125550199x1234',
  title: 'CEO',
  company_name: 'Compiler Telecom',
  address: '2 Cobol Street',
  address2: 'Suite 9',
  country: 'US',
  state: 'CA',
  city: 'Arlington',
  zipcode: '94016',
  filer_id: '654321',
  frn_number: '0087654321',
  ...overrides,
});

describe('PATCH /api/service_provider', () => {
  it('replaces the company and contact details and answers the profile; OCN and email stay', async () => {
    const before = (await api(t, token).get('/api/service_provider')).json();
    const res = await api(t, token).patch('/api/service_provider', details());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: 'Compiler Telecom',
      phone_number: '2125550199x1234',
      address2: 'Suite 9',
      state: 'CA',
      ocn: before.ocn,
      email: before.email,
    });
    const again = (await api(t, token).get('/api/service_provider')).json();
    expect(again).toMatchObject({ company_name: 'Compiler Telecom', city: 'Arlington', zipcode: '94016' });
  });

  it('refuses what registration refuses, with its messages, and fields it does not edit', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        details({ phone_number: '+44 20 7946 095' }),
        'phone_number',
        'phone numbers only from US are allowed',
      ],
      [details({ company_name: '' }), 'company_name', 'company name'],
      [details({ state: 'ZZ' }), 'state', 'state is not valid.'],
      [details({ zipcode: '9401A' }), 'zipcode', 'zipcode must contain numbers only'],
      [details({ ocn: '999Z' }), 'ocn', ''],
      [details({ email: 'other@carrier.test' }), 'email', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(t, token).patch('/api/service_provider', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.body).toContain(message);
    }
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/service_provider',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(bad.statusCode).toBe(400);
    // nothing of the refused bodies was written
    expect((await api(t, token).get('/api/service_provider')).json()).toMatchObject({
      company_name: 'Compiler Telecom',
    });
  });

  it('is the signed-in provider’s own: no token 401, a reseller 403', async () => {
    const anon = await t.app.inject({ method: 'PATCH', url: '/api/service_provider', payload: details() });
    expect(anon.statusCode).toBe(401);
    const reseller = await signedInReseller(t, await adminToken(t));
    const res = await api(t, reseller.token).patch('/api/service_provider', details());
    expect(res.statusCode).toBe(403);
  });
});
