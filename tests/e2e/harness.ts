// Starts the real portal as production runs it (build/server/main.mjs, compiled by `npm run build:server`,
// serving dist/) on a free port with its own data folder,
// and a headless Debian Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { openPglite, type Database } from '../../server/src/db';

/** The server as `npm run serve` runs it. */
const SERVER_BUILD = 'build/server/main.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('test-results/e2e');

export interface Portal {
  url: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  log: () => string;
  /**
   * Stops the server, runs `change` on its database (the embedded PGlite in its data folder, which one process
   * holds at a time), and starts it again on the same port and folder: a state no screen can make (a lapsed
   * subscription) made as the server's own jobs would leave it.
   */
  withDatabase(change: (db: Database) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const adminEmail = 'admin@e2e.test';
  const adminPassword = 'e2e-admin-password';
  let output = '';
  // node itself (not npx) so that SIGTERM reaches the server and its graceful shutdown runs.
  if (!fs.existsSync(SERVER_BUILD))
    throw new Error(`${SERVER_BUILD} is missing: run npm run build:server first`);
  const launch = async (): Promise<ChildProcess> => {
    const started: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (d) => (output += d));
    started.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the portal exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return started;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`the portal did not start in 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const terminate = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  let child = await launch();
  return {
    url,
    dataDir,
    adminEmail,
    adminPassword,
    log: () => output,
    async withDatabase(change) {
      await terminate();
      const db = await openPglite(path.join(dataDir, 'db'));
      try {
        await change(db);
      } finally {
        await db.close();
      }
      child = await launch();
    },
    async stop() {
      await terminate();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Decodes the quoted-printable text part of an .eml file enough to read its links. */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
}

/** The links of every mail in the portal's outbox (of those mentioning `to`, when given), oldest mail first. */
export function outboxLinks(dataDir: string, to?: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const links: string[] = [];
  for (const f of fs.readdirSync(dir).sort()) {
    const text = decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (to && !text.toLowerCase().includes(to.toLowerCase())) continue;
    for (const m of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) links.push(m[0].replace(/&amp;/g, '&'));
  }
  return links;
}

/**
 * One portal and one browser for the enclosing describe block: started before its tests, stopped after; `env`
 * is added to the portal's environment. `newPage` opens a page in a fresh context (its own storage, so its own
 * session).
 */
export function usePortal(env: Record<string, string> = {}) {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  before(async () => {
    portal = await startPortal(env);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });
  return {
    get portal(): Portal {
      if (!portal) throw new Error('the portal starts in before()');
      return portal;
    },
    /** `setup` prepares the context before its page opens (init scripts run in every document from then on). */
    async newPage(
      options: BrowserContextOptions = {},
      setup?: (context: BrowserContext) => Promise<void>,
    ): Promise<Page> {
      if (!browser) throw new Error('the browser starts in before()');
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      await setup?.(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}
