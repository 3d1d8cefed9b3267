// The portal as several servers behind nginx (docs/production.md, "Several servers"), as the cluster test builds it
// (tests/server/cluster/cluster-proxy.ts): three built servers (build/server/main.mjs) on one PostgreSQL database,
// nginx running deploy/nginx/cluster.conf as committed with TLS (a throwaway CA), one nginx worker per core.
// A provider is made through nginx as the test makes it (registered, paid, signed in, two keys and certificates).
// 1. For N = 1, 2, 3 servers in `upstream portal` (the others left out of it): ROUNDS runs of SECONDS each with
//    CONNECTIONS in flight of a portal mix (the provider's payments list, signed in, and its two CRs, in turn: every
//    CR fetch misses nginx's empty folder and reaches a server), each beside a run of the baseline: the same nginx
//    over the same TLS answering `return 200`. Medians, and each N's ratio to its baseline and to N = 1.
// 2. With 3 servers under the same load and one POST creating a key every 50 ms: SIGKILL the second server and
//    start it again, SIGTERM the third (a rolling restart's step) and start it again; failed requests by kind and
//    cause, and the requests each server got (nginx's log of $upstream_addr, a failed-over request counted on each).
// The load is HTTP/1.1 with kept-alive connections over TLS (PROTOCOL=h2: one HTTP/2 connection), from a process of
// its own (bench/clusterLoad.ts). Run: npm run bench:cluster   (ROUNDS=3 SECONDS=5 CONNECTIONS=16 by default; the PostgreSQL server is
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; needs /usr/sbin/nginx)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { activeProvider, api, tokenOf } from '../tests/server/billing/billing-fixtures';
import {
  NGINX,
  clusterServerBlock,
  clusterServers,
  makeCertificates,
  readUpstreamLog,
  startNginx,
  stopNginx,
} from '../tests/server/cluster/cluster-proxy';
import { clusterApp, h2Client } from '../tests/server/cluster/h2-client';
import { createPostgresDatabase } from '../tests/server/helpers';
import { freePort, issueCertificate } from '../tests/server/process/live-server';
import { type LoadResult, startLoad } from './clusterLoad';
import { type SpawnedServer, startServerProcess } from './serverProcess';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
/** PROTOCOL=h2: the load over one HTTP/2 connection (CONNECTIONS streams in flight) rather than HTTP/1.1. */
const H2 = process.env.PROTOCOL === 'h2';
const PROTOCOL = H2 ? 'HTTP/2, one connection' : 'HTTP/1.1 kept alive';
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const COUNTS = [1, 2, 3];
const STATIC = '/static';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

if (!(ROUNDS >= 1 && SECONDS > 0 && CONNECTIONS >= 1))
  throw new Error('ROUNDS and CONNECTIONS must be at least 1, SECONDS more than 0');
if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is absent (apt-get install nginx-light)`);
const loadBefore = load();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
fs.chmodSync(work, 0o755);
const publishDir = path.join(work, 'publish');
fs.mkdirSync(publishDir, { mode: 0o755 });
makeCertificates(work);
const caFile = path.join(work, 'ca.pem');
const ca = fs.readFileSync(caFile, 'utf8');
const dirs = { n: 0 };
const makeDir = () => {
  const dir = path.join(work, `data-${dirs.n++}`);
  fs.mkdirSync(dir);
  return dir;
};
const [port, staticPort, ...ports] = await Promise.all([0, 1, 2, 3, 4].map(() => freePort()));
const base = `https://127.0.0.1:${port}`;
const addresses = ports.map((p) => `127.0.0.1:${p}`);
const db = await createPostgresDatabase(PG_URL, 'portal_bench_cluster');
const cluster = await clusterServers({ count: 3, base, caFile, dbUrl: db.url, makeDir });
const serverEnv = (i: number) => ({
  ...cluster.env,
  DATA_DIR: cluster.dataDirs[i],
  WEB_DIST_DIR: path.join(cluster.dataDirs[i], 'no-web'),
  ADMIN_PASSWORD: 'admin-pass-1',
  LOG_LEVEL: 'warn',
});
const servers: (SpawnedServer | null)[] = [null, null, null];
const startServer = async (i: number) =>
  (servers[i] = await startServerProcess(serverEnv(i), { port: ports[i] }));

