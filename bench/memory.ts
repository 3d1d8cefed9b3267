// The server's memory as production runs it (build/server/main.mjs in a process of its own, Node's options of
// `npm run serve`), on the embedded default beside two baselines measured in the same run: the same server on
// PostgreSQL (a fresh database on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test) and a bare Fastify hello-world. For each: the resident set (VmRSS) once
// /api/health answers and after SETTLE_MS idle, then the high-water mark (VmHWM, which no sampling can miss) and the
// resident set after LOAD_MS of CONCURRENCY requests in flight: the admin's provider list and dashboard (signed in),
// the CRL, the CA certificate and a certificate-repository lookup (/cr/, an unknown serial: answered 404), in turn.
// Run: npm run bench:memory   (SETTLE_MS=5000 LOAD_MS=10000 CONCURRENCY=4 SERVERS=pglite,pg,hello by default)
// Goals: ≤ 300 MB idle and ≤ 500 MB under load on the embedded default.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../tests/server/helpers';
import { startServerProcess, type ServerProcess } from './serverProcess';

const SETTLE_MS = Number(process.env.SETTLE_MS ?? 5000);
const LOAD_MS = Number(process.env.LOAD_MS ?? 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const SERVERS = (process.env.SERVERS ?? 'pglite,pg,hello').split(',');
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const NODE_FLAGS = process.env.SERVER_NODE_OPTIONS ?? '--max-old-space-size=256';
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
const GOALS = { idle: 300 * 1024 * 1024, load: 500 * 1024 * 1024 };

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Measure {
  name: string;
  started: number;
  idle: number;
  loadPeak: number;
  afterLoad: number;
  requests: number;
}

function request(port: number, method: string, url: string, token?: string, body?: object) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const data = body ? Buffer.from(JSON.stringify(body)) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: keepAlive,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** CONCURRENCY clients send `paths` in turn for LOAD_MS; each answer must have its expected status. */
async function load(port: number, paths: { url: string; status: number }[], token?: string): Promise<number> {
  let done = 0;
  const until = performance.now() + LOAD_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      for (let i = client; performance.now() < until; i++) {
        const p = paths[i % paths.length];
        const res = await request(port, 'GET', p.url, token);
        if (res.status !== p.status) throw new Error(`GET ${p.url}: ${res.status}, expected ${p.status}`);
        done++;
      }
    }),
  );
  return done;
}

/** The portal's requests of the load: signed in as the admin; the CRL's name read from the intermediate. */
async function portalLoad(port: number) {
  const login = await request(port, 'POST', '/api/auth/login', undefined, ADMIN);
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.body.toString()}`);
  const token = (JSON.parse(login.body.toString()) as { token: string }).token;
  const intermediate = await request(port, 'GET', '/ca/intermediate.pem');
  const der = Buffer.from(intermediate.body.toString().replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const crl = /\/crl\/[\w.-]+\.crl/.exec(der.toString('latin1'));
  if (!crl) throw new Error('no CRL distribution point in the intermediate certificate');
  const paths = [
    { url: `/api/admin/service_provider?range=${encodeURIComponent('[0,24]')}`, status: 200 },
    { url: crl[0], status: 200 },
    { url: '/api/admin/dashboard', status: 200 },
    { url: '/ca/intermediate.pem', status: 200 },
    { url: '/cr/7f3a9c0d1e2b4a5968776655443322110.pem', status: 404 },
  ];
  return { token, paths };
}

async function measure(
  name: string,
  server: ServerProcess,
  requests: () => Promise<number>,
): Promise<Measure> {
  try {
    const started = server.rss().now;
    await sleep(SETTLE_MS);
    const idle = server.rss().now;
    const n = await requests();
    const { now, peak } = server.rss();
    return { name, started, idle, loadPeak: peak, afterLoad: now, requests: n };
  } finally {
    await server.stop();
  }
}

async function portal(kind: 'pglite' | 'pg'): Promise<Measure> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const created = kind === 'pg' ? await createPostgresDatabase(PG_URL, 'portal_bench') : undefined;
  try {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: created?.url ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
    });
    return await measure(
      kind === 'pg' ? 'portal on PostgreSQL (baseline)' : 'portal on PGlite (embedded)',
      server,
      async () => {
        const { token, paths } = await portalLoad(server.port);
        return load(server.port, paths, token);
      },
    );
  } finally {
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A bare Fastify hello-world in a process of its own, with the server's Node options (the floor). */
async function hello(): Promise<Measure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hello-'));
  const file = path.join(dir, 'hello.mjs');
  fs.writeFileSync(
    file,
    `import Fastify from ${JSON.stringify(path.resolve('node_modules/fastify/fastify.js'))};
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/', async () => 'hello world');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`,
  );
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, NODE_OPTIONS: NODE_FLAGS, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await request(port, 'GET', '/api/health')).status === 200) break;
      } catch {
        if (i > 300) throw new Error('the hello-world did not answer');
        await sleep(50);
      }
    }
    const server: ServerProcess = {
      port,
      nodeOptions: NODE_FLAGS,
      rss() {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = (f: string) => Number(new RegExp(`^${f}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
        return { now: kb('VmRSS'), peak: kb('VmHWM') };
      },
      stop: () =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
    return await measure('bare Fastify hello-world (baseline)', server, () =>
      load(port, [{ url: '/', status: 200 }]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `node ${process.version} ${NODE_FLAGS}, ${os.cpus().length} cpus, load ${loadavg()}; idle ${SETTLE_MS} ms, ` +
    `then ${LOAD_MS} ms of ${CONCURRENCY} requests in flight`,
);
const results: Measure[] = [];
for (const s of SERVERS) {
  if (s === 'pglite' || s === 'pg') results.push(await portal(s));
  else if (s === 'hello') results.push(await hello());
  else throw new Error(`unknown server ${s} (pglite, pg, hello)`);
}
console.log(`load at the end ${loadavg()}\n`);
const col = (s: string, n: number) => s.padStart(n);
console.log(
  `${'server'.padEnd(36)}${col('answering', 11)}${col('idle', 9)}${col('load HWM', 10)}${col('after', 9)}${col('req/s', 8)}`,
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(36)}${col(mb(r.started), 11)}${col(mb(r.idle), 9)}${col(mb(r.loadPeak), 10)}` +
      `${col(mb(r.afterLoad), 9)}${col(String(Math.round(r.requests / (LOAD_MS / 1000))), 8)}`,
  );
}
const embedded = results.find((r) => r.name.includes('PGlite'));
if (embedded) {
  const ok = (v: number, goal: number) => (v <= goal ? 'met' : 'NOT met');
  console.log(
    `\nembedded default: idle ${mb(embedded.idle)} (goal ≤ ${mb(GOALS.idle)}: ${ok(embedded.idle, GOALS.idle)}), ` +
      `under load ${mb(embedded.loadPeak)} peak (goal ≤ ${mb(GOALS.load)}: ${ok(embedded.loadPeak, GOALS.load)})`,
  );
  for (const base of results.filter((r) => r !== embedded))
    console.log(
      `  against ${base.name}: idle +${mb(embedded.idle - base.idle)}, peak +${mb(embedded.loadPeak - base.loadPeak)}`,
    );
}
keepAlive.destroy();
process.exit(0);
