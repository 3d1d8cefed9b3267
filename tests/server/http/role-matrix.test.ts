// The role walls, generated from the routes the app registers: every /api route is public (listed
// here by name) or carries `config: access(resource, action)`; each protected route is called with no token, as
// each role, and, when it takes a parameter, with the records of another tenant. A route added later is covered
// without editing this file.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccessAny } from '../../../contract/access';
import { ROLES, type Role } from '../../../contract/constants';
import { buildHttpApp } from '../../../server/src/app';
import { goodCard } from '../billing/billing-fixtures';
import { createTestApp, injectFetch, type TestApp } from '../helpers';
import {
  buildTenants,
  fillParams,
  paramsOf,
  routeCollector,
  type SeenRoute,
  type Tenants,
} from './role-matrix-fixtures';

/**
 * The /api routes anyone may call: sign-in and registration steps, public settings, the provider's webhook, the
 * API's description.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/public/settings',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'GET /api/service_provider/check_availability',
  'POST /api/auth/reseller_token/:code',
  'POST /api/service_provider/resend_confirmation_email',
  'POST /api/service_provider/confirm/:token',
  'POST /api/auth/forgot_password',
  'POST /api/auth/forgot_password/confirm',
  'POST /api/auth/link_status',
  'POST /api/auth/reseller/password',
  'POST /api/payment/subscription',
  'GET /api/payment/old_subscription_invoice',
  'POST /api/payment/webhook',
  'POST /api/public/decrypt_cert',
];

/**
 * Valid bodies of the tenant routes that take one, so that another tenant's call reaches the ownership check
 * rather than the validation. A tenant route with a body not listed here may answer 400/422 to it instead.
 */
const SAMPLE_BODIES: Record<string, unknown> = {
  'PATCH /api/payment/payment_card/:id': goodCard({ number: undefined, cvc: undefined }),
  'POST /api/service_provider/replace_sti_spc_cert/:serial': {
    sti_pa_username: 'demo',
    sti_pa_password: 'demo-pass',
  },
  'POST /api/service_provider/revoke_sti_spc_cert/:serial': {},
};

/** A well-formed id of nothing. */
const NOBODY = '00000000-0000-4000-8000-000000000002';

const seen: SeenRoute[] = [];
let t: TestApp;
let tenants: Tenants;

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  // the same app again, its routes collected as they are registered
  const collecting = await buildHttpApp(t.services, { logger: false, onRoute: routeCollector(seen) });
  await collecting.ready();
  await collecting.close();
  tenants = await buildTenants(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const name = (r: SeenRoute) => `${r.method} ${r.url}`;
const apiRoutes = () => seen.filter((r) => r.url.startsWith('/api/'));
const protectedRoutes = () => apiRoutes().filter((r) => !PUBLIC_ROUTES.includes(name(r)));
/** Routes of a role that has tenants, taking a parameter: the ones another tenant's records could leak through. */
const tenantRoutes = (role: Exclude<Role, 'admin'>) =>
  protectedRoutes().filter((r) => paramsOf(r.url).length > 0 && canAccessAny(role, r.config.access!));

const takesBody = (r: SeenRoute) => r.method !== 'GET' && r.method !== 'DELETE';

function call(r: SeenRoute, url: string, token?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const body = SAMPLE_BODIES[name(r)] ?? {};
  return t.app.inject({
    method: r.method as 'GET',
    url,
    headers: takesBody(r) ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: takesBody(r) ? JSON.stringify(body) : undefined,
  });
}

/**
 * Refused as it must be: 403 or 404; a body route without a sample body may stop at its validation. A reseller's
 * routes read its companies by id: another reseller's company does not exist for it (404, never 403).
 */
function refusedToOtherTenant(r: SeenRoute, status: number, role: Exclude<Role, 'admin'>): boolean {
  if (role === 'reseller') return status === 404;
  if (status === 403 || status === 404) return true;
  return takesBody(r) && !(name(r) in SAMPLE_BODIES) && (status === 400 || status === 422);
}

const tokenOf = (role: Role) => (role === 'admin' ? tenants.admin() : tenants.other[role]());

describe('the route table', () => {
  it('has the modules’ routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    expect(protectedRoutes().length).toBeGreaterThan(30);
  });

  it('lists exactly the public routes as public', () => {
    const declaredPublic = apiRoutes()
      .filter((r) => r.config.public === true)
      .map(name);
    expect(declaredPublic.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('gives every other /api route an access of the role matrix that some role holds', () => {
    const missing = protectedRoutes()
      .filter((r) => !r.config.access)
      .map(name);
    expect(missing).toEqual([]);
    const unheld = protectedRoutes()
      .filter((r) => !ROLES.some((role) => canAccessAny(role, r.config.access!)))
      .map(name);
    expect(unheld).toEqual([]);
  });
});

describe('every protected route', () => {
  it('answers 401 without a token', async () => {
    const wrong: string[] = [];
    for (const r of protectedRoutes()) {
      const res = await call(r, fillParams(r.url, NOBODY));
      if (res.statusCode !== 401) wrong.push(`${name(r)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to each role the matrix refuses, and lets the others past the wall', async () => {
    const wrong: string[] = [];
    for (const r of protectedRoutes()) {
      for (const role of ROLES) {
        const res = await call(r, fillParams(r.url, NOBODY), await tokenOf(role));
        const allowed = canAccessAny(role, r.config.access!);
        const ok = allowed ? ![401, 403].includes(res.statusCode) : res.statusCode === 403;
        if (!ok) wrong.push(`${name(r)} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        // past the wall is not a crash either
        if (res.statusCode >= 500)
          wrong.push(`${name(r)} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('another tenant’s records', () => {
  it('there are routes with tenant records to try', () => {
    expect(tenantRoutes('service-provider').length).toBeGreaterThan(5);
    expect(tenantRoutes('reseller').map(name)).toContain('GET /api/reseller/service_provider/:id');
    expect(tenants.ownedIds.length).toBeGreaterThan(10);
  });

  it('are never served: every owned id on every route with a parameter answers 403 or 404', async () => {
    expect(Object.keys(SAMPLE_BODIES).filter((k) => !protectedRoutes().some((r) => name(r) === k))).toEqual(
      [],
    );
    const wrong: string[] = [];
    for (const role of ['service-provider', 'reseller'] as const) {
      for (const r of tenantRoutes(role)) {
        for (const id of tenants.ownedIds) {
          const res = await call(r, fillParams(r.url, id), await tenants.other[role]());
          if (!refusedToOtherTenant(r, res.statusCode, role)) {
            wrong.push(`${name(r)} as another ${role}, ${id}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are served to their owner (the ids tried are real): each GET route answers 2xx for one of them', async () => {
    const unserved: string[] = [];
    for (const role of ['service-provider', 'reseller'] as const) {
      for (const r of tenantRoutes(role).filter((x) => x.method === 'GET')) {
        const token = await tenants.owner[role]();
        let served = false;
        for (const id of tenants.ownedIds) {
          const res = await call(r, fillParams(r.url, id), token);
          if (res.statusCode >= 200 && res.statusCode < 300) served = true;
          if (served) break;
        }
        if (!served) unserved.push(`${name(r)} as its ${role}`);
      }
    }
    expect(unserved).toEqual([]);
  });
});
