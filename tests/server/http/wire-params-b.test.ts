// The ids in the paths of the admin's, the resellers' and the billing routes, and of the sandbox's payment page, are
// checked by each route's params schema (docs/wire.md): a malformed id answers what a missing one answers (404 and
// the route's message) before any handler runs. Where a handler would refuse the body first (400) or write a row,
// the 404 shows it never ran, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/admin';
import { RESELLER_MESSAGES } from '../../../contract/resellers';
import { BILLING_MESSAGES } from '../../../server/src/billing/plans';
import { type SeededProvider, adminToken, as, providerToken, seedProvider } from '../admin/admin-fixtures';
import { type TestApp, createTestApp } from '../helpers';
import { as as asReseller, signedInReseller } from '../resellers/resellers-fixtures';

let t: TestApp;
let admin: ReturnType<typeof as>;
let provider: ReturnType<typeof as>;
let resellerToken: string;
let seeded: SeededProvider;

const BAD = 'not-a-uuid';
const MISSING = '00000000-0000-4000-8000-000000000099';

/** Rows any of these routes' handlers would write: the change log, the audit log. */
const written = async () => {
  const [row] = await t.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM subscription_changes)::int + (SELECT count(*) FROM audit_log)::int AS n`,
  );
  return row.n;
};

beforeAll(async () => {
  t = await createTestApp();
  const adminTok = await adminToken(t);
  admin = as(t, adminTok);
  seeded = await seedProvider(t.db);
  provider = as(t, await providerToken(t, seeded));
  resellerToken = (await signedInReseller(t, adminTok)).token;
});

afterAll(async () => {
  await t?.close();
});

type Call = [label: string, send: (id: string) => ReturnType<typeof admin.get>, message: string];

const providerRoutes: Call[] = [
  ['GET details', (id) => admin.get(`/api/admin/service_provider/${id}`), ADMIN_MESSAGES.providerNotFound],
  // an empty patch is a 400 in the handler: the 404 comes first
  ['PATCH', (id) => admin.patch(`/api/admin/service_provider/${id}`, {}), ADMIN_MESSAGES.providerNotFound],
  [
    'resend confirmation',
    (id) => admin.post(`/api/admin/service_provider/${id}/resend_confirmation_email`),
    ADMIN_MESSAGES.providerNotFound,
  ],
  [
    'extension',
    (id) => admin.post(`/api/admin/service_provider/${id}/extension`, { days: 0 }),
    ADMIN_MESSAGES.providerNotFound,
  ],
  ...['subscription_change_log', 'certificates', 'private_keys', 'tn/import-history', 'tn/assigned'].map(
    (path): Call => [
      `list ${path}`,
      (id) => admin.get(`/api/admin/service_provider/${id}/${path}`),
      ADMIN_MESSAGES.providerNotFound,
    ],
  ),
  [
    'revoke',
    (id) => admin.post(`/api/admin/service_provider/${id}/certificates/0A1B/revoke`, { reason: 'nonsense' }),
    ADMIN_MESSAGES.providerNotFound,
  ],
  [
    'admin invoice file',
    (id) => admin.get(`/api/admin/invoice/${id}/file`),
    BILLING_MESSAGES.invoiceNotFound,
  ],
];

const resellerRoutes: Call[] = [
  ['GET reseller', (id) => admin.get(`/api/admin/reseller/${id}`), RESELLER_MESSAGES.resellerNotFound],
  [
    'rotate token',
    (id) => admin.post(`/api/admin/reseller/${id}/rotate_token`),
    RESELLER_MESSAGES.resellerNotFound,
  ],
  [
    'resend invitation',
    (id) => admin.post(`/api/admin/reseller/${id}/invite`),
    RESELLER_MESSAGES.resellerNotFound,
  ],
  [
    "reseller's company",
    (id) => asReseller(t, resellerToken).get(`/api/reseller/service_provider/${id}`),
    RESELLER_MESSAGES.companyNotFound,
  ],
];

const billingRoutes: Call[] = [
  ['invoice', (id) => provider.get(`/api/service_provider/invoices/${id}`), BILLING_MESSAGES.invoiceNotFound],
  [
    'invoice file',
    (id) => provider.get(`/api/service_provider/invoices/${id}/file`),
    BILLING_MESSAGES.invoiceNotFound,
  ],
];

describe('a malformed path id reads like a missing one', () => {
  it.each([...providerRoutes, ...resellerRoutes, ...billingRoutes])('%s', async (_label, send, message) => {
    const before = await written();
    const bad = await send(BAD);
    expect(bad.statusCode, bad.body).toBe(404);
    expect(bad.json().message).toBe(message);
    expect(await written()).toBe(before);
    // the same answer as an id that names nothing (for the routes whose body the handler reads, or whatever it
    // refuses first: a missing id is still looked up in the handler)
    const missing = await send(MISSING);
    expect([404, 400]).toContain(missing.statusCode);
    if (missing.statusCode === 404) expect(missing.json().message).toBe(message);
  });

  it("answers the admin's PUT of a reseller with a malformed id 404 before reading its body", async () => {
    const res = await asReseller(t, await adminToken(t)).put(`/api/admin/reseller/${BAD}`, {
      name: 42,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(RESELLER_MESSAGES.resellerNotFound);
  });

  it("answers a card id that is no payment provider's id 404 before reading the body", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/payment/payment_card/not%20a%20card',
      headers: {
        authorization: `Bearer ${await providerToken(t, seeded)}`,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(BILLING_MESSAGES.cardNotFound);
  });

  it('shows the sandbox payment page’s own 404 page for a malformed checkout id', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `/sandbox/checkout/${BAD}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? 'number=4242424242424242' : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Checkout not found');
    }
  });
});
