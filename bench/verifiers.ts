// Verifier traffic at scale (docs/production.md, "Publishing for verifiers"): CERTS certificates in PostgreSQL, each
// a CR URL a verifier may fetch. In one run, each figure beside its baseline:
// - publishing: `npm run publish`'s rebuild of the whole static tree into a folder (objects/s), beside the same
//   bytes written by plain file calls the same way (each file to the disk, then renamed over its name);
// - random CR fetches (uniform, and Zipf: a few busy numbers' certificates fetched most) through nginx with the
//   committed server block, answered from the folder, beside nginx answering one small static file;
// - the same fetches answered by the portal (a miss: the folder is empty), straight and through nginx, beside a bare
//   Fastify hello-world straight and through nginx; the portal is the built server in a process of its own, as
//   production runs it (npm run build:server), on the same database;
// - that process's resident set with CERTS certificates, after the load (the load runs in processes of its own).
// Run: npm run bench:verifiers   (CERTS=1000000 SECONDS=5 CONNECTIONS=32 ROUNDS=2; BENCH_DATABASE_URL or
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; nginx at /usr/sbin/nginx)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { startServerProcess } from './serverProcess';
import { DirectoryOrigin } from '../server/src/publishing/directory';
import { rebuildTree } from '../server/src/publishing/rebuild';
import {
  freePort,
  issueCertificate,
  providerApi,
  startLiveServer,
} from '../tests/server/process/live-server';
import { NGINX, portalServerBlock, proxyServerBlock, startNginx, staticServerBlock } from './nginx';
import { type Draw, drive, pathsFile } from './loadProcess';

