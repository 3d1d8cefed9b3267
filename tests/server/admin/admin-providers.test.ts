// The admin's provider screens over HTTP, on the real app and its database: the list and its filters, the details,
// the actions (each refused cleanly on bad input, each in the change log with the admin who did it), deactivation
// signing the provider out at once, and who may call any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/admin';
import { insertReseller, insertSubscription, mailsTo } from '../accounts/accounts-fixtures';
import {
  type SeededProvider,
  adminToken,
  as,
  changeRows,
  listQuery,
  providerToken,
  seedProvider,
} from './admin-fixtures';
import { type TestApp, createTestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminId: string;
let adminEmail: string;
const DAY = 86_400_000;
const MISSING = '00000000-0000-4000-8000-000000000099';

const list = async (params: Parameters<typeof listQuery>[0]) => {
  const res = await admin.get(`/api/admin/service_provider?${listQuery(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Record<string, unknown>[], range: res.headers['content-range'] };
};

let active: SeededProvider;
let expiring: SeededProvider;
let unconfirmed: SeededProvider;
let deactivated: SeededProvider;
let lapsed: SeededProvider;
let resold: SeededProvider;
let reseller: { resellerId: string };

beforeAll(async () => {
  t = await createTestApp();
  const token = await adminToken(t);
  admin = as(t, token);
  [{ id: adminId, email: adminEmail }] = await t.db.query<{ id: string; email: string }>(
    `SELECT a.id, a.email FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.type = 'admin' LIMIT 1`,
  );
  reseller = await insertReseller(t.db, { company: 'Resell Co' });
  active = await seedProvider(t.db, { company: 'Alpha Telecom', email: 'ops@alpha.test' });
  await insertSubscription(t.db, active.spId, 'active', { startDays: -10, endDays: 300 });
  expiring = await seedProvider(t.db, { company: 'Beta Voice' });
  await insertSubscription(t.db, expiring.spId, 'active', { startDays: -20, endDays: 5 });
  unconfirmed = await seedProvider(t.db, { company: 'Gamma Lines', confirmed: false });
  deactivated = await seedProvider(t.db, { company: 'Delta Calls', disabled: true });
  lapsed = await seedProvider(t.db, { company: 'Epsilon Net' });
  await insertSubscription(t.db, lapsed.spId, 'expired', { startDays: -60, endDays: -30 });
  resold = await seedProvider(t.db, { company: 'Zeta Wireless', resellerId: reseller.resellerId });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may call the admin routes', () => {
  it('refuses a provider (403) and an anonymous caller (401)', async () => {
    const provider = as(t, await providerToken(t, active));
    expect((await provider.get('/api/admin/service_provider')).statusCode).toBe(403);
    expect((await provider.get(`/api/admin/service_provider/${active.spId}`)).statusCode).toBe(403);
    expect(
      (await provider.post(`/api/admin/service_provider/${active.spId}/extension`, { days: 5, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await provider.get('/api/admin/audit_log')).statusCode).toBe(403);
    expect((await provider.get('/api/admin/payment')).statusCode).toBe(403);
    expect((await provider.get('/api/payment/invoices_list')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/service_provider' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the provider list', () => {
  it('lists every provider with its derived status, newest first, paged with Content-Range', async () => {
    const all = await list({});
    expect(all.rows).toHaveLength(6);
    const byId = Object.fromEntries(all.rows.map((r) => [r.id, r.status]));
    expect(byId).toEqual({
      [active.spId]: 'active',
      [expiring.spId]: 'active',
      [unconfirmed.spId]: 'unconfirmed',
      [deactivated.spId]: 'deactivated',
      [lapsed.spId]: 'expired',
      [resold.spId]: 'no_subscription',
    });
    const page = await list({ sort: ['company_name', 'ASC'], range: [2, 3] });
    expect(page.rows.map((r) => r.company_name)).toEqual(['Delta Calls', 'Epsilon Net']);
    expect(page.range).toBe('service-providers 2-3/6');
    const row = all.rows.find((r) => r.id === resold.spId)!;
    expect(row).toMatchObject({
      reseller_id: reseller.resellerId,
      reseller_name: 'Resell Co',
      is_active: true,
    });
    expect(row).not.toHaveProperty('password_hash');
  });

  it('filters by company, OCN or email, status, reseller and expiry within N days', async () => {
    expect((await list({ filter: { q: 'alpha' } })).rows.map((r) => r.id)).toEqual([active.spId]);
    expect((await list({ filter: { q: 'OPS@ALPHA' } })).rows.map((r) => r.id)).toEqual([active.spId]);
    expect((await list({ filter: { q: lapsed.ocn } })).rows.map((r) => r.id)).toEqual([lapsed.spId]);
    expect((await list({ filter: { q: '%' } })).rows).toHaveLength(0);
    expect((await list({ filter: { status: 'unconfirmed' } })).rows.map((r) => r.id)).toEqual([
      unconfirmed.spId,
    ]);
    expect((await list({ filter: { status: 'deactivated' } })).rows.map((r) => r.id)).toEqual([
      deactivated.spId,
    ]);
    expect((await list({ filter: { reseller_id: reseller.resellerId } })).rows.map((r) => r.id)).toEqual([
      resold.spId,
    ]);
    expect((await list({ filter: { expiring_within_days: 30 } })).rows.map((r) => r.id)).toEqual([
      expiring.spId,
    ]);
    expect((await list({ filter: { expiring_within_days: '365' } })).rows).toHaveLength(2);
    const both = await list({ filter: { status: 'active', q: 'beta' } });
    expect(both.rows.map((r) => r.id)).toEqual([expiring.spId]);
  });

  it('answers 400 with the error shape for a filter or sort it does not know, or a bad value', async () => {
    for (const params of [
      { filter: { secret: 1 } },
      { filter: { status: 'happy' } },
      { filter: { reseller_id: 'nope' } },
      { filter: { expiring_within_days: -1 } },
      { filter: { expiring_within_days: 1.5 } },
      { filter: { expiring_within_days: 99999 } },
      { sort: ['password_hash', 'ASC'] as [string, string] },
    ]) {
      const res = await admin.get(`/api/admin/service_provider?${listQuery(params)}`);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
      });
    }
  });
});

describe('the details', () => {
  it('shows the profile, the subscription and the counts', async () => {
    const res = await admin.get(`/api/admin/service_provider/${active.spId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: active.spId,
      company_name: 'Alpha Telecom',
      email: 'ops@alpha.test',
      status: 'active',
      city: 'New York',
      subscription: { status: 'active', recurring_interval: 'month', auto_charge: false },
      counts: { keys: 0, certificates: 0, numbers: 0, imports: 0, payments: 0, invoices: 0 },
    });
    expect(body).not.toHaveProperty('account_id');
  });

  it('answers 404 for a provider that does not exist or a malformed id', async () => {
    for (const id of [MISSING, 'not-a-uuid']) {
      const res = await admin.get(`/api/admin/service_provider/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: ADMIN_MESSAGES.providerNotFound });
    }
  });
});

describe('activation', () => {
  it('deactivating signs the provider out at once, is logged with the admin, and can be undone', async () => {
    const p = await seedProvider(t.db, { company: 'Eta Signals' });
    const provider = as(t, await providerToken(t, p));
    expect((await provider.get('/api/service_provider')).statusCode).toBe(200);

    const off = await admin.patch(`/api/admin/service_provider/${p.spId}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ is_active: false, status: 'deactivated' });
    expect((await provider.get('/api/service_provider')).statusCode).toBe(401);
    const [signIn] = await t.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM sessions WHERE account_id = $1',
      [p.accountId],
    );
    expect(signIn.revoked_reason).toBe('deactivated');

    // Saying the same again changes and logs nothing.
    expect(
      (await admin.patch(`/api/admin/service_provider/${p.spId}`, { is_active: false })).statusCode,
    ).toBe(200);
    const on = await admin.patch(`/api/admin/service_provider/${p.spId}`, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true, status: 'no_subscription' });
    expect(await changeRows(t.db, p.spId)).toEqual([
      { actor: adminId, change: 'deactivated', from_value: 'active', to_value: 'deactivated', reason: null },
      { actor: adminId, change: 'activated', from_value: 'deactivated', to_value: 'active', reason: null },
    ]);
  });

  it('refuses a body without a change, with unknown fields or of the wrong type, and a missing provider', async () => {
    for (const body of [{}, { is_active: 'no' }, { admin: true }, [1]]) {
      const res = await admin.patch(`/api/admin/service_provider/${active.spId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const missing = await admin.patch(`/api/admin/service_provider/${MISSING}`, { is_active: false });
    expect(missing.statusCode).toBe(404);
    expect(await changeRows(t.db, active.spId)).toEqual([]);
  });
});

describe('the reseller', () => {
  it('assigns and removes a reseller, each in the change log; refuses one that does not exist', async () => {
    const p = await seedProvider(t.db, { company: 'Theta Comms' });
    const other = await insertReseller(t.db, { company: 'Other Resale' });
    const options = await admin.get('/api/admin/reseller_options');
    expect(options.statusCode).toBe(200);
    expect(options.json().map((o: { name: string }) => o.name)).toEqual(['Other Resale', 'Resell Co']);

    const unknown = await admin.patch(`/api/admin/service_provider/${p.spId}`, { reseller_id: MISSING });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ reseller_id: ADMIN_MESSAGES.resellerNotFound });
    const assigned = await admin.patch(`/api/admin/service_provider/${p.spId}`, {
      reseller_id: other.resellerId,
    });
    expect(assigned.json()).toMatchObject({ reseller_id: other.resellerId, reseller_name: 'Other Resale' });
    const removed = await admin.patch(`/api/admin/service_provider/${p.spId}`, { reseller_id: null });
    expect(removed.json()).toMatchObject({ reseller_id: null, reseller_name: null });
    expect(await changeRows(t.db, p.spId)).toEqual([
      { actor: adminId, change: 'reseller', from_value: null, to_value: 'Other Resale', reason: null },
      { actor: adminId, change: 'reseller', from_value: 'Other Resale', to_value: null, reason: null },
    ]);
  });
});

describe('an extension', () => {
  const endOf = async (spId: string) => {
    const rows = await t.db.query<{ end: Date; status: string }>(
      `SELECT current_period_end AS end, status FROM subscriptions WHERE service_provider_id = $1
        ORDER BY current_period_end DESC`,
      [spId],
    );
    return rows.map((r) => ({ end: new Date(r.end).getTime(), status: r.status }));
  };

  it('refuses 0 or 10,000 days, a missing reason, text for days, and a provider that does not exist: nothing written', async () => {
    const before = await endOf(expiring.spId);
    for (const body of [
      { days: 0, reason: 'goodwill' },
      { days: 10_000, reason: 'goodwill' },
      { days: 2.5, reason: 'goodwill' },
      { days: '5', reason: 'goodwill' },
      { days: 5 },
      { days: 5, reason: '   ' },
      { days: 5, reason: 'x'.repeat(501) },
      { days: 5, reason: 'ok', extra: 1 },
    ]) {
      const res = await admin.post(`/api/admin/service_provider/${expiring.spId}/extension`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: expect.any(String),
        errors: expect.any(Object),
      });
    }
    const zero = await admin.post(`/api/admin/service_provider/${expiring.spId}/extension`, {
      days: 0,
      reason: 'x',
    });
    expect(zero.json().errors).toEqual({ days: ADMIN_MESSAGES.daysRange });
    const missing = await admin.post(`/api/admin/service_provider/${MISSING}/extension`, {
      days: 5,
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.providerNotFound);
    expect(await endOf(expiring.spId)).toEqual(before);
    expect(await changeRows(t.db, expiring.spId)).toEqual([]);
  });

  it('moves a running subscription’s end, restarts an ended one from today, and gives one to a provider without', async () => {
    const [before] = await endOf(expiring.spId);
    const res = await admin.post(`/api/admin/service_provider/${expiring.spId}/extension`, {
      days: 30,
      reason: 'Outage compensation',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await endOf(expiring.spId);
    expect(after.end - before.end).toBe(30 * DAY);
    expect(res.json()).toEqual({
      message: ADMIN_MESSAGES.extensionGranted,
      subscription_expired_on: new Date(after.end).toISOString(),
    });
    expect(await changeRows(t.db, expiring.spId)).toEqual([
      {
        actor: adminId,
        change: 'extension',
        from_value: new Date(before.end).toISOString(),
        to_value: new Date(after.end).toISOString(),
        reason: 'Outage compensation',
      },
    ]);

    await admin.post(`/api/admin/service_provider/${lapsed.spId}/extension`, { days: 10, reason: 'Trial' });
    const [restarted] = await endOf(lapsed.spId);
    expect(restarted.status).toBe('active');
    expect(Math.abs(restarted.end - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    expect((await list({ filter: { q: 'epsilon' } })).rows[0].status).toBe('active');

    await admin.post(`/api/admin/service_provider/${resold.spId}/extension`, { days: 7, reason: 'Pilot' });
    const granted = await endOf(resold.spId);
    expect(granted).toHaveLength(1);
    expect(granted[0].status).toBe('active');
  });
});

describe('the subscription’s end set directly (PATCH subscription_expired_on)', () => {
  it('sets it, logged as expiry; a past, too distant or malformed date is refused and nothing is written', async () => {
    const p = await seedProvider(t.db, { company: 'Iota Phones' });
    await insertSubscription(t.db, p.spId, 'active', { startDays: -5, endDays: 25 });
    const other = await insertReseller(t.db, { company: 'Kappa Resale' });
    for (const value of ['2001-01-01', '2999-01-01', 'tomorrow', '2027-02-30T99:00:00Z']) {
      const res = await admin.patch(`/api/admin/service_provider/${p.spId}`, {
        reseller_id: other.resellerId,
        subscription_expired_on: value,
      });
      expect(res.statusCode, value).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['subscription_expired_on']);
    }
    // the reseller sent with the refused date was not assigned either
    expect(await changeRows(t.db, p.spId)).toEqual([]);
    const target = new Date(Date.now() + 90 * DAY);
    const res = await admin.patch(`/api/admin/service_provider/${p.spId}`, {
      subscription_expired_on: target.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription_expired_on).toBe(target.toISOString());
    const rows = await changeRows(t.db, p.spId);
    expect(rows).toEqual([
      {
        actor: adminId,
        change: 'expiry',
        from_value: expect.any(String),
        to_value: target.toISOString(),
        reason: null,
      },
    ]);
  });
});

describe('the confirmation mail', () => {
  it('sends a new link to an unconfirmed provider and logs it; refuses a confirmed one and a missing one', async () => {
    const res = await admin.post(`/api/admin/service_provider/${unconfirmed.spId}/resend_confirmation_email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MESSAGES.confirmationSent });
    expect(mailsTo(t.config, unconfirmed.email)).toHaveLength(1);
    expect(await changeRows(t.db, unconfirmed.spId)).toEqual([
      {
        actor: adminId,
        change: 'confirmation mail',
        from_value: null,
        to_value: unconfirmed.email,
        reason: null,
      },
    ]);

    const confirmed = await admin.post(
      `/api/admin/service_provider/${active.spId}/resend_confirmation_email`,
    );
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(ADMIN_MESSAGES.alreadyConfirmed);
    const missing = await admin.post(`/api/admin/service_provider/${MISSING}/resend_confirmation_email`);
    expect(missing.statusCode).toBe(404);
    expect(mailsTo(t.config, active.email)).toHaveLength(0);
    expect(await changeRows(t.db, active.spId)).toEqual([]);
  });
});

