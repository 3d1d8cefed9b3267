// The admin's dashboard at PROVIDERS providers, beside a baseline measured in the same run:
// - seeds by SQL (generate_series): PROVIDERS providers over the last 3 years, one subscription each (most
//   running, some past due or expired, monthly and yearly), PAYMENTS payments each over the last 18 months, a
//   key and CERTIFICATES certificates each, and the change log's past-due moves of the last 30 days;
// - GET /api/admin/dashboard over a socket, SAMPLES times: median and p95, beside GET /api/health;
// - each figure's query on its own (median), to see which one a plan makes slow.
// Run: npm run bench:dashboard   (PROVIDERS=100000 PAYMENTS=6 CERTIFICATES=2 SAMPLES=20 DATABASES=pg,pglite by
// default; the PostgreSQL server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// The OCN's format (3 digits and a letter or digit) holds 36,000 distinct values, fewer than PROVIDERS: the bench
// drops the unique OCN index of its own database before seeding (the dashboard never reads the OCN).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import * as figures from '../server/src/dashboard/store';
import type { Database } from '../server/src/db';
import { pgliteApp } from './pgliteApp';
import { createTestApp, sessionToken } from '../tests/server/helpers';

const PROVIDERS = Number(process.env.PROVIDERS ?? 100_000);
const PAYMENTS = Number(process.env.PAYMENTS ?? 6);
const CERTIFICATES = Number(process.env.CERTIFICATES ?? 2);
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const DATABASES = (process.env.DATABASES ?? 'pg,pglite').split(',');
/** PLANS=1: each query's plan as run (EXPLAIN ANALYZE), to see which one scans what. */
const PLANS = process.env.PLANS === '1';
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const n = (x: number) => x.toLocaleString('en-US');

/** The seed, one statement a table; `$1` providers. Ids derive from the row number, so tables join on them. */
const SEED: [string, string][] = [
  ['drop the unique OCN index (36,000 OCNs at most)', `DROP INDEX service_providers_ocn_key`],
  [
    'accounts',
    `INSERT INTO accounts (id, type, email, first_name, last_name, is_confirmed)
     SELECT md5('a' || g)::uuid, 'service-provider', 'p' || g || '@bench.test', 'P', 'Q', true
       FROM generate_series(1, $1::int) g`,
  ],
  [
    'providers',
    `INSERT INTO service_providers (id, account_id, ocn, company_name, phone_number, title, address, state, city,
       zipcode, created_on)
     SELECT md5('s' || g)::uuid, md5('a' || g)::uuid, lpad((g % 1000)::text, 3, '0') || 'A', 'Company ' || g,
            '5555555555', 'CEO', '1 Main St', 'NY', 'Albany', '12207', now() - (g % 1095) * interval '1 day'
       FROM generate_series(1, $1::int) g`,
  ],
  [
    'subscriptions',
    `INSERT INTO subscriptions (service_provider_id, status, recurring_interval, current_period_start,
       current_period_end)
     SELECT md5('s' || g)::uuid,
            CASE WHEN g % 10 = 0 THEN 'past_due' WHEN g % 10 = 1 THEN 'expired' ELSE 'active' END,
            CASE WHEN g % 3 = 0 THEN 'year' ELSE 'month' END,
            now() - (g % 40) * interval '1 day',
            now() + interval '30 days' - (g % 40) * interval '1 day'
       FROM generate_series(1, $1::int) g`,
  ],
  [
    'payments',
    `INSERT INTO payments (service_provider_id, amount, transaction_id, created_on)
     SELECT md5('s' || g)::uuid, CASE WHEN g % 3 = 0 THEN 500 ELSE 100 END, 'tx_' || g || '_' || k,
            now() - ((g * 7 + k * 91) % 548) * interval '1 day'
       FROM generate_series(1, $1::int) g, generate_series(1, ${PAYMENTS}) k`,
  ],
  [
    'past-due moves',
    `INSERT INTO subscription_changes (service_provider_id, actor, change, from_value, to_value, created_on)
     SELECT md5('s' || g)::uuid, 'payment', 'status', 'active', 'past_due', now() - (g % 30) * interval '1 day'
       FROM generate_series(1, $1::int) g WHERE g % 10 = 0`,
  ],
  [
    'other changes',
    `INSERT INTO subscription_changes (service_provider_id, actor, change, from_value, to_value, created_on)
     SELECT md5('s' || g)::uuid, 'system', 'period end', '2025-01-01', '2025-02-01', now() - (g % 365) * interval '1 day'
       FROM generate_series(1, $1::int) g`,
  ],
  [
    'keys',
    `INSERT INTO private_keys (id, service_provider_id, key_ref, key_store, public_key_spki, origin)
     SELECT md5('k' || g)::uuid, md5('s' || g)::uuid, 'k' || g, 'software', '\\x00', 'generated'
       FROM generate_series(1, $1::int) g`,
  ],
  [
    'certificates',
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
       not_before, not_after, certificate_der, chain_pem, created_on)
     SELECT md5('c' || g || '_' || k), md5('s' || g)::uuid, md5('k' || g)::uuid,
            (SELECT id FROM ca_issuers WHERE role = 'intermediate' AND is_current),
            'issued', '123A', c.issued_at, c.issued_at + interval '1 year', '\\x00', 'pem', c.issued_at
       FROM generate_series(1, $1::int) g, generate_series(1, ${CERTIFICATES}) k,
            LATERAL (SELECT now() - ((g * 13 + k * 180) % 540) * interval '1 day' AS issued_at) c`,
  ],
];

async function seed(db: Database) {
  for (const [what, sql] of SEED) {
    const began = performance.now();
    await db.query(sql, sql.includes('$1') ? [PROVIDERS] : []);
    console.log(`seeded ${what.padEnd(48)} ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  await db.query('VACUUM (ANALYZE)');
}

