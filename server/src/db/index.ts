// One data layer, two drivers: the embedded PGlite and node-postgres. Stores speak plain SQL to `Queryable`.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLITE_SHARED_BUFFERS } from './pgliteDefaults';
import { copyPgliteTemplate } from './pgliteTemplate';

export interface Queryable {
  /** Runs one statement with $1… parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** The connection string of a PostgreSQL server (pg only): for libraries that open their own connections. */
  readonly url?: string;
  /** Runs a script of several statements without parameters (simple protocol), e.g. a library's schema. */
  exec?(script: string): Promise<void>;
  /** Runs `fn` in one transaction; everything in it must use the `tx` it is given. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Both drivers return the same JS types: int8 and numeric as numbers, date as 'YYYY-MM-DD', timestamptz as Date.
const OID = { int8: 20, numeric: 1700, date: 1082 } as const;
const parseNumber = (v: string) => (v === null ? null : Number(v));
const parseDate = (v: string) => v;

export { PGLITE_SHARED_BUFFERS } from './pgliteDefaults';

export interface PgliteOptions {
  /** postgres' shared_buffers, e.g. '16MB'. */
  sharedBuffers?: string;
  /**
   * A data folder initialised beforehand (`createPgliteTemplate`, made by the server's build): a new data folder
   * starts as its copy instead of running initdb in WASM (5 to 8 s and a 800 MB peak of resident set). Used only
   * when it was made by the installed PGlite; otherwise, or when it is missing, initdb runs as before.
   */
  template?: string;
}

export async function openPglite(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: migration 011 creates the extension (and 012 drops its only index); it must be there to migrate a
  // new data folder, and loading it costs nothing until it is used.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    if (options.template) copyPgliteTemplate(options.template, dataDir);
  }
  const db: PGlite = await PGlite.create(dataDir, {
    parsers: { [OID.int8]: parseNumber, [OID.numeric]: parseNumber, [OID.date]: parseDate },
    extensions: { pg_trgm },
    // Start options rather than postgresql.conf: PGlite would replace the data folder's file with what it is given.
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  let closed = false;
  return {
    driver: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await db.query<T>(sql, params);
      return res.rows;
    },
    async exec(script: string) {
      await db.exec(script);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await t.query<R>(sql, params)).rows;
          },
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}

let pgTypesSet = false;
function setPgTypes(pg: typeof import('pg').default) {
  if (pgTypesSet) return;
  pgTypesSet = true;
  pg.types.setTypeParser(OID.int8, parseNumber);
  pg.types.setTypeParser(OID.numeric, parseNumber);
  pg.types.setTypeParser(OID.date, parseDate);
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // Loaded here: a start on PGlite opens its database without waiting for node-postgres to load.
  const { default: pg } = await import('pg');
  setPgTypes(pg);
  const pool = new pg.Pool({ connectionString: url, max });
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('SELECT 1');
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  let closed = false;
  return {
    driver: 'pg',
    url,
    async exec(script: string) {
      await pool.query(script);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as R[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(
  opts: { databaseUrl?: string; dataDir?: string } & PgliteOptions,
): Promise<Database> {
  const { databaseUrl, dataDir, ...pglite } = opts;
  return databaseUrl
    ? openPostgres(databaseUrl)
    : openPglite(dataDir ? path.join(dataDir, 'db') : undefined, pglite);
}

export { PG_ERRORS, pgConstraint, pgErrorCode } from './errors';
