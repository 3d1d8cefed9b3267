// How many statements a list request runs once its session is checked (and cached): one for every list of every
// role, its page and total together (docs/performance.md). Only an empty page of a scoped list asks whether its
// owner exists, to answer 404 as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/src/db';
import { seedProvider } from '../admin/admin-fixtures';
import { activeProvider, tokenOf } from '../billing/billing-fixtures';
import { type TestApp, createTestApp } from '../helpers';
import { importCsv, numberRows, uploadTo } from '../numbers/numbers-fixtures';
import {
  adminToken,
  as,
  insertPayment,
  listQuery,
  registeredCompany,
  signedInReseller,
} from '../resellers/resellers-fixtures';

let t: TestApp;
let tokens: Record<'provider' | 'reseller' | 'admin', string>;
let spId: string;
let resellerId: string;
/** The statements the app ran since the last reset (the job queue's own polling left out). */
const seen: string[] = [];

/** Records every statement run on `db`, in or out of a transaction. */
function record(db: Database) {
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  const note = (sql: string) => {
    if (!/pgboss/i.test(sql)) seen.push(sql.replace(/\s+/g, ' ').trim());
  };
  Object.assign(db, {
    query: (sql: string, params?: unknown[], opts?: object) => {
      note(sql);
      return query(sql, params, opts);
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
      note('BEGIN');
      return transaction((tx) =>
        fn({
          query: (sql, params, opts) => {
            note(sql);
            return tx.query(sql, params, opts);
          },
        }),
      );
    },
  });
}

/** The page and the statements a GET of the first page of `path` ran, its session already checked once. */
async function statementsOf(role: keyof typeof tokens, path: string) {
  const url = `${path}${listQuery({ range: [0, 24] })}`;
  const warm = await as(t, tokens[role]).get(url);
  expect(warm.statusCode, `${path}: ${warm.body}`).toBe(200);
  seen.length = 0;
  const res = await as(t, tokens[role]).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as unknown[], statements: [...seen] };
}

beforeAll(async () => {
  // a session read stays cached across the two requests of a test, however slow the machine
  t = await createTestApp({ config: { sessionCacheSeconds: 600 } });
  const admin = await adminToken(t);
  const p = await activeProvider(t);
  spId = p.spId;
  const token = await tokenOf(t, p);
  expect((await as(t, token).post('/api/service_provider/generate_sti_priv_key')).statusCode).toBe(201);
  expect((await as(t, token).post('/api/service_provider/acme/eab')).statusCode).toBeLessThan(300);
  const session = {
    p,
    token,
    get: (url: string) => as(t, token).get(url),
    upload: (csv: string | Buffer) => uploadTo(t, '/api/service_provider/tn/import', token, csv),
  };
  await importCsv(session, ['tn,voip_user,organization,assigned_on', ...numberRows(30)].join('\n'));
  const extension = { days: 30, reason: 'Statement count' };
  expect(
    (await as(t, admin).post(`/api/admin/service_provider/${spId}/extension`, extension)).statusCode,
  ).toBe(200);

  const reseller = await signedInReseller(t, admin);
  const company = await registeredCompany(t, reseller.url_token);
  await insertPayment(t, company.spId, 50);
  await t.db.query(
    `INSERT INTO invoices (service_provider_id, invoice_number, amount, status, description, start_billing_cycle,
       end_billing_cycle, billing_cycle_months, transaction_id, created_on, paid_on)
     VALUES ($1, (SELECT coalesce(max(invoice_number), 0) + 1 FROM invoices), 50, 'paid', 'Subscription', now(),
             now() + interval '1 month', 1, 'tx_statements', now(), now())`,
    [company.spId],
  );
  const invite = { email: `invited.${Date.now()}@statements.test` };
  expect((await as(t, reseller.token).post('/api/reseller/service_provider/invite', invite)).statusCode).toBe(
    201,
  );
  tokens = { provider: token, reseller: reseller.token, admin };
  resellerId = reseller.id;
  record(t.db);
}, 120_000);

afterAll(() => t?.close());

describe('a list request', () => {
  const byId = (path: string) => () => `/api/admin/service_provider/${spId}/${path}`;
  const lists: [keyof typeof tokens, string | (() => string)][] = [
    ['provider', '/api/service_provider/payments'],
    ['provider', '/api/service_provider/invoices'],
    ['provider', '/api/service_provider/sti_priv_key'],
    ['provider', '/api/service_provider/acme/eab'],
    ['provider', '/api/service_provider/tn/import-history'],
    ['provider', '/api/service_provider/tn/assigned'],
    ['reseller', '/api/reseller/service_provider'],
    ['reseller', '/api/reseller/service_provider/invite'],
    ['reseller', '/api/reseller/users/payment'],
    ['reseller', '/api/payment/invoices_list'],
    ['admin', '/api/admin/service_provider'],
    ['admin', '/api/admin/reseller/list'],
    ['admin', '/api/admin/payment'],
    ['admin', '/api/payment/invoices_list'],
    ['admin', '/api/admin/subscription_change_log'],
    ['admin', '/api/admin/audit_log'],
    ['admin', byId('subscription_change_log')],
    ['admin', byId('private_keys')],
    ['admin', byId('tn/import-history')],
    ['admin', byId('tn/assigned')],
  ];

  it.each(lists)('of the %s at %s runs one statement', async (role, path) => {
    const { rows, statements } = await statementsOf(role, typeof path === 'string' ? path : path());
    expect(rows.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
  });

  it('with an empty page asks whether the provider exists: 404 for a missing one', async () => {
    const empty = await statementsOf('admin', `/api/admin/service_provider/${spId}/certificates`);
    expect(empty.rows).toEqual([]);
    expect(empty.statements).toHaveLength(2);
    const missing = (await seedProvider(t.db)).spId.replace(/^.{8}/, '00000000');
    const res = await as(t, tokens.admin).get(`/api/admin/service_provider/${missing}/private_keys`);
    expect(res.statusCode).toBe(404);
  });

  it('of a reseller no longer active answers 404, not an empty page', async () => {
    // deactivated behind the cached session check: the page comes back empty, and the reseller is read
    await t.db.query('UPDATE resellers SET is_active = false WHERE id = $1', [resellerId]);
    seen.length = 0;
    const res = await as(t, tokens.reseller).get(
      `/api/reseller/users/payment${listQuery({ range: [0, 24] })}`,
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(seen).toHaveLength(2);
  });
});
