// The real server as a process (server/src/main.ts run by tsx), for the process tests: spawned with only the
// environment given, on a free port and a temporary DATA_DIR (PGlite there unless DATABASE_URL is given), waited
// for until it logs that it is ready; and a TestApp whose `app.inject` goes over HTTP to it, so that the fixtures
// written for app.inject (accounts/accounts-fixtures.ts, billing/billing-fixtures.ts) drive the real process unchanged.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/config';
import { copyPgliteTemplate } from '../../../server/src/db/pgliteTemplate';
import type { TestApp } from '../helpers';
import { TEST_PGLITE_TEMPLATE } from '../db/pgliteTemplate';

const ROOT = path.resolve(__dirname, '../../..');
export const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  stdout: string;
  stderr: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const started: ServerProcess[] = [];
const madeDirs: string[] = [];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A temporary DATA_DIR, removed by stopServers(). */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
  madeDirs.push(dir);
  return dir;
}

/**
 * Spawns the launcher with only the environment given here (no database URL: PGlite in DATA_DIR). `port` and
 * `dataDir` restart a server where an earlier one ran; by default both are new.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { port?: number; dataDir?: string; template?: boolean } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? tempDataDir();
  // On PGlite a new data folder starts as the run's template, as it does beside a built server (run from the
  // sources, the server has none and would run initdb: 5 to 8 s of CPU a start). `template: false` leaves the
  // folder as given.
  if (!env.DATABASE_URL && opts.template !== false) {
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    await copyPgliteTemplate(TEST_PGLITE_TEMPLATE, path.join(dataDir, 'db'));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ADMIN_PASSWORD: 'admin-pass-1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = {
    child,
    port,
    dataDir,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    ),
  };
  child.stdout?.on('data', (d: Buffer) => (server.stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (server.stderr += d.toString()));
  started.push(server);
  return server;
}

/** Resolves once the server logged that it is ready; fails if it exits first. */
export async function ready(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (!server.stdout.includes('portal ready')) {
    if (exited) throw new Error(`the server exited: ${server.stderr}`);
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The exit within `ms`, or 'still running'. */
export async function exitWithin(server: ServerProcess, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'still running'>((r) => (timer = setTimeout(() => r('still running'), ms)));
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  return result;
}

export const isRunning = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null;

/** For afterAll: every server still running is killed, every DATA_DIR made here removed. */
export async function stopServers(): Promise<void> {
  for (const s of started) if (isRunning(s)) s.child.kill('SIGKILL');
  await Promise.all(started.map((s) => exitWithin(s, 5_000)));
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
}

type InjectOptions = {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

/** An answer shaped as light-my-request's, from a fetch Response. */
async function injectResponse(res: Response) {
  const rawPayload = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  const body = rawPayload.toString('utf8');
  return { statusCode: res.status, headers, rawPayload, body, json: () => JSON.parse(body) as unknown };
}

/**
 * The spawned server as the fixtures see a TestApp: `app.inject` over HTTP (redirects not followed, as inject
 * does), and a config whose dataDir and publicUrl are the process's (the outbox, the sandbox's webhook secret).
 * Only `app.inject` and `config` are there: the fixtures that use `db` or `services` cannot be used with it.
 */
export function remoteApp(server: ServerProcess, baseUrl = `http://127.0.0.1:${server.port}`): TestApp {
  const inject = async (opts: InjectOptions) => {
    const res = await fetch(baseUrl + opts.url, {
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body:
        typeof opts.payload === 'string' || opts.payload === undefined
          ? opts.payload
          : new Uint8Array(opts.payload),
      redirect: 'manual',
    });
    return injectResponse(res);
  };
  const config = loadConfig({}, { dataDir: server.dataDir, publicUrl: baseUrl });
  return { app: { inject }, config } as unknown as TestApp;
}
