// Each test file gets its own database: a fresh PGlite folder (a copy of the run's template, already migrated, or an
// in-memory one when other migrations are asked for), or, when TEST_DATABASE_URL is set, a fresh PostgreSQL database
// created on that server and dropped afterwards. Migrations run on it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildHttpApp } from '../../server/src/app';
import { createServices, type AppDeps, type AppServices } from '../../server/src/services';
import { loadConfig, testDatabaseUrl, type Config } from '../../server/src/config';
import { openPglite, openPostgres, type Database } from '../../server/src/db';
import { migrate } from '../../server/src/db/migrate';
import { createJobQueue } from '../../server/src/jobs/pgBoss';
import type { TokenClaims } from '../../contract/api';
import type { Role } from '../../contract/constants';
import { TEST_PGLITE_TEMPLATE } from './db/pgliteTemplate';

export const usingPostgres = Boolean(testDatabaseUrl());

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

/** An empty PostgreSQL database of its own on the server at `serverUrl`, named `<prefix>_<random>`; drop() removes it. */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh database, migrated with the files of `migrationsDir` (all of today's by default; null: left empty). */
export async function createTestDatabase(migrationsDir?: string | null): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (!url && migrationsDir === undefined) {
    // The template holds today's migrations; migrate() finds them applied. A test that asks for other migrations
    // (or none) gets an in-memory database instead.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'));
    const db = await openPglite(path.join(dir, 'db'), { template: TEST_PGLITE_TEMPLATE });
    await migrate(db);
    return {
      db,
      async drop() {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!url) {
    const db = await openPglite(undefined);
    if (migrationsDir !== null) await migrate(db, migrationsDir);
    return { db, drop: () => db.close() };
  }
  const created = await createPostgresDatabase(url, 'portal_test');
  const db = await openPostgres(created.url, 5);
  if (migrationsDir !== null) await migrate(db, migrationsDir);
  return {
    db,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  return loadConfig(
    {},
    {
      dataDir,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
      publicUrl: 'http://portal.test',
      adminEmail: 'admin@portal.test',
      adminPassword: 'admin-pass-1',
      logLevel: 'silent',
      webDistDir: path.join(dataDir, 'no-dist'),
      authRateLimit: 10_000,
      stiPaRateLimit: 10_000,
      ...overrides,
    },
  );
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildHttpApp>>;
  /** The services the app was built on (the composition root's output), for tests that call a service directly. */
  services: AppServices;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database; `deps` may replace the clock, the mailer or config fields. Its job queue
 * (pg-boss on the test database, polling every second) runs; pass `jobs` to use another one (started by you).
 */
export async function createTestApp(
  opts: { config?: Partial<Config> } & Partial<Omit<AppDeps, 'config' | 'db'>> = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  const config = testConfig(opts.config);
  const jobs =
    opts.jobs ??
    createJobQueue(db, {
      log: pino({ level: config.logLevel }) as unknown as FastifyBaseLogger,
      pollingIntervalSeconds: 1,
      stopTimeoutMs: 2_000,
    });
  const services = await createServices({ ...opts, jobs, config, db, logger: false });
  const app = await buildHttpApp(services, { logger: false });
  app.addHook('onClose', () => services.close());
  await app.ready();
  if (!opts.jobs) await jobs.start();
  return {
    app,
    services,
    db,
    config,
    async close() {
      // Jobs first: a running job may still need the app's mailer or payments.
      if (!opts.jobs) await jobs.stop();
      await app.close();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A second app on the database of another test app (closing it leaves the database alone). */
export async function secondApp(
  db: Database,
  config: Config,
  deps: Partial<Omit<AppDeps, 'config' | 'db'>> = {},
): Promise<TestApp> {
  // Another server: on PostgreSQL, with a pool of its own as another process has (PGlite is one process's).
  const own = db.driver === 'pg' && db.url ? await openPostgres(db.url, 5) : null;
  const services = await createServices({ ...deps, config, db: own ?? db, logger: false });
  const app = await buildHttpApp(services, { logger: false });
  app.addHook('onClose', () => services.close());
  return {
    app,
    services,
    db: own ?? db,
    config,
    async close() {
      await app.close();
      await own?.close();
    },
  };
}

/** The .eml files written to the outbox of a test app, oldest first. */
export function readOutbox(config: Config): string[] {
  const dir = path.join(config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/** fetch → app.inject: the STI-PA simulator and the CR live on the app itself under PUBLIC_URL. */
export function injectFetch(app: () => TestApp['app']): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await app().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) outHeaders.set(k, String(v));
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: outHeaders,
    });
  };
}

/**
 * A session token as a sign-in makes it: the account of `claims.sub` (created with that role when it does not
 * exist) gets a row in `sessions`, and the token names it. For tests that need a token of a role without going
 * through the sign-in's rules.
 */
export async function sessionToken(
  t: { db: Database; services: Pick<AppServices, 'sessions'> },
  claims: Partial<Omit<TokenClaims, 'exp' | 'iat' | 'sid' | 'type'>> & { type: Role },
  ttlSeconds = 600,
): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(
    `INSERT INTO accounts (id, type, email, first_name, last_name, is_confirmed, confirmed_on)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, 'Test', 'User', true, now())
     ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id RETURNING id`,
    [claims.sub ?? null, claims.type, `${randomBytes(8).toString('hex')}@session.test`],
  );
  const { token } = await t.services.sessions.open(
    {
      email: 'someone@portal.test',
      first_name: 'Some',
      last_name: 'One',
      ...claims,
      sub: row.id,
    },
    ttlSeconds,
  );
  return token;
}

/** A logger that keeps every line it is given (level and arguments), for tests that read what was logged. */
export function captureLog() {
  const lines: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  const log: FastifyBaseLogger = {
    level: 'trace',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: () => log,
  };
  return { log, lines };
}
