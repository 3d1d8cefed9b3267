// The admin's dashboard: every figure against known rows around a fixed clock, the empty portal,
// and the role wall (no token 401; provider and reseller 403).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db';
import { createTestApp, sessionToken, type TestApp } from '../helpers';
import { adminToken, as } from '../resellers/resellers-fixtures';

// 15 June 2026, noon UTC: this month began 1 June, the 12 months run from July 2025.
const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let t: TestApp;
let admin: string;
let providers = 0;

async function provider(db: Database, createdOn: Date): Promise<string> {
  const [account] = await db.query<{ id: string }>(
    `INSERT INTO accounts (type, email, first_name, last_name) VALUES ('service-provider', $1, 'P', 'Q') RETURNING id`,
    [`p.${randomBytes(5).toString('hex')}@dash.test`],
  );
  providers += 1;
  const ocn = `${100 + providers}A`;
  const [sp] = await db.query<{ id: string }>(
    `INSERT INTO service_providers (account_id, ocn, company_name, phone_number, title, address, state, city, zipcode,
       created_on) VALUES ($1, $2, 'Co', '5555555555', 'CEO', '1 Main St', 'NY', 'Albany', '12207', $3) RETURNING id`,
    [account.id, ocn, createdOn],
  );
  return sp.id;
}

