// An authenticated 7-row list beside a bare route, on the same database in the same run: how many requests a
// second the provider's payments list (GET /api/service_provider/payments, the session check, the list protocol,
// its page and its total) answers, and how many a bare Fastify route that runs `SELECT 1` on the same database
// answers, with the same client (keep-alive, CONCURRENCY requests in flight) for DURATION_MS each, ROUNDS times
// alternately. Prints the medians and their ratio.
// Run: npm run bench:api   (DATABASES=pg,pglite CONCURRENCY=4 DURATION_MS=3000 ROUNDS=5 by default; the PostgreSQL
// server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { activeProvider, tokenOf } from '../tests/server/billing-fixtures';
import { createTestApp, type TestApp } from '../tests/server/helpers';
import { pgliteApp } from './pgliteApp';

const DATABASES = (process.env.DATABASES ?? 'pg,pglite').split(',');
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const DURATION_MS = Number(process.env.DURATION_MS ?? 3000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Requests answered per second by `port` at `path` with CONCURRENCY in flight for DURATION_MS (after a warm-up). */
async function rate(port: number, path: string, token: string | null, ms = DURATION_MS): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const once = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  let done = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await once();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / (ms / 1000);
}

async function benchOne(kind: 'pg' | 'pglite') {
  if (kind === 'pg') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  const t: TestApp = kind === 'pg' ? await createTestApp() : await pgliteApp();
  const bare = Fastify();
  bare.get('/bare', async () => (await t.db.query<{ one: number }>('SELECT 1 AS one'))[0]);
  try {
    const provider = await activeProvider(t);
    const token = await tokenOf(t, provider);
    for (let i = 0; i < 12; i++) {
      await t.db.query(
        `INSERT INTO payments (service_provider_id, amount, transaction_id, created_on)
         VALUES ($1, 100, $2, now() - make_interval(days => $3))`,
        [provider.spId, `bench-${i}`, i + 1],
      );
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as AddressInfo).port;
    const barePort = (bare.server.address() as AddressInfo).port;
    const list = `/api/service_provider/payments?range=${encodeURIComponent('[0,6]')}&sort=${encodeURIComponent('["created_on","DESC"]')}`;
    // warm-up: plans, caches, the JIT
    await rate(appPort, list, token, 1000);
    await rate(barePort, '/bare', null, 1000);
    const lists: number[] = [];
    const bares: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      bares.push(await rate(barePort, '/bare', null));
      lists.push(await rate(appPort, list, token));
    }
    const [l, b] = [median(lists), median(bares)];
    console.log(`\n## ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}`);
    console.log(`baseline: bare Fastify route running SELECT 1   median ${Math.round(b)} req/s`);
    console.log(`GET /api/service_provider/payments, 7 rows       median ${Math.round(l)} req/s`);
    console.log(`ratio list / bare:                                ${(l / b).toFixed(2)}×`);
  } finally {
    await bare.close();
    await t.close();
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cpus, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${CONCURRENCY} requests in flight, ${ROUNDS} rounds of ${DURATION_MS} ms each`,
);
for (const kind of DATABASES) await benchOne(kind as 'pg' | 'pglite');
process.exit(0);
