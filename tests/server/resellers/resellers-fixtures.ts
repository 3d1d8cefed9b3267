// Shared pieces of the reseller tests: an admin's token, a reseller created by the admin route that followed its
// invitation and signed in, providers registered with a promo code, and payments of those providers.
import type { TestApp } from '../helpers';
import { sessionToken } from '../helpers';
import { lastToken, login, postJson, register, registration } from '../accounts/accounts-fixtures';

export const RESELLER_PASSWORD = 'reseller-pass';

export function adminToken(t: TestApp): Promise<string> {
  return sessionToken(t, {
    type: 'admin',
    email: 'admin@portal.test',
    first_name: 'Ada',
    last_name: 'Admin',
  });
}

export function as(t: TestApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, body?: unknown) => postJson(t, url, body, headers),
    put: (url: string, body?: unknown) => send('PUT', url, body),
  };
}

/** `?sort=&range=&filter=` as ra-data-simple-rest writes it. */
export function listQuery(opts: { sort?: [string, string]; range?: [number, number]; filter?: object } = {}) {
  const q = new URLSearchParams();
  if (opts.sort) q.set('sort', JSON.stringify(opts.sort));
  if (opts.range) q.set('range', JSON.stringify(opts.range));
  if (opts.filter) q.set('filter', JSON.stringify(opts.filter));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export interface CreatedReseller {
  id: string;
  email: string;
  url_token: string;
  token: string;
}

let serial = 0;

/** Created by the admin, invitation followed, signed in. */
export async function signedInReseller(
  t: TestApp,
  admin: string,
  fields: { name?: string; company_name?: string } = {},
): Promise<CreatedReseller> {
  serial += 1;
  const email = `reseller${serial}.${Date.now()}@resell.test`;
  const created = await as(t, admin).post('/api/admin/reseller/create', {
    name: fields.name ?? `Rita ${serial}`,
    email,
    company_name: fields.company_name ?? `Resell ${serial}`,
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const accepted = await postJson(t, '/api/auth/reseller/password', {
    token: lastToken(t.config, email),
    password: RESELLER_PASSWORD,
    password_extra: RESELLER_PASSWORD,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  const signIn = await login(t, email, RESELLER_PASSWORD);
  if (signIn.statusCode !== 200) throw new Error(`login: ${signIn.statusCode} ${signIn.body}`);
  return { id: created.json().id, email, url_token: created.json().url_token, token: signIn.json().token };
}

/** A provider registered through a promo code (or none); returns its id and email. */
export async function registeredCompany(
  t: TestApp,
  code: string | undefined,
  overrides: Record<string, string> = {},
): Promise<{ spId: string; email: string }> {
  const fields = registration({ reseller_url_token: code, ...overrides });
  const res = await register(t, fields);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { spId: res.json().service_provider_uuid, email: fields.email };
}

let txn = 0;

/** A payment row of a provider, as billing records one. */
export async function insertPayment(t: TestApp, spId: string, amount: number, createdOn = new Date()) {
  txn += 1;
  await t.db.query(
    `INSERT INTO payments (service_provider_id, amount, transaction_id, created_on) VALUES ($1, $2, $3, $4)`,
    [spId, amount, `pi_test_${txn}_${Date.now()}`, createdOn],
  );
}
