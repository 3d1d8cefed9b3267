// Verifier traffic at scale (docs/production.md, "Publishing for verifiers"): CERTS certificates in PostgreSQL, each
// a CR URL a verifier may fetch. In one run, each figure beside its baseline:
// - publishing: `npm run publish`'s rebuild of the whole static tree into a folder (objects/s), beside the same
//   bytes written by plain file calls the same way (each file to the disk, then renamed over its name);
// - random CR fetches (uniform, and Zipf: a few busy numbers' certificates fetched most) through nginx with the
//   committed server block, answered from the folder, beside nginx answering one small static file;
// - the same fetches when the folder is empty, so that every one falls back to the portal (a miss), beside a bare
//   Fastify hello-world in the portal's process;
// - the portal's resident set with CERTS certificates, after the load (its process runs only the app and the
//   hello-world; the load runs in processes of its own).
// Run: npm run bench:verifiers   (CERTS=1000000 SECONDS=5 CONNECTIONS=32 ROUNDS=2; BENCH_DATABASE_URL or
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; nginx at /usr/sbin/nginx)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { DirectoryOrigin } from '../server/src/publishing/directory';
import { rebuildTree } from '../server/src/publishing/rebuild';
import {
  freePort,
  issueCertificate,
  providerApi,
  startLiveServer,
} from '../tests/server/process/live-server';
import { NGINX, portalServerBlock, startNginx, staticServerBlock } from './nginx';
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
const peakRss = () =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const log = (line: string) => console.log(line);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-verifiers-'));
fs.chmodSync(work, 0o755);
const publishDir = path.join(work, 'publish');
const emptyDir = path.join(work, 'empty');
for (const dir of [publishDir, emptyDir]) fs.mkdirSync(dir, { mode: 0o755 });

// The portal (on its own database), one certificate issued through its API, and CERTS - 1 more like it by SQL.
const live = await startLiveServer();
const portalPort = Number(new URL(live.url).port);
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

// The fetches: nginx from the folder, nginx falling back to the portal, and the two baselines.
const hello = Fastify({ logger: false });
hello.get('/', async () => 'hello world');
await hello.listen({ port: 0, host: '127.0.0.1' });
const helloPort = (hello.server.address() as AddressInfo).port;
const staticRoot = path.join(work, 'static');
fs.mkdirSync(staticRoot, { mode: 0o755 });
fs.writeFileSync(path.join(staticRoot, 'one.pem'), pem);
const ports = [await freePort(), await freePort(), await freePort()];
const fromFolder = await startNginx(
  portalServerBlock(portalPort, publishDir, ports[0]),
  ports[0],
  '/api/health',
);
const onMiss = await startNginx(portalServerBlock(portalPort, emptyDir, ports[1]), ports[1], '/api/health');
const staticOne = await startNginx(staticServerBlock(staticRoot, ports[2]), ports[2], '/one.pem');
const crPaths = pathsFile(serials.map((s) => `/cr/${s}.pem`));
const certificates = serials.length;
serials = []; // the portal's process holds no list of them: its resident set below is the portal's
const onePath = pathsFile(['/one.pem']);
const rootPath = pathsFile(['/']);
const opts = { connections: CONNECTIONS, seconds: SECONDS };

interface Case {
  name: string;
  port: number;
  paths: string;
  draw: Draw;
}
const cases: Case[] = [
  { name: 'nginx, one small static file (baseline)', port: staticOne.port, paths: onePath, draw: 'one' },
  {
    name: 'CR through nginx from the folder, uniform',
    port: fromFolder.port,
    paths: crPaths,
    draw: 'uniform',
  },
  { name: 'CR through nginx from the folder, Zipf', port: fromFolder.port, paths: crPaths, draw: 'zipf' },
  { name: 'bare Fastify hello-world (baseline)', port: helloPort, paths: rootPath, draw: 'one' },
  {
    name: 'CR through nginx, a miss: the portal, uniform',
    port: onMiss.port,
    paths: crPaths,
    draw: 'uniform',
  },
  { name: 'CR through nginx, a miss: the portal, Zipf', port: onMiss.port, paths: crPaths, draw: 'zipf' },
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
const rss = process.memoryUsage().rss;
log(`\n## CR fetches (${CONNECTIONS} connections, ${SECONDS} s a run, median of ${ROUNDS} rounds)\n`);
log(`| what | req/s | ratio to its baseline |\n|---|---:|---:|`);
for (const [i, c] of cases.entries()) {
  const baseline = i < 3 ? 0 : 3;
  const ratio = median(rates[i]) / median(rates[baseline]);
  log(`| ${c.name} | ${median(rates[i]).toFixed(0)} | ${ratio.toFixed(2)}× |`);
}
log(`\nfailed requests: ${failed}`);
log(
  `portal process with ${certificates} certificates: resident set ${mb(rss)} after the load, at most ${mb(peakRss())}`,
);
log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

await Promise.all([fromFolder, onMiss, staticOne].map((n) => n.stop()));
await hello.close();
await live.close();
fs.rmSync(work, { recursive: true, force: true });