describe('the change log list', () => {
  it('shows who did what, newest first, paged, filtered by change; 404 for a missing provider', async () => {
    const url = (params: Parameters<typeof listQuery>[0], id = expiring.spId) =>
      `/api/admin/service_provider/${id}/subscription_change_log?${listQuery(params)}`;
    await admin.patch(`/api/admin/service_provider/${expiring.spId}`, { reseller_id: reseller.resellerId });
    const res = await admin.get(url({ range: [0, 0] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('subscription-change-log 0-0/2');
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        service_provider_uuid: expiring.spId,
        company_name: 'Beta Voice',
        created_on: expect.any(String),
        actor: adminEmail,
        change: 'reseller',
        from: null,
        to: 'Resell Co',
        reason: null,
      },
    ]);
    const filtered = await admin.get(url({ filter: { change: 'extension' } }));
    expect(filtered.json().map((r: { reason: string }) => r.reason)).toEqual(['Outage compensation']);
    const oldest = await admin.get(url({ sort: ['created_on', 'ASC'] }));
    expect(oldest.json().map((r: { change: string }) => r.change)).toEqual(['extension', 'reseller']);
    expect((await admin.get(url({}, MISSING))).statusCode).toBe(404);
    expect((await admin.get(url({ sort: ['secret', 'ASC'] }))).statusCode).toBe(400);
  });
});
