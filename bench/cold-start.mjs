// Cold start of the server as `npm run serve` runs it (build/server/main.mjs, compiled first, with its 256 MB heap
// limit) until /api/health answers, on a fresh data folder (first start: the embedded database made from the
// build's template, the CA and the admin account created) and again on the same folder (later start), beside a
// baseline: a bare Fastify hello-world started the same way on this machine. Also the CPU time each start used
// (all threads, read from /proc when it answers), which a busy machine inflates less than the wall-clock time.
// Goals: first and later start ≤ 2 s each.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.RUNS ?? 3);

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS = 100; // USER_HZ of /proc/<pid>/stat

/** CPU seconds (user + system, every thread) the process has used. */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function timeStart(args, env, probePath) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--max-old-space-size=256', ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${probePath}`);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  const cpu = cpuOf(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ms, cpu };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const helloDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hello-'));
const hello = path.join(helloDir, 'hello.mjs');
fs.writeFileSync(
  hello,
  `import Fastify from '${path.resolve('node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`,
);

execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const loadBefore = loadavg();
const SERVER = 'build/server/main.mjs';

const baseline = [];
const cold = [];
const warm = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(await timeStart([hello], {}, '/api/health'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'warn', DATABASE_URL: '' };
  cold.push(await timeStart([SERVER], env, '/api/health'));
  warm.push(await timeStart([SERVER], env, '/api/health'));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
fs.rmSync(helloDir, { recursive: true, force: true });

const GOAL_MS = 2000;
const fmt = (s) => `${s.toFixed(2)} s`;
const row = (label, runs, goal) => {
  const ms = median(runs.map((r) => r.ms));
  const ratio = ms / median(baseline.map((r) => r.ms));
  const verdict = goal ? `  goal ≤ ${fmt(GOAL_MS / 1000)}: ${ms <= GOAL_MS ? 'met' : 'NOT met'}` : '';
  console.log(
    `  ${label.padEnd(44)}${fmt(ms / 1000).padStart(8)}  cpu ${fmt(median(runs.map((r) => r.cpu)))}` +
      `${goal ? `  (${ratio.toFixed(1)}x baseline)` : ''}${verdict}`,
  );
};
console.log(
  `node ${process.version}, ${os.cpus().length} cpus, load ${loadBefore} before, ${loadavg()} after`,
);
console.log(`start until /api/health answers, median of ${RUNS}:`);
row('baseline (bare Fastify hello-world, node):', baseline, false);
row('portal, first start (new data folder):', cold, true);
row('portal, later start (existing data folder):', warm, true);
