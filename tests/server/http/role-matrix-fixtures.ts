// The people of the role-matrix test: an owner tenant of each role with real records (a paid provider with an
// invoice, a card, a key, a certificate and an import; a reseller with a company and an invitation), a second
// tenant of each role, and the ids of everything the owner tenants hold, read from the database so that a record
// kind added later is in the pool without editing the test.
import type { RouteOptions } from 'fastify';
import type { AccessRule } from '../../../contract/access';
import type { TokenClaims } from '../../../contract/api';
import type { Role } from '../../../contract/constants';
import { activeProvider, tokenOf } from '../billing/billing-fixtures';
import { sessionToken, type TestApp } from '../helpers';
import { providerWithRecords } from '../records-fixtures';
import { adminToken, as, registeredCompany, signedInReseller } from '../resellers/resellers-fixtures';

export interface SeenRoute {
  method: string;
  url: string;
  /** access: one, or several of which any admits (contract/access.ts AccessRule). */
  config: { public?: boolean; access?: AccessRule };
}

/** Collects every route the app registers (HEAD is GET's twin), for buildHttpApp's onRoute. */
export function routeCollector(seen: SeenRoute[]) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') seen.push({ method, url: route.url, config: route.config ?? {} });
    }
  };
}

/** The route's parameters: `/a/:id/b/:serial` -> ['id', 'serial']. */
export const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)\??/g)].map((m) => m[1]);

export const fillParams = (url: string, value: string) =>
  url.replace(/:[A-Za-z_]+\??/g, encodeURIComponent(value));

export interface Tenants {
  /** Fresh sessions of the second tenant of a role: a request may log its session out. */
  other: Record<Exclude<Role, 'admin'>, () => Promise<string>>;
  owner: Record<Exclude<Role, 'admin'>, () => Promise<string>>;
  admin: () => Promise<string>;
  /** The ids of every record the owner tenants hold. */
  ownedIds: string[];
}

/** A new session of the account behind `token` (a login's claims, as the token carries them). */
function sessionsOf(t: TestApp, token: string): () => Promise<string> {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as TokenClaims;
  const { exp: _exp, iat: _iat, sid: _sid, ...rest } = claims;
  return () => sessionToken(t, rest);
}

/** Every id of the owner tenants' rows, in any table that names a provider or a reseller. */
async function ownedIds(t: TestApp, spIds: string[], resellerId: string): Promise<string[]> {
  const rows = await t.db.query<{ id: string }>(
    `SELECT id::text FROM service_providers WHERE id = ANY($1::uuid[])
     UNION SELECT account_id::text FROM service_providers WHERE id = ANY($1::uuid[])
     UNION SELECT id::text FROM subscriptions WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM invoices WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM payments WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM checkouts WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM private_keys WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM certificates WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT serial_number FROM certificates WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM number_imports WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT id::text FROM subscription_changes WHERE service_provider_id = ANY($1::uuid[])
     UNION SELECT c.id FROM payment_cards c JOIN service_providers sp ON sp.payment_customer_ref = c.customer
            WHERE sp.id = ANY($1::uuid[])
     UNION SELECT id::text FROM resellers WHERE id = $2
     UNION SELECT account_id::text FROM resellers WHERE id = $2
     UNION SELECT id::text FROM reseller_invites WHERE reseller_id = $2`,
    [spIds, resellerId],
  );
  return rows.map((r) => r.id);
}

export async function buildTenants(t: TestApp): Promise<Tenants> {
  const admin = await adminToken(t);
  const owner = await providerWithRecords(t);
  const other = await activeProvider(t);
  const ownerReseller = await signedInReseller(t, admin);
  const otherReseller = await signedInReseller(t, admin);
  const company = await registeredCompany(t, ownerReseller.url_token);
  // a company of the other reseller too, so that its lists are not empty
  await registeredCompany(t, otherReseller.url_token);
  const invite = await as(t, ownerReseller.token).post('/api/reseller/service_provider/invite', {
    email: `invited.${Date.now()}@matrix.test`,
  });
  if (invite.statusCode >= 300) throw new Error(`invite: ${invite.statusCode} ${invite.body}`);
  // the owner's hosted STI-SCA: a certificates row of its own kind
  const sca = await as(t, owner.token).post('/api/service_provider/sti_sca', {
    sti_pa_username: 'demo',
    sti_pa_password: 'demo-pass',
  });
  if (sca.statusCode >= 300 || !(sca.json() as { success: boolean }).success)
    throw new Error(`STI-SCA: ${sca.statusCode} ${sca.body}`);
  // and a delegate certificate it signed, of a number of the owner's inventory
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn) VALUES ($1, '2015550100') ON CONFLICT DO NOTHING`,
    [owner.p.spId],
  );
  const delegate = await as(t, owner.token).post('/api/service_provider/delegates', {
    customer_name: 'Matrix',
    numbers: '2015550100',
  });
  if (delegate.statusCode !== 201) throw new Error(`delegate: ${delegate.statusCode} ${delegate.body}`);
  return {
    admin: () => adminToken(t),
    owner: {
      'service-provider': sessionsOf(t, owner.token),
      reseller: sessionsOf(t, ownerReseller.token),
    },
    other: {
      'service-provider': sessionsOf(t, await tokenOf(t, other)),
      reseller: sessionsOf(t, otherReseller.token),
    },
    ownedIds: await ownedIds(t, [owner.p.spId, company.spId], ownerReseller.id),
  };
}
