// The world the list bench measures: one tenant of each role whose every list has more than a page (25 rows) of
// realistic rows. Records are made the way the portal makes them (a key, a certificate, an import, a company, an
// invitation, an extension), then copied in SQL with fresh ids, which is quicker than making each one.
import { ADMIN_PAGE_SIZE, DETAILS_PAGE_SIZE } from '../contract/admin';
import { PAGE_SIZES } from '../contract/constants';
import { RESELLER_PAGE_SIZE } from '../contract/resellers';
import type { Database } from '../server/src/db';
import { seedProvider } from '../tests/server/admin/admin-fixtures';
import { providerWithRecords } from '../tests/server/records-fixtures';
import type { TestApp } from '../tests/server/helpers';
import {
  adminToken,
  as,
  insertPayment,
  registeredCompany,
  signedInReseller,
} from '../tests/server/resellers/resellers-fixtures';

export const ROWS = 40;

export interface ListRoute {
  role: 'provider' | 'reseller' | 'admin';
  path: string;
  /** The rows its screen asks for first (PAGE= measures every list at that many instead). */
  page: number;
}

/**
 * `n` copies of a row of `table` that `where` picks, each with a new id and the columns of `fresh` (SQL of the
 * copy's number `g`, 1..n, and of the row `x`) replaced.
 */
async function copies(db: Database, table: string, where: string, params: unknown[], n: number, fresh = {}) {
  const over = Object.entries({ id: 'gen_random_uuid()', ...fresh })
    .map(([col, sql]) => `'${col}', ${sql as string}`)
    .join(', ');
  await db.query(
    `INSERT INTO ${table}
     SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(x) || jsonb_build_object(${over}))).*
       FROM (SELECT * FROM ${table} WHERE ${where} LIMIT 1) x, generate_series(1, ${n}) g`,
    params,
  );
}

export async function listWorld(
  t: TestApp,
): Promise<{ tokens: Record<ListRoute['role'], string>; routes: ListRoute[] }> {
  const admin = await adminToken(t);
  const { p, token } = await providerWithRecords(t, { numbers: 200, acmeCredential: true });
  for (let i = 0; i < 3; i++) {
    const ext = await as(t, admin).post(`/api/admin/service_provider/${p.spId}/extension`, {
      days: 30,
      reason: `Bench extension ${i}`,
    });
    if (ext.statusCode !== 200) throw new Error(`extension: ${ext.statusCode} ${ext.body}`);
  }
  const sp = [p.spId];
  await copies(t.db, 'private_keys', 'service_provider_id = $1', sp, ROWS);
  await copies(t.db, 'certificates', 'service_provider_id = $1', sp, ROWS, {
    // still 16 to 40 lower-case hex digits, and unique
    serial_number: `left(x.serial_number, 32) || lpad(to_hex(g), 8, '0')`,
  });
  await copies(t.db, 'number_imports', 'service_provider_id = $1', sp, ROWS);
  await copies(t.db, 'acme_eab_keys', 'service_provider_id = $1', sp, ROWS, { key_id: `x.key_id || g` });
  await copies(t.db, 'invoices', 'service_provider_id = $1', sp, ROWS, {
    invoice_number: '(SELECT max(invoice_number) FROM invoices) + g',
  });
  await copies(t.db, 'subscription_changes', 'service_provider_id = $1', sp, ROWS);
  await t.db.query(
    `INSERT INTO audit_log (occurred_on, action, actor_account_id, actor_email, actor_ip, service_provider_id, subject)
     SELECT now() - make_interval(hours => g), 'key.created', account_id, 'bench@provider.test', '127.0.0.1', id,
            'Key ' || g
       FROM service_providers, generate_series(1, ${ROWS}) g WHERE id = $1`,
    sp,
  );
  for (let i = 0; i < ROWS; i++)
    await insertPayment(t, p.spId, 100 + i, new Date(Date.now() - i * 86_400_000));

  // a reseller with companies, invitations and their payments; more resellers for the admin's list
  const reseller = await signedInReseller(t, admin);
  const company = await registeredCompany(t, reseller.url_token);
  for (let i = 0; i < ROWS; i++) {
    const c = await seedProvider(t.db, { resellerId: reseller.id });
    await insertPayment(t, c.spId, 50 + i);
  }
  await copies(t.db, 'invoices', 'service_provider_id = $1', sp, 1, {
    service_provider_id: `'${company.spId}'`,
    invoice_number: '(SELECT max(invoice_number) FROM invoices) + g',
  });
  await copies(t.db, 'invoices', 'service_provider_id = $1', [company.spId], ROWS, {
    invoice_number: '(SELECT max(invoice_number) FROM invoices) + g',
  });
  const invite = await as(t, reseller.token).post('/api/reseller/service_provider/invite', {
    email: `invited.${Date.now()}@bench.test`,
  });
  if (invite.statusCode >= 300) throw new Error(`invite: ${invite.statusCode} ${invite.body}`);
  await copies(t.db, 'reseller_invites', 'reseller_id = $1', [reseller.id], ROWS, {
    email: `'b' || g || x.email`,
  });
  for (let i = 0; i < 26; i++) await signedInReseller(t, admin);
  // statistics of the copied rows, as autovacuum would gather on a server that has run a while: the plans measured
  // are those of a database that knows its tables, not of one that takes every table for nearly empty
  await t.db.query('ANALYZE');

  const byId = (path: string) => `/api/admin/service_provider/${p.spId}/${path}`;
  return {
    tokens: { provider: token, reseller: reseller.token, admin },
    routes: [
      // not lists: the app's fixed cost (every hook, no session) and a session-checked one-row read, for reference
      { role: 'provider' as const, path: '/api/health', page: 1 },
      { role: 'provider' as const, path: '/api/service_provider', page: 1 },
      ...(
        [
          ['/api/service_provider/payments', PAGE_SIZES.payments],
          ['/api/service_provider/invoices', PAGE_SIZES.invoices],
          ['/api/service_provider/sti_priv_key', PAGE_SIZES.privateKeys],
          ['/api/service_provider/acme/eab', PAGE_SIZES.acmeCredentials],
          ['/api/service_provider/tn/import-history', PAGE_SIZES.imports],
          ['/api/service_provider/tn/assigned', PAGE_SIZES.numbers],
        ] as const
      ).map(([path, page]) => ({ role: 'provider' as const, path, page })),
      ...[
        '/api/reseller/service_provider',
        '/api/reseller/service_provider/invite',
        '/api/reseller/users/payment',
        '/api/payment/invoices_list',
      ].map((path) => ({ role: 'reseller' as const, path, page: RESELLER_PAGE_SIZE })),
      ...[
        '/api/admin/service_provider',
        '/api/admin/reseller/list',
        '/api/admin/payment',
        '/api/payment/invoices_list',
        '/api/admin/subscription_change_log',
        '/api/admin/audit_log',
      ].map((path) => ({ role: 'admin' as const, path, page: ADMIN_PAGE_SIZE })),
      // a provider's records on the admin's page of that provider
      ...[
        byId('subscription_change_log'),
        byId('certificates'),
        byId('private_keys'),
        byId('tn/import-history'),
        byId('tn/assigned'),
      ].map((path) => ({ role: 'admin' as const, path, page: DETAILS_PAGE_SIZE })),
    ],
  };
}
