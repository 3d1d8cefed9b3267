// Number import and listing, each figure beside a baseline measured in the same run:
// - import of ROWS rows, end to end (HTTP upload of the CSV until the import is `completed`) on PostgreSQL beside
//   `psql \copy` of the same file into a table with the constraints and indexes of `numbers` in the same database,
//   and on PGlite beside PGlite's own `COPY … FROM '/dev/blob'` into a bare table; the peak RSS of this process
//   while importing; the slowest answer of GET /api/health while the import runs;
// - the listing at ROWS numbers for one provider (plus OTHER_ROWS numbers of other providers in the table):
//   p95 per page for each sort and each filter, and of the options call.
// Run: npm run bench:numbers   (ROWS=1000000 OTHER_ROWS=0 SAMPLES=40 DATABASES=pg,pglite by default;
// the PostgreSQL server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { openPostgres } from '../server/src/db';
import { migrate } from '../server/src/db/migrate';
import { createJobQueue } from '../server/src/jobs/pgBoss';
import { activeProvider, tokenOf } from '../tests/server/billing/billing-fixtures';
import { pgliteApp } from './pgliteApp';
import { startServerProcess, type ServerProcess } from './serverProcess';
import {
  createPostgresDatabase,
  createTestApp,
  secondApp,
  testConfig,
  type TestApp,
} from '../tests/server/helpers';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const OTHER_ROWS = Number(process.env.OTHER_ROWS ?? 0);
const SAMPLES = Number(process.env.SAMPLES ?? 40);
const DATABASES = (process.env.DATABASES ?? 'pg,pglite').split(',');
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-numbers-'));
const csvFile = path.join(dir, 'numbers.csv');

/** The i-th of distinct NANP numbers: area code and exchange from 200, the exchange varying fastest. */
const nanp = (i: number) =>
  `${200 + Math.floor(i / 8_000_000)}${200 + (i % 800)}${String(Math.floor(i / 800) % 10_000).padStart(4, '0')}`;

/** ROWS distinct NANP numbers with 1,000 users in 100 organizations and a date. */
function writeCsv(file: string, rows: number) {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'tn,voip_user,organization,assigned_on\n');
  const chunk: string[] = [];
  for (let i = 0; i < rows; i++) {
    const tn = nanp(i);
    chunk.push(`${tn},user ${i % 1000},Org ${i % 100},2024-${String((i % 12) + 1).padStart(2, '0')}-15`);
    if (chunk.length === 50_000) {
      fs.writeSync(fd, chunk.join('\n') + '\n');
      chunk.length = 0;
    }
  }
  if (chunk.length) fs.writeSync(fd, chunk.join('\n') + '\n');
  fs.closeSync(fd);
}