function get(port: number, url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm-up, not counted
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    await run();
    out.push(performance.now() - began);
  }
  return out;
}

/** Runs the figure's query under EXPLAIN ANALYZE and prints the plan (its result is not read). */
async function printPlan(
  db: Database,
  name: string,
  query: (db: Database, now: Date) => Promise<unknown>,
  now: Date,
) {
  const lines: string[] = [];
  const explaining = {
    ...db,
    async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
      const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
      lines.push(...rows.map((r) => Object.values(r)[0]));
      return [] as T[];
    },
  } as Database;
  await query(explaining, now).catch(() => undefined);
  console.log(`\n${name}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

const QUERIES: [string, (db: Database, now: Date) => Promise<unknown>][] = [
  ['active providers', figures.activeProviders],
  ['new this month', figures.newProvidersThisMonth],
  ['monthly recurring revenue', figures.monthlyRecurringRevenue],
  ['failed payments, last 7 days', figures.failedPaymentsLast7Days],
  ['certificates issued this month', figures.certificatesIssuedThisMonth],
  ['certificates expiring in 30 days', figures.certificatesExpiringIn30Days],
  ['12 months of revenue and certificates', figures.twelveMonths],
];

async function benchOne(kind: 'pg' | 'pglite') {
  if (kind === 'pg') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  const t = kind === 'pg' ? await createTestApp() : await pgliteApp();
  try {
    console.log(`\n## ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${n(PROVIDERS)} providers`);
    await seed(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const token = await sessionToken(t, { type: 'admin', first_name: 'A', last_name: 'D' });
    const first = await get(port, '/api/admin/dashboard', token);
    if (first.status !== 200) throw new Error(`dashboard: ${first.status} ${first.body}`);
    const f = JSON.parse(first.body);
    console.log(
      `figures: ${n(f.active_providers)} active, ${n(f.new_providers_this_month)} new, MRR $${n(f.monthly_recurring_revenue)}, ` +
        `${n(f.failed_payments_last_7_days)} failed, ${n(f.certificates_issued_this_month)} issued, ` +
        `${n(f.certificates_expiring_in_30_days)} expiring`,
    );
    const health = await timed(SAMPLES, () => get(port, '/api/health', token));
    const dashboard = await timed(SAMPLES, () => get(port, '/api/admin/dashboard', token));
    const line = (name: string, xs: number[]) =>
      console.log(
        `${name.padEnd(40)} median ${median(xs).toFixed(1).padStart(7)} ms   p95 ${p95(xs).toFixed(1).padStart(7)} ms`,
      );
    line('baseline GET /api/health', health);
    line('GET /api/admin/dashboard', dashboard);
    console.log('each query alone:');
    const now = new Date();
    for (const [name, query] of QUERIES)
      line(`  ${name}`, await timed(Math.min(SAMPLES, 10), () => query(t.db, now)));
    if (PLANS) for (const [name, query] of QUERIES) await printPlan(t.db, name, query, now);
  } finally {
    await t.close();
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cpus, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${n(PROVIDERS)} providers, ${PAYMENTS} payments and ${CERTIFICATES} certificates each`,
);
for (const kind of DATABASES) await benchOne(kind as 'pg' | 'pglite');
process.exit(0);