async function subscription(
  db: Database,
  spId: string,
  status: string,
  interval: 'month' | 'year',
  end: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO subscriptions (service_provider_id, status, recurring_interval, current_period_start, current_period_end)
     VALUES ($1, $2, $3, $4, $5)`,
    [spId, status, interval, new Date(end.getTime() - 30 * DAY), end],
  );
}

async function payment(db: Database, spId: string, amount: number, createdOn: Date): Promise<void> {
  await db.query(
    `INSERT INTO payments (service_provider_id, amount, transaction_id, created_on) VALUES ($1, $2, $3, $4)`,
    [spId, amount, `tx_${randomBytes(6).toString('hex')}`, createdOn],
  );
}

async function statusChange(db: Database, spId: string, to: string, createdOn: Date): Promise<void> {
  await db.query(
    `INSERT INTO subscription_changes (service_provider_id, actor, change, from_value, to_value, created_on)
     VALUES ($1, 'payment', 'status', 'active', $2, $3)`,
    [spId, to, createdOn],
  );
}

async function certificate(
  db: Database,
  spId: string,
  status: 'issued' | 'revoked' | 'pending' | 'failed',
  createdOn: Date,
  notAfter: Date,
): Promise<void> {
  const [key] = await db.query<{ id: string }>(
    `INSERT INTO private_keys (service_provider_id, key_ref, key_store, public_key_spki, origin)
     VALUES ($1, 'k', 'software', '\\x00', 'generated') RETURNING id`,
    [spId],
  );
  const [issuer] = await db.query<{ id: string }>(
    `SELECT id FROM ca_issuers WHERE role = 'intermediate' LIMIT 1`,
  );
  const signed = status === 'issued' || status === 'revoked';
  await db.query(
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc, not_before,
       not_after, certificate_der, chain_pem, revoked_on, revocation_reason, created_on)
     VALUES ($1, $2, $3, $4, $5, '123A', $6, $7, $8, $9, $10, $11, $6)`,
    [
      randomBytes(10).toString('hex'),
      spId,
      key.id,
      issuer.id,
      status,
      createdOn,
      notAfter,
      signed ? Buffer.from([0]) : null,
      signed ? 'pem' : null,
      status === 'revoked' ? createdOn : null,
      status === 'revoked' ? 'key_compromise' : null,
    ],
  );
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await adminToken(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/dashboard', () => {
  it('answers zeros and twelve empty months on an empty portal', async () => {
    const res = await as(t, admin).get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      active_providers: 0,
      new_providers_this_month: 0,
      monthly_recurring_revenue: 0,
      failed_payments_last_7_days: 0,
      certificates_issued_this_month: 0,
      certificates_expiring_in_30_days: 0,
    });
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toEqual({ month: '2025-07', revenue: 0, certificates_issued: 0 });
    expect(body.months[11]).toEqual({ month: '2026-06', revenue: 0, certificates_issued: 0 });
  });

  it('computes every figure from known rows', async () => {
    const { db } = t;
    // providers: two new this month (one after `now`: not counted yet), two older
    const a = await provider(db, new Date('2026-06-01T00:00:00Z'));
    const b = await provider(db, at(-2));
    const c = await provider(db, new Date('2026-05-31T23:59:59Z'));
    const d = await provider(db, new Date('2025-01-10T00:00:00Z'));
    await provider(db, at(1));
    // subscriptions: a monthly and a yearly running, one of a with a second running period (counted once as a
    // provider, twice in revenue), one ended, one past due, one expired
    await subscription(db, a, 'active', 'month', at(10));
    await subscription(db, a, 'active', 'year', at(300));
    await subscription(db, b, 'active', 'year', at(200));
    await subscription(db, c, 'active', 'month', at(-1));
    await subscription(db, d, 'past_due', 'month', at(-3));
    await subscription(db, d, 'expired', 'year', at(-100));
    // failed payments: two in the last 7 days, one 8 days ago, one recovery (not a failure)
    await statusChange(db, c, 'past_due', at(-1));
    await statusChange(db, d, 'past_due', at(-6.9));
    await statusChange(db, d, 'past_due', at(-8));
    await statusChange(db, d, 'active', at(-2));
    // revenue: June 100 + 500, May 100, July 2025 (the first month) 42.5, June 2025 (outside) 999
    await payment(db, a, 100, new Date('2026-06-01T00:00:00Z'));
    await payment(db, b, 500, at(-1));
    await payment(db, c, 100, new Date('2026-05-31T23:59:59Z'));
    await payment(db, d, 42.5, new Date('2025-07-01T00:00:00Z'));
    await payment(db, d, 999, new Date('2025-06-30T23:59:59Z'));
    // certificates: June 1 issued + 1 revoked (+ pending and failed, not counted), May 2, outside 1
    await certificate(db, a, 'issued', at(-3), at(20));
    await certificate(db, a, 'revoked', at(-2), at(25));
    await certificate(db, b, 'pending', at(-1), at(5));
    await certificate(db, b, 'failed', at(-1), at(5));
    await certificate(db, b, 'issued', new Date('2026-05-20T00:00:00Z'), at(31));
    await certificate(db, c, 'issued', new Date('2026-05-02T00:00:00Z'), at(-1));
    await certificate(db, d, 'issued', new Date('2025-06-15T00:00:00Z'), at(29.9));

    const res = await as(t, admin).get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.active_providers).toBe(2);
    expect(body.new_providers_this_month).toBe(2);
    // 100 + 500/12 + 500/12
    expect(body.monthly_recurring_revenue).toBe(183.33);
    expect(body.failed_payments_last_7_days).toBe(2);
    expect(body.certificates_issued_this_month).toBe(2);
    // a's issued (20 days) and d's (29.9 days); the revoked one, b's at 31 days and c's expired are not
    expect(body.certificates_expiring_in_30_days).toBe(2);
    const byMonth = Object.fromEntries(body.months.map((m: { month: string }) => [m.month, m]));
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(byMonth['2026-06']).toEqual({ month: '2026-06', revenue: 600, certificates_issued: 2 });
    expect(byMonth['2026-05']).toEqual({ month: '2026-05', revenue: 100, certificates_issued: 2 });
    expect(byMonth['2025-07']).toEqual({ month: '2025-07', revenue: 42.5, certificates_issued: 0 });
    expect(body.months.reduce((s: number, m: { revenue: number }) => s + m.revenue, 0)).toBe(742.5);
  });

  it('is the admin’s alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    for (const type of ['service-provider', 'reseller'] as const) {
      const token = await sessionToken(t, { type, first_name: 'N', last_name: 'O' });
      const res = await as(t, token).get('/api/admin/dashboard');
      expect(res.statusCode, type).toBe(403);
      expect(res.json().message).toBe('You are not allowed to do this');
      expect(res.json()).not.toHaveProperty('active_providers');
    }
  });
});
