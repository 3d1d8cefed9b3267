// Cold start of the server as `npm run serve` runs it (build/server/main.mjs, compiled first) until /api/health
// answers, on a fresh data folder (first start: database created, migrated, admin account made) and again on the
// same folder (warm), beside a baseline: a bare Fastify hello-world started the same way on this machine.
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

async function timeStart(args, env, probePath) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
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
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
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

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`start until /api/health answers, median of ${RUNS}:`);
console.log(`  baseline (bare Fastify hello-world, node):   ${fmt(median(baseline))}`);
console.log(`  portal, first start (new data folder):       ${fmt(median(cold))}  (${(median(cold) / median(baseline)).toFixed(1)}x baseline)`);
console.log(`  portal, later start (existing data folder):  ${fmt(median(warm))}  (${(median(warm) / median(baseline)).toFixed(1)}x baseline)`);
