// The ids in the paths of the provider's keys, certificates, numbers and ACME credentials are checked at the edge
// (docs/wire.md): a malformed one answers what the route answers for an unknown one, before any handler runs (no
// audit row, no import, no log of a service); and the API's document describes those ids and the query strings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EAB_MESSAGES } from '../../../server/src/acme/eab';
import { CERTIFICATE_NOT_FOUND, KEY_NOT_FOUND } from '../../../server/src/certificates/service';
import { IMPORT_NOT_FOUND, PROVIDER_NOT_FOUND } from '../../../server/src/numbers/service';
import { type TestApp, createTestApp, sessionToken } from '../helpers';
import { activeProvider, tokenOf } from '../billing/billing-fixtures';

let t: TestApp;
let provider: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const p = await activeProvider(t);
  provider = { authorization: `Bearer ${await tokenOf(t, p)}` };
  admin = { authorization: `Bearer ${await sessionToken(t, { type: 'admin' })}` };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** What a handler would leave behind: audit rows, imports, keys, certificates. */
async function traces(): Promise<number[]> {
  const counts = await Promise.all(
    ['audit_log', 'number_imports', 'private_keys', 'certificates'].map((table) =>
      t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`),
    ),
  );
  return counts.map(([row]) => Number(row.n));
}

const STIPA = { sti_pa_username: 'user', sti_pa_password: 'secret-password' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const cases: [Method, string, 'provider' | 'admin', string, unknown?][] = [
  ['GET', '/api/service_provider/sti_priv_key/file/not-a-uuid', 'provider', KEY_NOT_FOUND],
  ['GET', '/api/service_provider/sti_priv_key/file/not-a-uuid?format=sec1', 'provider', KEY_NOT_FOUND],
  ['DELETE', '/api/service_provider/sti_priv_key/123', 'provider', KEY_NOT_FOUND],
  ['GET', '/api/service_provider/sti_spc_cert/last/xyz', 'provider', KEY_NOT_FOUND],
  ['POST', '/api/service_provider/replace_sti_spc_cert/zz', 'provider', CERTIFICATE_NOT_FOUND, STIPA],
  ['POST', '/api/service_provider/revoke_sti_spc_cert/not-hex-at-all', 'provider', CERTIFICATE_NOT_FOUND, {}],
  ['PUT', '/api/service_provider/sti_spc_cert/abc/auto_renewal', 'provider', CERTIFICATE_NOT_FOUND, STIPA],
  ['DELETE', '/api/service_provider/sti_spc_cert/abc/auto_renewal', 'provider', CERTIFICATE_NOT_FOUND],
  ['GET', '/api/service_provider/tn/import-history/not-a-uuid/errors', 'provider', IMPORT_NOT_FOUND],
  ['POST', '/api/admin/service_provider/not-a-uuid/tn/import', 'admin', PROVIDER_NOT_FOUND, {}],
  ['DELETE', '/api/service_provider/acme/eab/not%20a%20key', 'provider', EAB_MESSAGES.notFound],
];

describe('a malformed id in the path', () => {
  it.each(cases)('%s %s answers 404 with the route message', async (method, url, who, message, body) => {
    const before = await traces();
    const headers = who === 'admin' ? admin : provider;
    const res = await t.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message });
    expect(await traces()).toEqual(before);
  });

  it('is refused after the guard: without a token it is still 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/service_provider/sti_spc_cert/last/xyz' });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the status a route answered before: ARI renewalInfo refuses a malformed certID with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/acme/renewal-info/not-a-cert-id' });
    expect(res.statusCode).toBe(400);
  });

  it('well formed but unknown reads alike', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/service_provider/sti_spc_cert/last/xyz',
      headers: provider,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/service_provider/sti_spc_cert/last/${unknown}`,
      headers: provider,
    });
    expect(missing.statusCode).toBe(404);
    expect(malformed.json()).toEqual(missing.json());
  });
});

describe('the API document', () => {
  interface Parameter {
    in: string;
    name: string;
    schema?: { pattern?: string };
  }
  let paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  beforeAll(async () => {
    paths = (await t.app.inject({ method: 'GET', url: '/api/docs', headers: admin })).json().paths;
  });
  const parameters = (path: string, method: string) => paths[path]?.[method]?.parameters ?? [];

  it('describes the ids in the paths, a UUID or a serial by its pattern', () => {
    const key = parameters('/api/service_provider/sti_priv_key/{uuid}', 'delete');
    expect(key).toEqual([expect.objectContaining({ in: 'path', name: 'uuid' })]);
    expect(key[0].schema?.pattern).toBeTruthy();
    const serial = parameters('/api/service_provider/revoke_sti_spc_cert/{serial}', 'post');
    expect(serial[0]).toMatchObject({
      in: 'path',
      name: 'serial',
      schema: { pattern: '^[0-9a-fA-F]{16,40}$' },
    });
    const imp = parameters('/api/admin/service_provider/{id}/tn/import', 'post');
    expect(imp).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
  });

  it('describes the query strings of the lists and of the other reads', () => {
    const names = (path: string) =>
      parameters(path, 'get')
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(names('/api/service_provider/tn/assigned')).toEqual(['filter', 'range', 'sort']);
    expect(names('/api/service_provider/sti_priv_key')).toEqual(['filter', 'range', 'skip', 'sort', 'take']);
    expect(names('/api/service_provider/tn/assigned/options')).toEqual(['limit', 'q']);
    expect(names('/api/service_provider/sti_priv_key/file/{uuid}')).toEqual(['format']);
    expect(names('/api/service_provider/check_availability')).toEqual(['email', 'ocn']);
  });
});