/** The upload limit the portals of this bench run with: the file, whatever ROWS makes it (200 MB by default). */
const MAX_BYTES = () => Math.max(200 * 1024 * 1024, fs.statSync(csvFile).size + 1024 * 1024);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`;

const BARE = `CREATE TABLE bare_numbers (tn text, voip_user text, organization text, assigned_on date)`;

/**
 * `psql \copy` of the same file into a table with the constraints and indexes of `numbers` (LIKE … INCLUDING ALL)
 * in the portal's own database, all rows for one provider: what the import writes, without the portal.
 */
function psqlCopy(dbUrl: string): number {
  const run = (sql: string) =>
    execFileSync('psql', [dbUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
  run(
    `DROP TABLE IF EXISTS copied_numbers; CREATE TABLE copied_numbers (LIKE numbers INCLUDING ALL);
     ALTER TABLE copied_numbers ALTER COLUMN service_provider_id SET DEFAULT '00000000-0000-4000-8000-000000000001'`,
  );
  const began = performance.now();
  run(
    `\\copy copied_numbers (tn, voip_user, organization, assigned_on) FROM '${csvFile}' WITH (FORMAT csv, HEADER)`,
  );
  const ms = performance.now() - began;
  run('DROP TABLE copied_numbers');
  return ms;
}

async function pgliteCopy(): Promise<number> {
  const db = await PGlite.create();
  await db.exec(BARE);
  const blob = new Blob([fs.readFileSync(csvFile)]);
  const began = performance.now();
  await db.query(`COPY bare_numbers FROM '/dev/blob' WITH (FORMAT csv, HEADER)`, [], { blob });
  const ms = performance.now() - began;
  await db.close();
  return ms;
}

/** POSTs the file as multipart/form-data over a real socket, streaming it from disk. */
function upload(port: number, token: string): Promise<string> {
  const boundary = `----bench${Date.now()}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/service_provider/tn/import',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () =>
          res.statusCode === 202
            ? resolve(JSON.parse(body).id)
            : reject(new Error(`${res.statusCode} ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="numbers.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    );
    const file = fs.createReadStream(csvFile);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(`\r\n--${boundary}--\r\n`));
  });
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

async function importEndToEnd(t: TestApp, port: number, token: string) {
  // what earlier steps left (the generated file's strings, the setup) collected first, when node allows it
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const health: number[] = [];
  let running = true;
  let atPeak = process.memoryUsage();
  const rssTimer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peakRss) [peakRss, atPeak] = [now.rss, now];
  }, 50);
  // another request due every 200 ms while the import runs: how long after it was due is it answered? Counted
  // from when it was due, so that time the event loop is blocked (PGlite runs in this thread) counts too.
  const probe = (async () => {
    let due = performance.now();
    while (running) {
      await get(port, '/api/health', token);
      health.push(performance.now() - due);
      due += 200;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else due = performance.now();
    }
  })();
  const began = performance.now();
  const id = await upload(port, token);
  const uploadedMs = performance.now() - began;
  let ms = 0;
  try {
    await untilCompleted(t.db, id);
    ms = performance.now() - began;
  } finally {
    running = false;
    await probe;
    clearInterval(rssTimer);
  }
  return {
    ms,
    uploadedMs,
    rssBefore,
    peakRss,
    atPeak,
    healthMax: Math.max(...health),
    healthP95: p95(health),
  };
}

/** Polls the import until it ends; throws unless it completed with every row. */
async function untilCompleted(db: TestApp['db'], id: string): Promise<void> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await db.query<{ status: string; success_count: number }>(
      'SELECT status, success_count FROM number_imports WHERE id = $1',
      [id],
    );
    if (row.status === 'completed' && row.success_count === ROWS) return;
    if (row.status === 'completed' || row.status === 'failed')
      throw new Error(`import ended ${JSON.stringify(row)}`);
  }
}

/**
 * The import's memory as production has it: the built server in a process of its own (a provider signed up on its
 * database first, by an app in this process that is closed before the server starts), its resident set once it
 * answers, and its high-water mark after it took the file over HTTP and imported it.
 */
async function serverProcessImport() {
  const created = await createPostgresDatabase(PG_URL, 'portal_bench');
  const db = await openPostgres(created.url, 2);
  const config = testConfig({ numberImportMaxBytes: MAX_BYTES() });
  let server: ServerProcess | undefined;
  try {
    await migrate(db);
    const jobs = createJobQueue(db, {
      log: pino({ enabled: false }) as unknown as FastifyBaseLogger,
      pollingIntervalSeconds: 1,
      stopTimeoutMs: 2_000,
    });
    const setup = await secondApp(db, config, { jobs });
    await setup.app.ready();
    await jobs.start();
    const token = await tokenOf(setup, await activeProvider(setup));
    await jobs.stop();
    await setup.close();
    server = await startServerProcess({
      DATABASE_URL: created.url,
      DATA_DIR: config.dataDir,
      JWT_SECRET: config.jwtSecret!,
      PUBLIC_URL: config.publicUrl,
      ADMIN_EMAIL: config.adminEmail,
      ADMIN_PASSWORD: 'bench-admin-password',
      WEB_DIST_DIR: config.webDistDir,
      LOG_LEVEL: 'warn',
      NUMBER_IMPORT_MAX_BYTES: String(MAX_BYTES()),
    });
    const before = server.rss().now;
    const began = performance.now();
    await untilCompleted(db, await upload(server.port, token));
    return {
      ms: performance.now() - began,
      before,
      peak: server.rss().peak,
      nodeOptions: server.nodeOptions,
    };
  } finally {
    await server?.stop();
    await db.close();
    await created.drop();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
}

/** Other providers' numbers, straight into the table (the listing's share of a 10^7-row table). */
async function fillOthers(t: TestApp, rows: number) {
  const perProvider = 1_000_000;
  for (let done = 0; done < rows; done += perProvider) {
    const p = await activeProvider(t);
    await t.db.query(
      `INSERT INTO numbers (service_provider_id, tn, voip_user, organization, assigned_on)
       SELECT $1, (200 + g / 8000000)::text || (200 + g % 800)::text || lpad(((g / 800) % 10000)::text, 4, '0'),
              'user ' || (g % 1000), 'Org ' || (g % 100), date '2024-01-01'
         FROM generate_series(0, $2 - 1) g`,
      [p.spId, Math.min(perProvider, rows - done)],
    );
  }
}

async function listing(port: number, token: string) {
  const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const cases: [string, string][] = [];
  for (const f of ['tn', 'created_on', 'assigned_on', 'voip_user', 'organization']) {
    cases.push([`sort ${f} ASC`, `sort=${enc([f, 'ASC'])}&range=${enc([0, 6])}`]);
    cases.push([`sort ${f} DESC, page 1000`, `sort=${enc([f, 'DESC'])}&range=${enc([7000, 7006])}`]);
  }
  cases.push(['filter q=4242 (contains)', `filter=${enc({ q: '4242' })}&range=${enc([0, 6])}`]);
  cases.push(['filter q=2005 (contains)', `filter=${enc({ q: '2005' })}&range=${enc([0, 6])}`]);
  cases.push(['filter q=7 (contains)', `filter=${enc({ q: '7' })}&range=${enc([0, 6])}`]);
  // (4242 is held by none of the numbers, 2005 by 126,400) 0000 by 2,240; one held that begins in a block's last
  // digits; all 10 digits; 2,240 in another sort's order
  cases.push(['filter q=0000 (contains)', `filter=${enc({ q: '0000' })}&range=${enc([0, 6])}`]);
  cases.push(['filter q=2050123 (contains)', `filter=${enc({ q: '2050123' })}&range=${enc([0, 6])}`]);
  cases.push(['filter q=2002000001 (contains)', `filter=${enc({ q: '2002000001' })}&range=${enc([0, 6])}`]);
  cases.push([
    'filter q=0000, sort voip_user DESC',
    `filter=${enc({ q: '0000' })}&sort=${enc(['voip_user', 'DESC'])}&range=${enc([0, 6])}`,
  ]);
  cases.push(['filter voip_user', `filter=${enc({ voip_user: 'user 123' })}&range=${enc([0, 6])}`]);
  cases.push(['filter organization', `filter=${enc({ organization: 'Org 42' })}&range=${enc([0, 6])}`]);
  cases.push([
    'filter all three, sort assigned_on',
    `filter=${enc({ q: '7', voip_user: 'user 123', organization: 'Org 23' })}&sort=${enc(['assigned_on', 'DESC'])}&range=${enc([0, 6])}`,
  ]);
  const out: [string, number, string][] = [];
  const time = async (url: string) => {
    const times: number[] = [];
    let last = { status: 0, body: '' };
    for (let i = 0; i < SAMPLES; i++) {
      const began = performance.now();
      last = await get(port, url, token);
      times.push(performance.now() - began);
    }
    if (last.status !== 200) throw new Error(`${url}: ${last.status} ${last.body}`);
    return times;
  };
  for (const [name, query] of cases) {
    const times = await time(`/api/service_provider/tn/assigned?${query}`);
    out.push([name, p95(times), `median ${median(times).toFixed(1)} ms`]);
  }
  for (const q of ['', '?q=user%2012']) {
    const times = await time(`/api/service_provider/tn/assigned/options${q}`);
    out.push([`options${q}`, p95(times), `median ${median(times).toFixed(1)} ms`]);
  }
  const health = await time('/api/health');
  return { out, healthP95: p95(health) };
}

async function benchOne(kind: 'pg' | 'pglite') {
  if (kind === 'pg') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  const limits = { numberImportMaxBytes: MAX_BYTES() };
  const t = kind === 'pg' ? await createTestApp({ config: limits }) : await pgliteApp(limits);
  try {
    const baselineMs = t.db.driver === 'pg' && t.db.url ? psqlCopy(t.db.url) : await pgliteCopy();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const token = await tokenOf(t, await activeProvider(t));
    const imp = await importEndToEnd(t, port, token);
    console.log(
      `\n## ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: import of ${ROWS.toLocaleString('en-US')} rows`,
    );
    console.log(
      `baseline ${kind === 'pg' ? 'psql \\copy into a table like numbers (its constraints and indexes)' : "COPY FROM '/dev/blob' into a bare table"}: ${(baselineMs / 1000).toFixed(2)} s (${rate(ROWS, baselineMs)})`,
    );
    console.log(
      `portal, upload to completed:                ${(imp.ms / 1000).toFixed(2)} s (${rate(ROWS, imp.ms)}); upload itself ${(imp.uploadedMs / 1000).toFixed(2)} s`,
    );
    console.log(`ratio portal rate / baseline rate:          ${(baselineMs / imp.ms).toFixed(2)}×`);
    console.log(
      `peak RSS of the process while importing:    ${mb(imp.peakRss)} (${mb(imp.rssBefore)} before the upload: +${mb(imp.peakRss - imp.rssBefore)}; at the peak: JS heap ${mb(imp.atPeak.heapUsed)} used of ${mb(imp.atPeak.heapTotal)}, buffers ${mb(imp.atPeak.arrayBuffers)}, other native ${mb(imp.atPeak.rss - imp.atPeak.heapTotal - imp.atPeak.external)})`,
    );
    if (kind === 'pg') {
      const own = await serverProcessImport();
      console.log(
        `the built server in a process of its own (node ${own.nodeOptions}): peak RSS ${mb(own.peak)} (${mb(own.before)} once it answered: +${mb(own.peak - own.before)}); upload to completed ${(own.ms / 1000).toFixed(2)} s`,
      );
    }
    console.log(
      `GET /api/health due every 200 ms during the import, answered after:          p95 ${imp.healthP95.toFixed(1)} ms, max ${imp.healthMax.toFixed(1)} ms`,
    );
    if (OTHER_ROWS) await fillOthers(t, OTHER_ROWS);
    // The table as autovacuum leaves it after a bulk load (hint bits set, visibility map, statistics); the
    // first reads of freshly loaded rows would otherwise pay for writing the hint bits.
    await t.db.query('VACUUM (ANALYZE) numbers');
    const list = await listing(port, token);
    console.log(
      `\n## ${kind}: listing (after VACUUM (ANALYZE) numbers) at ${ROWS.toLocaleString('en-US')} numbers (+${OTHER_ROWS.toLocaleString('en-US')} of other providers), ${SAMPLES} requests each`,
    );
    console.log(`baseline GET /api/health: p95 ${list.healthP95.toFixed(1)} ms`);
    for (const [name, ms, extra] of list.out)
      console.log(`${name.padEnd(40)} p95 ${ms.toFixed(1).padStart(7)} ms  (${extra})`);
  } finally {
    await t.close();
  }
}

writeCsv(csvFile, ROWS);
console.log(
  `file: ${ROWS.toLocaleString('en-US')} rows, ${mb(fs.statSync(csvFile).size)}; node ${process.version}, ${os.cpus().length} cpus, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  for (const kind of DATABASES) await benchOne(kind as 'pg' | 'pglite');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