const CERTS = Number(process.env.CERTS ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const BASELINE_FILES = Number(process.env.BASELINE_FILES ?? 20_000);
const SEED_BATCH = 100_000;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing (apt-get install nginx-light)`);
process.env.TEST_DATABASE_URL = PG_URL;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const log = (line: string) => console.log(line);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-verifiers-'));
fs.chmodSync(work, 0o755);
const publishDir = path.join(work, 'publish');
const emptyDir = path.join(work, 'empty');
for (const dir of [publishDir, emptyDir]) fs.mkdirSync(dir, { mode: 0o755 });

// The portal (on its own database), one certificate issued through its API, and CERTS - 1 more like it by SQL.
const live = await startLiveServer();
const { serial } = await issueCertificate(await providerApi(live));
let started = performance.now();
for (let from = 1; from < CERTS; from += SEED_BATCH) {
  const to = Math.min(CERTS - 1, from + SEED_BATCH - 1);
  await live.db.query(
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
       not_before, not_after, certificate_der, chain_pem, created_on)
     SELECT md5('bench' || g), c.service_provider_id, c.private_key_id, c.issuer_id, 'issued', c.spc,
            c.not_before, c.not_after, c.certificate_der, c.chain_pem, c.created_on
       FROM certificates c, generate_series($2::int, $3::int) g WHERE c.serial_number = $1`,
    [serial, from, to],
  );
}
await live.db.query('ANALYZE certificates');
let serials = (
  await live.db.query<{ s: string }>(`SELECT serial_number AS s FROM certificates WHERE status = 'issued'`)
).map((r) => r.s);
log(
  `node ${process.version}, ${os.cpus().length} cpus; ${serials.length} certificates in PostgreSQL ` +
    `(seeded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);

// Publishing: the rebuild, beside plain writes of as many chains (at most BASELINE_FILES) the same way.
const pem = await (await fetch(`${live.url}/cr/${serial}.pem`)).text();
started = performance.now();
const rebuilt = await rebuildTree({
  db: live.db,
  now: () => new Date(),
  origin: new DirectoryOrigin(publishDir),
});
const rebuildS = (performance.now() - started) / 1000;
const plainDir = path.join(work, 'plain');
fs.mkdirSync(plainDir);
const plainCount = Math.min(BASELINE_FILES, serials.length);
started = performance.now();
for (let i = 0; i < plainCount; i += 16) {
  await Promise.all(
    serials.slice(i, i + 16).map(async (s) => {
      const temp = path.join(plainDir, `.${s}.tmp`);
      const handle = await fs.promises.open(temp, 'wx', 0o644);
      await handle.writeFile(pem);
      await handle.datasync();
      await handle.close();
      await fs.promises.rename(temp, path.join(plainDir, `${s}.pem`));
    }),
  );
}
const plainRate = plainCount / ((performance.now() - started) / 1000);
fs.rmSync(plainDir, { recursive: true, force: true });
const rebuildRate = rebuilt.certificates / rebuildS;
log(`\n## Publishing to a folder\n`);
log(`| what | objects | time | objects/s | ratio |\n|---|---:|---:|---:|---:|`);
log(
  `| plain writes, each to the disk then renamed (baseline) | ${plainCount} | | ${plainRate.toFixed(0)} | 1.00× |`,
);
log(
  `| \`npm run publish\` (rebuildTree) | ${rebuilt.certificates + rebuilt.crls} | ${rebuildS.toFixed(0)} s | ` +
    `${rebuildRate.toFixed(0)} | ${(rebuildRate / plainRate).toFixed(2)}× |`,
);

// The fetches: nginx from the folder, and the portal on a miss (straight and through nginx), with the baselines.
const hello = Fastify({ logger: false });
hello.get('/', async () => 'hello world');
await hello.listen({ port: 0, host: '127.0.0.1' });
const helloPort = (hello.server.address() as AddressInfo).port;
// The portal as production runs it, on the same database and data folder (its CA's sealed keys, its secrets).
const portal = await startServerProcess({
  DATA_DIR: live.config.dataDir,
  DATABASE_URL: live.db.url ?? '',
  ADMIN_EMAIL: live.config.adminEmail,
  ADMIN_PASSWORD: live.config.adminPassword ?? '',
  WEB_DIST_DIR: path.join(work, 'no-dist'),
  LOG_LEVEL: 'warn',
});
const staticRoot = path.join(work, 'static');
fs.mkdirSync(staticRoot, { mode: 0o755 });
fs.writeFileSync(path.join(staticRoot, 'one.pem'), pem);
const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
const fromFolder = await startNginx(
  portalServerBlock(portal.port, publishDir, ports[0]),
  ports[0],
  '/api/health',
);
const onMiss = await startNginx(portalServerBlock(portal.port, emptyDir, ports[1]), ports[1], '/api/health');
const staticOne = await startNginx(staticServerBlock(staticRoot, ports[2]), ports[2], '/one.pem');
const helloProxied = await startNginx(proxyServerBlock(helloPort, ports[3]), ports[3], '/');
const crPaths = pathsFile(serials.map((s) => `/cr/${s}.pem`));
const certificates = serials.length;
serials = [];
const onePath = pathsFile(['/one.pem']);
const rootPath = pathsFile(['/']);
const opts = { connections: CONNECTIONS, seconds: SECONDS };

interface Case {
  name: string;
  port: number;
  paths: string;
  draw: Draw;
  /** The index of its baseline in `cases`. */
  baseline: number;
}
const cases: Case[] = [
  {
    name: 'nginx, one small static file (baseline)',
    port: staticOne.port,
    paths: onePath,
    draw: 'one',
    baseline: 0,
  },
  {
    name: 'CR through nginx from the folder, uniform',
    port: fromFolder.port,
    paths: crPaths,
    draw: 'uniform',
    baseline: 0,
  },
  {
    name: 'CR through nginx from the folder, Zipf',
    port: fromFolder.port,
    paths: crPaths,
    draw: 'zipf',
    baseline: 0,
  },
  { name: 'bare Fastify hello-world (baseline)', port: helloPort, paths: rootPath, draw: 'one', baseline: 3 },
  { name: 'CR from the portal, uniform', port: portal.port, paths: crPaths, draw: 'uniform', baseline: 3 },
  { name: 'CR from the portal, Zipf', port: portal.port, paths: crPaths, draw: 'zipf', baseline: 3 },
  {
    name: 'bare Fastify hello-world through nginx (baseline)',
    port: helloProxied.port,
    paths: rootPath,
    draw: 'one',
    baseline: 6,
  },
  {
    name: 'CR through nginx, a miss: the portal, uniform',
    port: onMiss.port,
    paths: crPaths,
    draw: 'uniform',
    baseline: 6,
  },
  {
    name: 'CR through nginx, a miss: the portal, Zipf',
    port: onMiss.port,
    paths: crPaths,
    draw: 'zipf',
    baseline: 6,
  },
];
for (const c of cases) await drive(c.port, c.paths, c.draw, { ...opts, seconds: 1 }); // warm-up
const rates = cases.map(() => [] as number[]);
let failed = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, c] of cases.entries()) {
    const r = await drive(c.port, c.paths, c.draw, opts);
    rates[i].push(r.rps);
    failed += r.failed;
  }
}
const rss = portal.rss();
log(`\n## CR fetches (${CONNECTIONS} connections, ${SECONDS} s a run, median of ${ROUNDS} rounds)\n`);
log(`| what | req/s | ratio to its baseline |\n|---|---:|---:|`);
for (const [i, c] of cases.entries()) {
  const ratio = median(rates[i]) / median(rates[c.baseline]);
  log(`| ${c.name} | ${median(rates[i]).toFixed(0)} | ${ratio.toFixed(2)}× |`);
}
log(`\nfailed requests: ${failed}`);
log(
  `portal process (${portal.nodeOptions}) with ${certificates} certificates: resident set ${mb(rss.now)} after the ` +
    `load, at most ${mb(rss.peak)}`,
);
log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

await Promise.all([fromFolder, onMiss, staticOne, helloProxied].map((n) => n.stop()));
await portal.stop();
await hello.close();
await live.close();
fs.rmSync(work, { recursive: true, force: true });
