// Every list of every role beside a bare route, on the same database in the same run: how many requests a second
// each list (the session check, the list protocol, the first page its screen asks for, out of more, and the total) answers,
// and how many a bare Fastify route that runs `SELECT 1` on the same database answers, with the same client
// (keep-alive, CONCURRENCY requests in flight) for DURATION_MS each, ROUNDS times in turn, each list right after a
// bare measure of its own. Prints the medians, each list's median ratio to the bare measure before it, and the CPU
// time this process (the client and the server; not PostgreSQL's) spent per request, beside the bare route's
// (docs/performance.md says what to expect and why). The world is bench/api-lists.ts.
// Run: npm run bench:api   (DATABASES=pg,pglite CONCURRENCY=4 DURATION_MS=3000 ROUNDS=5 by default; the PostgreSQL
// server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; ROUTES, a
// comma-separated list of substrings, measures only the routes whose role and path (`admin /api/admin/payment`)
// hold one of them; PROFILE, such a substring, prints a CPU profile of that route's first measure, with
// bench/cpuProfile.ts's PROFILE_TOP and PROFILE_CALLERS)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { createTestApp, injectFetch, type TestApp } from '../tests/server/helpers';
import { listWorld, type ListRoute } from './api-lists';
import { profiled } from './cpuProfile';
import { pgliteApp } from './pgliteApp';

const DATABASES = (process.env.DATABASES ?? 'pg,pglite').split(',');
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const DURATION_MS = Number(process.env.DURATION_MS ?? 3000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** PAGE=n: every list's first n rows, instead of the rows its screen asks for first. */
const PAGE = process.env.PAGE ? Number(process.env.PAGE) : null;
const ROUTES = process.env.ROUTES ? process.env.ROUTES.split(',').filter(Boolean) : null;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Requests answered per second by `port` at `path` with CONCURRENCY in flight for DURATION_MS (after a warm-up), and
 * the CPU time this process (client and server) spent per request, in µs.
 */
async function measure(
  port: number,
  path: string,
  token: string | null,
  ms = DURATION_MS,
): Promise<{ rate: number; cpu: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const once = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  let done = 0;
  const cpu = process.cpuUsage();
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await once();
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  agent.destroy();
  return { rate: done / (ms / 1000), cpu: (used.user + used.system) / Math.max(done, 1) };
}

async function benchOne(kind: 'pg' | 'pglite') {
  if (kind === 'pg') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  // the embedded STI-PA is reached through the app itself (pgliteApp does the same)
  const t: TestApp =
    kind === 'pg' ? await createTestApp({ stiPaFetch: injectFetch(() => t.app) }) : await pgliteApp();
  const bare = Fastify();
  bare.get('/bare', async () => (await t.db.query<{ one: number }>('SELECT 1 AS one'))[0]);
  try {
    const world = await listWorld(t);
    const { tokens } = world;
    const routes = world.routes.filter(
      (r) => !ROUTES || ROUTES.some((s) => `${r.role} ${r.path}`.includes(s)),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as AddressInfo).port;
    const barePort = (bare.server.address() as AddressInfo).port;
    const rowsOf = (r: ListRoute) => PAGE ?? r.page;
    const url = (r: ListRoute) => `${r.path}?range=${encodeURIComponent(`[0,${rowsOf(r) - 1}]`)}`;
    // warm-up: plans, caches, the JIT; and every list must answer a full page
    await measure(barePort, '/bare', null, 1000);
    const counts: number[] = [];
    const sizes: number[] = [];
    for (const r of routes) {
      const res = await fetch(`http://127.0.0.1:${appPort}${url(r)}`, {
        headers: { authorization: `Bearer ${tokens[r.role]}` },
      });
      if (res.status !== 200) throw new Error(`${r.role} ${r.path}: ${res.status}`);
      const body = await res.text();
      sizes.push(Buffer.byteLength(body));
      counts.push([JSON.parse(body) as unknown].flat().length);
      await measure(appPort, url(r), tokens[r.role], 300);
    }
    // each list is measured right after a bare measure of its own, and its ratio taken to that one: on a shared
    // machine whose load moves within seconds, a ratio to one baseline of the round says more about the load
    const bares: number[] = [];
    const bareCpus: number[] = [];
    const lists = routes.map(() => [] as number[]);
    const cpus = routes.map(() => [] as number[]);
    const ratios = routes.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, r] of routes.entries()) {
        const bare = await measure(barePort, '/bare', null);
        const once = () => measure(appPort, url(r), tokens[r.role]);
        const profile =
          round === 0 && process.env.PROFILE && `${r.role} ${r.path}`.includes(process.env.PROFILE);
        const list = await (profile ? profiled(`${r.role} ${r.path}`, once) : once());
        bares.push(bare.rate);
        bareCpus.push(bare.cpu);
        lists[i].push(list.rate);
        cpus[i].push(list.cpu);
        ratios[i].push(list.rate / bare.rate);
      }
    }
    const b = median(bares);
    console.log(`\n## ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}`);
    console.log(
      `baseline: bare Fastify route running SELECT 1: median ${Math.round(b)} req/s, ` +
        `${Math.round(median(bareCpus))} µs of this process's CPU a request`,
    );
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log(
      `| role | list | rows | bytes | req/s | CPU µs/req | ratio |\n|---|---|---:|---:|---:|---:|---:|`,
    );
    for (const [i, r] of routes.entries()) {
      const l = median(lists[i]);
      const ratio = median(ratios[i]);
      const flag =
        (ratio < 0.5 ? ' (under 0.5)' : '') + (counts[i] < rowsOf(r) ? ` (only ${counts[i]} rows)` : '');
      console.log(
        `| ${r.role} | ${r.path.replace(/[0-9a-f-]{36}/, ':id')} | ${rowsOf(r)} | ${sizes[i]} | ${Math.round(l)} | ` +
          `${Math.round(median(cpus[i]))} | ${ratio.toFixed(2)}×${flag} |`,
      );
    }
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
