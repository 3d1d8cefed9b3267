// The signed-in reseller's pages over HTTP on a real database: its profile and promo code, its companies (only its
// own, by list and by id), inviting a company (the mail carries the promo-code link; sent, then registered) and its
// companies' payments with their company names and its companies' invoices, totals counting its own rows only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/constants';
import { createTestApp, sessionToken, type TestApp } from '../helpers';
import {
  count,
  decodeQuotedPrintable,
  headerOf,
  insertSubscription,
  mailsTo,
  register,
  registration,
} from '../accounts/accounts-fixtures';
import {
  adminToken,
  as,
  insertPayment,
  listQuery,
  registeredCompany,
  signedInReseller,
  type CreatedReseller,
} from './resellers-fixtures';

let t: TestApp;
let mine: CreatedReseller;
let other: CreatedReseller;
const companies: Record<string, { spId: string; email: string }> = {};

const totalOf = (res: { headers: Record<string, unknown> }) =>
  Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t);
  mine = await signedInReseller(t, admin, { name: 'Mia Mine', company_name: 'Mine Resale' });
  other = await signedInReseller(t, admin, { name: 'Otto Other', company_name: 'Other Resale' });
  companies.active = await registeredCompany(t, mine.url_token, {
    company_name: 'Active Telecom',
    ocn: '901A',
  });
  companies.waiting = await registeredCompany(t, mine.url_token, {
    company_name: 'Waiting Telecom',
    ocn: '902A',
  });
  companies.foreign = await registeredCompany(t, other.url_token, {
    company_name: 'Foreign Telecom',
    ocn: '903A',
  });
  companies.direct = await registeredCompany(t, undefined, { company_name: 'Direct Telecom', ocn: '904A' });
  await t.db.query('UPDATE accounts SET is_confirmed = true WHERE email = ANY($1)', [
    [companies.active.email, companies.waiting.email],
  ]);
  await insertSubscription(t.db, companies.active.spId, 'active');
  await insertPayment(t, companies.active.spId, 100, new Date('2026-01-02T00:00:00Z'));
  await insertPayment(t, companies.active.spId, 500, new Date('2026-02-02T00:00:00Z'));
  await insertPayment(t, companies.foreign.spId, 100);
  await insertPayment(t, companies.direct.spId, 100);
});

afterAll(async () => {
  await t?.close();
});

describe('the reseller profile', () => {
  it('has the promo code, name and company', async () => {
    const res = await as(t, mine.token).get('/api/reseller');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: mine.id,
      name: 'Mia Mine',
      company_name: 'Mine Resale',
      url_token: mine.url_token,
      companies_count: 2,
    });
  });

  it('is the reseller’s only', async () => {
    const admin = await adminToken(t);
    expect((await as(t, admin).get('/api/reseller')).statusCode).toBe(403);
    // a reseller token whose account has no reseller row shows nothing
    const orphan = await sessionToken(t, { type: 'reseller' });
    expect((await as(t, orphan).get('/api/reseller')).statusCode).toBe(404);
  });
});