/** The cluster's server block with `count` servers, and the baseline's: `return 200` over the same TLS. */
function nginxConf(count: number): string[] {
  const clusterConf = path.join(work, 'cluster.conf');
  fs.writeFileSync(clusterConf, clusterServerBlock(work, ports.slice(0, count), port, publishDir));
  const staticConf = path.join(work, 'static.conf');
  fs.writeFileSync(
    staticConf,
    [
      'server {',
      `    listen 127.0.0.1:${staticPort} ssl http2;`,
      `    ssl_certificate ${path.join(work, 'server.pem')};`,
      `    ssl_certificate_key ${path.join(work, 'server.key')};`,
      '    ssl_protocols TLSv1.2 TLSv1.3;',
      `    location = ${STATIC} {`,
      '        default_type text/plain;',
      '        return 200 "ok\\n";',
      '    }',
      '}',
    ].join('\n'),
  );
  return [clusterConf, staticConf];
}

/** nginx with both server blocks, one worker per core; `accessLog`: each request's upstream logged there. */
const nginxWith = (count: number, accessLog?: string) =>
  startNginx(work, port, { include: nginxConf(count), accessLog, workers: 'auto' });

async function stopAll() {
  await Promise.all(
    servers.map(async (s) => {
      if (s && s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }),
  );
}

interface Row {
  count: number;
  portal: number[];
  baseline: number[];
  failed: number;
  retried: number;
}

let nginx: Awaited<ReturnType<typeof nginxWith>> | null = null;
try {
  await Promise.all([0, 1, 2].map(startServer));

  // The provider, through nginx as a browser would reach it, with all three servers behind it.
  nginx = await nginxWith(3);
  const client = h2Client(base, ca, '203.0.113.1');
  const t = clusterApp(client, cluster.mailDir, base);
  const token = await tokenOf(t, await activeProvider(t));
  const http = api(t, token);
  const serials = [(await issueCertificate(http)).serial, (await issueCertificate(http)).serial];
  client.close();
  await stopNginx(nginx);
  nginx = null;
  const payments = '/api/service_provider/payments';
  const reads = [payments, `/cr/${serials[0]}.pem`, payments, `/cr/${serials[1]}.pem`];
  const portalLoad = (seconds: number) =>
    startLoad({ port, ca, token, reads, connections: CONNECTIONS, h2: H2, seconds }).result;
  const staticLoad = (seconds: number) =>
    startLoad({ port: staticPort, ca, reads: [STATIC], connections: CONNECTIONS, h2: H2, seconds }).result;

  const rows: Row[] = [];
  for (const count of COUNTS) {
    nginx = await nginxWith(count);
    // Warm-up: the servers' JIT and prepared statements, nginx's connections to them.
    await staticLoad(1);
    await portalLoad(1);
    const row: Row = { count, portal: [], baseline: [], failed: 0, retried: 0 };
    for (let r = 0; r < ROUNDS; r++) {
      const b = await staticLoad(SECONDS);
      const p = await portalLoad(SECONDS);
      row.baseline.push(b.rps);
      row.portal.push(p.rps);
      row.failed += b.read.failed + p.read.failed;
      row.retried += b.retried + p.retried;
    }
    rows.push(row);
    await stopNginx(nginx);
    nginx = null;
  }

  // A kill and a rolling restart's step under the same load, with writes beside it.
  const accessLog = path.join(work, 'access.log');
  nginx = await nginxWith(3, accessLog);
  const started = Date.now();
  const events: string[] = [];
  const event = (what: string) => events.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
  const faultLoad = startLoad({
    port,
    ca,
    token,
    reads,
    write: { path: '/api/service_provider/generate_sti_priv_key', status: 201, everyMs: 50 },
    connections: CONNECTIONS,
    h2: H2,
    seconds: 0,
  });
  await sleep(1000);
  const killed = servers[1]!;
  killed.child.kill('SIGKILL');
  await killed.exited;
  event('server 2 killed (SIGKILL)');
  const restartKilled = startServer(1).then(() => event('server 2 answers again'));
  // Awaited below with the other restart; a failure to start is reported there, not as an unhandled rejection.
  restartKilled.catch(() => undefined);
  await sleep(1000);
  const stopped = servers[2]!;
  stopped.child.kill('SIGTERM');
  const exit = await stopped.exited;
  event(`server 3 stopped (SIGTERM, exit code ${exit.code ?? exit.signal})`);
  await Promise.all([restartKilled, startServer(2).then(() => event('server 3 answers again'))]);
  await sleep(1000);
  faultLoad.stop();
  const fault = await faultLoad.result;
  event('load stopped');
  const perServer = addresses.map(() => 0);
  let failedOver = 0;
  for (const { request, upstream } of readUpstreamLog(accessLog)) {
    if (request.includes(' /stipa-sim/')) continue;
    const tried = upstream.split(', ');
    if (tried.length > 1) failedOver++;
    for (const addr of tried) if (addresses.includes(addr)) perServer[addresses.indexOf(addr)]++;
  }

  // Nothing done twice: the keys in the database are the two made first, each write answered 201, and at most each
  // failed one (nginx sent it, and a server may have carried it out before it was killed).
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const [{ n: keys }] = (await c.query<{ n: string }>('SELECT count(*) AS n FROM private_keys')).rows;
  await c.end();

  printThroughput(rows);
  printFault(fault, perServer, failedOver, events);
  console.log(
    `keys in the database: ${keys}, for 2 made first, ${fault.write.ok} writes answered 201 and ` +
      `${fault.write.failed} failed (${Number(keys) - 2 - fault.write.ok} of those carried out)`,
  );
  console.log(`\nload average (1, 5, 15 min): ${loadBefore} at the start, ${load()} at the end`);
} finally {
  if (nginx) await stopNginx(nginx);
  await stopAll();
  await db.drop();
  fs.rmSync(work, { recursive: true, force: true });
}

function printThroughput(rows: Row[]) {
  const runs = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  const one = median(rows[0].portal);
  console.log(
    `\n## Throughput through nginx (TLS, ${PROTOCOL}), ${CONNECTIONS} requests in flight, ` +
      `median of ${ROUNDS} runs of ${SECONDS} s, ${os.cpus().length} cores\n`,
  );
  console.log(
    'portal mix: GET /api/service_provider/payments (signed in) and GET /cr/<serial>.pem, in turn; ' +
      `baseline: the same nginx answering \`return 200\` over the same TLS, run before each portal run\n`,
  );
  console.log('| servers | portal mix req/s | runs | baseline req/s | runs | ratio | vs 1 server | failed |');
  console.log('| ------: | ---------------: | ---- | -------------: | ---- | ----: | ----------: | -----: |');
  for (const r of rows) {
    const p = median(r.portal);
    const b = median(r.baseline);
    console.log(
      `| ${r.count} | ${p.toFixed(0)} | ${runs(r.portal)} | ${b.toFixed(0)} | ${runs(r.baseline)} | ` +
        `${(p / b).toFixed(2)}× | ${(p / one).toFixed(2)}× | ${r.failed}${H2 ? ` (${r.retried} retried)` : ''} |`,
    );
  }
}

function printFault(fault: LoadResult, perServer: number[], failedOver: number, events: string[]) {
  const causes = (kind: string) =>
    Object.entries(fault.failures)
      .filter(([k]) => k.startsWith(`${kind} `))
      .map(([k, n]) => `${k.slice(kind.length + 1)}: ${n}`)
      .join(', ') || '-';
  console.log(
    `\n## A kill and a restart, 3 servers, ${PROTOCOL}, ${CONNECTIONS} reads in flight, a write every 50 ms\n`,
  );
  for (const e of events) console.log(`- ${e}`);
  console.log('\n| kind | answered | failed | failures by cause |');
  console.log('| ---- | -------: | -----: | ----------------- |');
  console.log(`| read (payments list, CR) | ${fault.read.ok} | ${fault.read.failed} | ${causes('read')} |`);
  console.log(
    `| write (POST generate_sti_priv_key) | ${fault.write.ok} | ${fault.write.failed} | ${causes('write')} |`,
  );
  console.log(
    `\nrequests per server (nginx's log; one failed over counted on each server tried): ` +
      `${perServer.map((n, i) => `server ${i + 1}: ${n}`).join(', ')}; failed over: ${failedOver}`,
  );
  if (H2)
    console.log(
      `HTTP/2 streams refused by nginx on a connection it was ending, sent again: ${fault.retried}`,
    );
  console.log(
    'a server that failed once is left out for fail_timeout (10 s in deploy/nginx/cluster.conf), ' +
      'so the two restarted servers get few requests here',
  );
}
