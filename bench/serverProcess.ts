// The portal as production runs it: the built server (build/server/main.mjs, `npm run build:server`) in a process
// of its own, so that a bench can read that process's memory (its resident set now, and the kernel's high-water
// mark of it, VmHWM: a peak no sampling can miss) apart from the bench's own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const SERVER = path.resolve('build/server/main.mjs');
const SOURCE = path.resolve('server/src/main.ts');
/**
 * Node's options of the server as `npm run serve` and docs/production.md run it: an old generation of at most
 * 256 MB, which also makes V8 collect before doubling the heap rather than quadrupling it (a 5-million-row import
 * peaked at 364 MB of resident set without it, 220 MB with it). SERVER_NODE_OPTIONS replaces them.
 */
const NODE_FLAGS = process.env.SERVER_NODE_OPTIONS ?? '--max-old-space-size=256';

export interface ServerProcess {
  port: number;
  /** Node's options it runs with. */
  nodeOptions: string;
  /** Resident set now, and the most it has been, in bytes (Linux /proc). */
  rss(): { now: number; peak: number };
  stop(): Promise<void>;
}

/** A server this module started: its process, to signal, and its exit. */
export interface SpawnedServer extends ServerProcess {
  child: ChildProcess;
  /** Resolves when the process exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function kib(status: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!m) throw new Error(`no ${field} in /proc status`);
  return Number(m[1]) * 1024;
}

async function healthy(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${log()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer within 60 s: ${log()}`);
}

/**
 * Starts the built server with `env` (DATABASE_URL, DATA_DIR, JWT_SECRET, …) and waits until it answers;
 * `fromSource`: server/src/main.ts through tsx instead (a test of the code as it is, with no build before it);
 * `port`: that port (a server started again where one ran) instead of a free one.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { fromSource?: boolean; port?: number } = {},
): Promise<SpawnedServer> {
  if (!opts.fromSource && !fs.existsSync(SERVER))
    throw new Error(`${SERVER} is missing: npm run build:server`);
  const port = opts.port ?? (await freePort());
  const args = opts.fromSource ? ['--import', 'tsx', SOURCE] : ['--enable-source-maps', SERVER];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_OPTIONS: NODE_FLAGS,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
  await healthy(port, child, () => stderr);
  return {
    port,
    child,
    exited,
    nodeOptions: NODE_FLAGS,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return { now: kib(status, 'VmRSS'), peak: kib(status, 'VmHWM') };
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
