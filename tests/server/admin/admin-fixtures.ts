// Shared pieces of the admin tests: providers written straight into the database (no sign-up: a list test needs
// many), an admin's and a provider's sign-in token, and the list protocol's query string.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../server/src/db';
import { type TestApp, sessionToken } from '../helpers';

export interface SeededProvider {
  spId: string;
  accountId: string;
  email: string;
  ocn: string;
  company: string;
}

let ocnCounter = 100;

/** A provider row and its account; confirmed and enabled unless told. */
export async function seedProvider(
  db: Database,
  opts: {
    company?: string;
    email?: string;
    confirmed?: boolean;
    disabled?: boolean;
    resellerId?: string;
  } = {},
): Promise<SeededProvider> {
  const tag = randomBytes(4).toString('hex');
  const email = opts.email ?? `sp.${tag}@provider.test`;
  const ocn = `${ocnCounter++}${'ABCDEFGHJK'[ocnCounter % 10]}`;
  const company = opts.company ?? `Company ${tag}`;
  const [account] = await db.query<{ id: string }>(
    `INSERT INTO accounts (type, email, first_name, last_name, is_confirmed, confirmed_on, is_disabled)
     VALUES ('service-provider', $1, 'Pat', 'Provider', $2, CASE WHEN $2 THEN now() END, $3) RETURNING id`,
    [email, opts.confirmed ?? true, opts.disabled ?? false],
  );
  const [sp] = await db.query<{ id: string }>(
    `INSERT INTO service_providers (account_id, ocn, company_name, phone_number, title, address, state, city,
       zipcode, reseller_id)
     VALUES ($1, $2, $3, '2125550100', 'CEO', '1 Main St', 'NY', 'New York', '10001', $4) RETURNING id`,
    [account.id, ocn, company, opts.resellerId ?? null],
  );
  return { spId: sp.id, accountId: account.id, email, ocn, company };
}

/** A sign-in token of the provider's own account. */
export function providerToken(t: TestApp, p: SeededProvider) {
  return sessionToken(t, {
    type: 'service-provider',
    sub: p.accountId,
    email: p.email,
    service_provider_uuid: p.spId,
  });
}

export function adminToken(t: TestApp, email = 'admin@portal.test') {
  return sessionToken(t, { type: 'admin', email });
}

/** `sort`, `range` and `filter` JSON-encoded, as ra-data-simple-rest sends them. */
export function listQuery(params: { sort?: [string, string]; range?: [number, number]; filter?: object }) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, JSON.stringify(v));
  return q.toString();
}

export function as(t: TestApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, body?: unknown) =>
      t.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(body ?? {}) }),
    patch: (url: string, body: unknown) =>
      t.app.inject({ method: 'PATCH', url, headers: json, payload: JSON.stringify(body) }),
  };
}

export async function changeRows(db: Database, spId: string) {
  return db.query<{
    actor: string;
    change: string;
    from_value: string | null;
    to_value: string | null;
    reason: string | null;
  }>(
    `SELECT actor, change, from_value, to_value, reason FROM subscription_changes
      WHERE service_provider_id = $1 ORDER BY created_on, id`,
    [spId],
  );
}