describe('the reseller’s companies', () => {
  it('lists only its own, with status and expiry; totals count its rows only', async () => {
    const res = await as(t, mine.token).get(`/api/reseller/service_provider${listQuery({ range: [0, 9] })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('reseller-companies 0-1/2');
    const rows = res.json() as Record<string, unknown>[];
    expect(rows.map((r) => r.company_name).sort()).toEqual(['Active Telecom', 'Waiting Telecom']);
    const active = rows.find((r) => r.company_name === 'Active Telecom')!;
    expect(active).toMatchObject({ ocn: '901A', email: companies.active.email, status: 'active' });
    expect(typeof active.subscription_expired_on).toBe('string');
    expect(rows.find((r) => r.company_name === 'Waiting Telecom')).toMatchObject({
      status: 'awaiting_payment',
      subscription_expired_on: null,
    });
  });

  it('filters by status and search, sorts and pages in SQL', async () => {
    const get = async (q: Parameters<typeof listQuery>[0]) =>
      as(t, mine.token).get(`/api/reseller/service_provider${listQuery(q)}`);
    const active = await get({ filter: { status: 'active' } });
    expect(active.json().map((r: { ocn: string }) => r.ocn)).toEqual(['901A']);
    const search = await get({ filter: { q: 'wait' } });
    expect(search.json().map((r: { ocn: string }) => r.ocn)).toEqual(['902A']);
    const foreign = await get({ filter: { q: 'Foreign' } });
    expect(foreign.json()).toEqual([]);
    const sorted = await get({ sort: ['ocn', 'DESC'], range: [0, 0] });
    expect(sorted.json().map((r: { ocn: string }) => r.ocn)).toEqual(['902A']);
    expect(totalOf(sorted)).toBe(2);
    const second = await get({ sort: ['ocn', 'DESC'], range: [1, 1] });
    expect(second.json().map((r: { ocn: string }) => r.ocn)).toEqual(['901A']);
    for (const bad of [
      { filter: { status: 'gone' } },
      { filter: { reseller_id: other.id } },
      { sort: ['password_hash', 'ASC'] },
    ] as const) {
      expect((await get(bad as Parameters<typeof listQuery>[0])).statusCode).toBe(400);
    }
  });

  it('shows one of its companies by id; another reseller’s is a 404 without the row', async () => {
    const own = await as(t, mine.token).get(`/api/reseller/service_provider/${companies.active.spId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: companies.active.spId, company_name: 'Active Telecom' });
    for (const id of [companies.foreign.spId, companies.direct.spId, 'not-an-id']) {
      const res = await as(t, mine.token).get(`/api/reseller/service_provider/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Company not found' });
      expect(res.body).not.toContain('Telecom');
    }
  });

  it('is refused to admins and providers', async () => {
    const provider = await sessionToken(t, { type: 'service-provider' });
    for (const token of [await adminToken(t), provider]) {
      expect((await as(t, token).get('/api/reseller/service_provider')).statusCode).toBe(403);
      expect((await as(t, token).get('/api/reseller/users/payment')).statusCode).toBe(403);
      expect(
        (await as(t, token).post('/api/reseller/service_provider/invite', { email: 'a@b.test' })).statusCode,
      ).toBe(403);
    }
  });
});

describe('a company’s status', () => {
  it('follows its account and subscriptions', async () => {
    const third = await signedInReseller(t, await adminToken(t));
    const make = async (ocn: string, confirmed: boolean) => {
      const c = await registeredCompany(t, third.url_token, { ocn, company_name: `Status ${ocn}` });
      if (confirmed) await t.db.query('UPDATE accounts SET is_confirmed = true WHERE email = $1', [c.email]);
      return c;
    };
    const pastDue = await make('911B', true);
    await insertSubscription(t.db, pastDue.spId, 'past_due');
    const ended = await make('912B', true);
    await insertSubscription(t.db, ended.spId, 'active', { startDays: -40, endDays: -10 });
    const unconfirmed = await make('913B', false);
    const disabled = await make('914B', true);
    await t.db.query('UPDATE accounts SET is_disabled = true WHERE email = $1', [disabled.email]);
    const res = await as(t, third.token).get(
      `/api/reseller/service_provider${listQuery({ sort: ['ocn', 'ASC'] })}`,
    );
    expect(res.json().map((r: { ocn: string; status: string }) => [r.ocn, r.status])).toEqual([
      ['911B', 'past_due'],
      ['912B', 'expired'],
      ['913B', 'unconfirmed'],
      ['914B', 'disabled'],
    ]);
    expect(unconfirmed.spId).toBeTruthy();
    const expired = await as(t, third.token).get(
      `/api/reseller/service_provider${listQuery({ filter: { status: 'expired' } })}`,
    );
    expect(expired.json()).toHaveLength(1);
    expect(typeof expired.json()[0].subscription_expired_on).toBe('string');
  });
});

describe('inviting a company', () => {
  it('mails the promo-code sign-up link; the invitation shows sent, then registered', async () => {
    const email = 'new.carrier@carrier.test';
    const res = await as(t, mine.token).post('/api/reseller/service_provider/invite', {
      email: ' New.Carrier@Carrier.TEST ',
      company_name: 'New Carrier',
      first_name: 'Nora',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, company_name: 'New Carrier', status: 'sent', sent_count: 1 });

    const mail = decodeQuotedPrintable(mailsTo(t.config, email).at(-1)!);
    expect(headerOf(mail, 'Subject')).toBe('Mine Resale invites you to the SHAKEN CA Portal');
    expect(mail).not.toContain('Service Provider Portal');
    expect(mail).toContain(`http://portal.test/register?rc=${mine.url_token}`);
    expect(mail).toContain('Hello Nora,');

    // again: one row, counted twice
    const again = await as(t, mine.token).post('/api/reseller/service_provider/invite', { email });
    expect(again.json()).toMatchObject({ sent_count: 2, company_name: 'New Carrier' });

    const list = async () =>
      as(t, mine.token).get(`/api/reseller/service_provider/invite${listQuery({ range: [0, 9] })}`);
    const before = await list();
    expect(before.headers['content-range']).toBe('reseller-invites 0-0/1');
    expect(before.json()[0]).toMatchObject({ email, status: 'sent' });

    await registeredCompany(t, mine.url_token, { email, ocn: '905A' });
    const after = await list();
    expect(after.json()[0]).toMatchObject({ email, status: 'registered' });
    const registered = await as(t, mine.token).get(
      `/api/reseller/service_provider/invite${listQuery({ filter: { status: 'registered' } })}`,
    );
    expect(registered.json()).toHaveLength(1);

    // the other reseller sees none of it
    const theirs = await as(t, other.token).get('/api/reseller/service_provider/invite');
    expect(theirs.json()).toEqual([]);
  });

  it('refuses an address that already has an account, and bad input, writing and sending nothing', async () => {
    const invites = await count(t.db, 'reseller_invites');
    const mails = mailsTo(t.config, companies.direct.email).length;
    const taken = await as(t, mine.token).post('/api/reseller/service_provider/invite', {
      email: companies.direct.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: MESSAGES.emailTaken,
      errors: { email: MESSAGES.emailTaken },
    });
    for (const body of [
      { email: 'nope' },
      {},
      { email: 'a@b.test', role: 'admin' },
      { email: 'a@b.test', company_name: 7 },
    ]) {
      const bad = await as(t, mine.token).post('/api/reseller/service_provider/invite', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('errors');
    }
    expect(await count(t.db, 'reseller_invites')).toBe(invites);
    expect(mailsTo(t.config, companies.direct.email)).toHaveLength(mails);
    expect(mailsTo(t.config, 'a@b.test')).toHaveLength(0);
  });
});

describe('the reseller’s payments', () => {
  it('lists its companies’ payments with the company name, newest first; totals count its own only', async () => {
    const res = await as(t, mine.token).get(`/api/reseller/users/payment${listQuery({ range: [0, 6] })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('reseller-payments 0-1/2');
    expect(res.json()).toEqual([
      expect.objectContaining({
        amount: 500,
        company_name: 'Active Telecom',
        service_provider_uuid: companies.active.spId,
      }),
      expect.objectContaining({ amount: 100, company_name: 'Active Telecom' }),
    ]);
    const theirs = await as(t, other.token).get('/api/reseller/users/payment');
    expect(theirs.json()).toHaveLength(1);
    expect(theirs.json()[0]).toMatchObject({ company_name: 'Foreign Telecom' });
  });

  it('filters by company and sorts by amount; another reseller’s company filters to nothing', async () => {
    const get = (q: Parameters<typeof listQuery>[0]) =>
      as(t, mine.token).get(`/api/reseller/users/payment${listQuery(q)}`);
    const byAmount = await get({ sort: ['amount', 'ASC'] });
    expect(byAmount.json().map((r: { amount: number }) => r.amount)).toEqual([100, 500]);
    const foreign = await get({ filter: { service_provider_uuid: companies.foreign.spId } });
    expect(foreign.json()).toEqual([]);
    expect(totalOf(foreign)).toBe(0);
    expect((await get({ filter: { service_provider_uuid: 'x' } })).statusCode).toBe(400);
  });
});

describe('what each of the reseller’s payments was for', () => {
  it('says it on the list and on the company’s filtered list (CompanyPayments reads it)', async () => {
    const [inv] = await t.db.query<{ id: string }>(
      `INSERT INTO invoices (service_provider_id, invoice_number, amount, status, description, start_billing_cycle,
         end_billing_cycle, billing_cycle_months, created_on, paid_on)
       VALUES ($1, 9100, 500, 'paid', 'Subscription', '2030-01-15', '2031-01-15', 12, now(), now()) RETURNING id`,
      [companies.active.spId],
    );
    await t.db.query('UPDATE payments SET invoice_id = $1 WHERE service_provider_id = $2 AND amount = 500', [
      inv.id,
      companies.active.spId,
    ]);
    try {
      const filter = { service_provider_uuid: companies.active.spId };
      for (const q of [{}, { filter }]) {
        const res = await as(t, mine.token).get(`/api/reseller/users/payment${listQuery(q)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().map((r: { amount: number; for: string }) => [r.amount, r.for])).toEqual([
          [500, 'Automatic renewal, yearly plan, 1/15/2030 – 1/15/2031'],
          [100, 'Payment'],
        ]);
      }
    } finally {
      await t.db.query('UPDATE payments SET invoice_id = NULL WHERE invoice_id = $1', [inv.id]);
      await t.db.query('DELETE FROM invoices WHERE id = $1', [inv.id]);
    }
  });
});

describe('the reseller’s companies’ invoices', () => {
  const invoice = (spId: string, n: number, amount: number) =>
    t.db.query(
      `INSERT INTO invoices (service_provider_id, invoice_number, amount, status, description, start_billing_cycle,
         end_billing_cycle, billing_cycle_months, created_on)
       VALUES ($1, $2, $3, 'open', 'Subscription', now(), now() + interval '1 month', 1, now() + make_interval(secs => $4))`,
      [spId, n, amount, n - 9000],
    );
  beforeAll(async () => {
    await invoice(companies.active.spId, 9001, 100);
    await invoice(companies.waiting.spId, 9002, 200);
    await invoice(companies.foreign.spId, 9003, 300);
    await invoice(companies.direct.spId, 9004, 400);
  });
  const get = (token: string, q: Parameters<typeof listQuery>[0] = {}) =>
    as(t, token).get(`/api/payment/invoices_list${listQuery(q)}`);
  const numbers = (res: { json: () => { invoice_number: number }[] }) =>
    res.json().map((r) => r.invoice_number);

  it('lists only its companies’ invoices on the admin’s route, without the admin’s PDF path', async () => {
    const res = await get(mine.token, { sort: ['invoice_number', 'ASC'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(numbers(res)).toEqual([9001, 9002]);
    expect(res.headers['content-range']).toBe('reseller-invoices 0-1/2');
    expect(res.json()[0]).toMatchObject({ company_name: 'Active Telecom', ocn: '901A', amount: 100 });
    expect(res.json()[0]).not.toHaveProperty('invoice_path');
    expect(numbers(await get(other.token))).toEqual([9003]);
    // the admin still sees every invoice, with its PDF path
    const all = await get(await adminToken(t), { sort: ['invoice_number', 'ASC'] });
    expect(numbers(all)).toEqual([9001, 9002, 9003, 9004]);
    expect(all.json()[0].invoice_path).toMatch(/^\/api\/admin\/invoice\/.+\/file$/);
    expect((await get(await sessionToken(t, { type: 'service-provider' }))).statusCode).toBe(403);
  });

  it('filters by its company and status; another reseller’s company filters to nothing', async () => {
    expect(
      numbers(await get(mine.token, { filter: { service_provider_uuid: companies.waiting.spId } })),
    ).toEqual([9002]);
    const foreign = await get(mine.token, { filter: { service_provider_uuid: companies.foreign.spId } });
    expect(foreign.json()).toEqual([]);
    expect(totalOf(foreign)).toBe(0);
    expect(numbers(await get(mine.token, { filter: { status: 'open', q: 'waiting' } }))).toEqual([9002]);
    expect((await get(mine.token, { filter: { service_provider_uuid: 'x' } })).statusCode).toBe(400);
  });
});

describe('a registration with a promo code', () => {
  it('refuses an unknown code and writes nothing', async () => {
    const accounts = await count(t.db, 'accounts');
    const res = await register(t, registration({ reseller_url_token: 'unknown-code-123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ reseller_url_token: MESSAGES.resellerCodeInvalid });
    expect(await count(t.db, 'accounts')).toBe(accounts);
  });
});
