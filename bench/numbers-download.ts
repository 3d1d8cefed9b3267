// Large CSV downloads beside the other requests, each figure beside a baseline measured in the same run:
// - ROWS numbers of one provider (seeded by SQL) exported as CSV (`GET …/tn/assigned/export`), and an import's
//   error report of ROWS rows (seeded by SQL: more than an import keeps today, as an import of an earlier release
//   may have left), each downloaded by a client in a process of its own that reads as fast as it can;
// - meanwhile, `GET /api/health` and the number listing's first page, asked one after the other, each due every
//   INTERVAL_MS: how long after it was due each is answered (time the event loop is held counts too), median and
//   p95, against the same requests with no download running.
// Goal: p95 ≤ 100 ms during the download. Prints the download's time and rows per second.
// Run: npm run bench:downloads   (ROWS=1000000 DATABASES=pglite,pg by default; the PostgreSQL server is
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test). Requests go to
// 127.0.0.1 only.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { activeProvider, tokenOf } from '../tests/server/billing/billing-fixtures';
import { createTestApp, type TestApp } from '../tests/server/helpers';
import { pgliteApp } from './pgliteApp';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const DATABASES = (process.env.DATABASES ?? 'pglite,pg').split(',');
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
/** Each probe is due this often; the baseline takes BASELINE_SAMPLES of each, a download at most MAX_SAMPLES. */
const INTERVAL_MS = 50;
const BASELINE_SAMPLES = Number(process.env.BASELINE_SAMPLES ?? 100);
const MAX_SAMPLES = 5_000;

const LISTING = `/api/service_provider/tn/assigned?range=${encodeURIComponent('[0,24]')}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? NaN;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(1).padStart(7)} ms, p95 ${p95(xs).toFixed(1).padStart(7)} ms (${xs.length} requests)`;

function get(port: number, url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * Health and listing, one after the other, each due INTERVAL_MS after the one before, until `done()` or `max`
 * of each: the time from when each was due to its answer.
 */
async function probe(port: number, token: string, done: () => boolean, max: number) {
  const out = { health: [] as number[], listing: [] as number[] };
  let due = performance.now();
  while (!done() && out.health.length < max) {
    for (const [key, url] of [
      ['health', '/api/health'],
      ['listing', LISTING],
    ] as const) {
      const status = await get(port, url, token);
      if (status !== 200) throw new Error(`${url}: ${status}`);
      out[key].push(performance.now() - due);
      due += INTERVAL_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else due = performance.now();
    }
  }
  return out;
}

/** A client in a process of its own downloads `url` as fast as it reads: its status, bytes and time. */
const CLIENT = `
const http = require('node:http');
const [port, token, url] = process.argv.slice(1);
const t0 = performance.now();
let bytes = 0;
http.get({ host: '127.0.0.1', port: Number(port), path: url, headers: { authorization: 'Bearer ' + token } }, (res) => {
  res.on('data', (d) => (bytes += d.length));
  res.on('end', () => console.log(JSON.stringify({ status: res.statusCode, bytes, ms: performance.now() - t0 })));
}).on('error', (e) => { console.error(e); process.exit(1); });
`;

function download(port: number, token: string, url: string) {
  return new Promise<{ status: number; bytes: number; ms: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, String(port), token, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
  });
}

async function seed(t: TestApp, spId: string): Promise<string> {
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn, voip_user, organization, assigned_on)
     SELECT $1, (2000000000 + g)::text, 'user ' || (g % 1000), 'Org ' || (g % 100), date '2024-01-15'
       FROM generate_series(1, $2) g`,
    [spId, ROWS],
  );
  await t.db.query('INSERT INTO number_counts (service_provider_id, total) VALUES ($1, $2)', [spId, ROWS]);
  const [imp] = await t.db.query<{ id: string }>(
    `INSERT INTO number_imports (service_provider_id, filename, status, count, fail_count, completed_on)
     VALUES ($1, 'repeated.csv', 'completed', $2, $2, now()) RETURNING id`,
    [spId, ROWS],
  );
  await t.db.query(
    `INSERT INTO number_import_errors (import_id, line, tn, voip_user, organization, assigned_on, reason)
     SELECT $1, g, '2015550100', 'user', 'Org', '2024-01-15',
            'This number is already in your inventory' FROM generate_series(2, $2 + 1) g`,
    [imp.id, ROWS],
  );
  await t.db.query('VACUUM (ANALYZE) numbers');
  await t.db.query('VACUUM (ANALYZE) number_import_errors');
  return imp.id;
}

async function benchOne(kind: 'pg' | 'pglite') {
  if (kind === 'pg') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  const t = kind === 'pg' ? await createTestApp() : await pgliteApp();
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const p = await activeProvider(t);
    const token = await tokenOf(t, p);
    const began = performance.now();
    const importId = await seed(t, p.spId);
    console.log(
      `\n## ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${ROWS.toLocaleString('en-US')} numbers and error rows seeded in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    // warm: the first requests load the routes' code and plans
    await probe(port, token, () => false, 10);
    const base = await probe(port, token, () => false, BASELINE_SAMPLES);
    console.log(`baseline, no download: GET /api/health  ${fmt(base.health)}`);
    console.log(`                       number listing   ${fmt(base.listing)}`);
    for (const [name, url] of [
      ['numbers export', '/api/service_provider/tn/assigned/export'],
      ['error report', `/api/service_provider/tn/import-history/${importId}/errors`],
    ]) {
      let ended = false;
      const running = download(port, token, url).finally(() => (ended = true));
      const during = await probe(port, token, () => ended, MAX_SAMPLES);
      const got = await running;
      if (got.status !== 200) throw new Error(`${url}: ${got.status}`);
      console.log(
        `${name}: ${(got.bytes / 1024 / 1024).toFixed(0)} MB in ${(got.ms / 1000).toFixed(1)} s (${Math.round(ROWS / (got.ms / 1000)).toLocaleString('en-US')} rows/s)`,
      );
      console.log(`  during it: GET /api/health  ${fmt(during.health)}`);
      console.log(`             number listing   ${fmt(during.listing)}`);
    }
  } finally {
    await t.close();
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cpus, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; each probe due every ${INTERVAL_MS} ms`,
);
for (const kind of DATABASES) await benchOne(kind as 'pg' | 'pglite');
process.exit(0);
