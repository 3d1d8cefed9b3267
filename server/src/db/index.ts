// One data layer, two drivers: the embedded PGlite and node-postgres. Stores speak plain SQL to `Queryable`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLITE_SHARED_BUFFERS } from './pgliteDefaults';
import { copyPgliteTemplate } from './pgliteTemplate';

export interface QueryOptions {
  /**
   * Keep this statement prepared (parsed, and planned once PostgreSQL finds a generic plan as good) and run it by
   * name from then on. Only for a text from a finite set the code spells out (values bound as $n, never spliced in),
   * run often, whose best plan does not depend on the values: a list scoped by its owner's id, a read by primary
   * key. At most MAX_PREPARED_STATEMENTS texts are kept; past that, statements run unprepared.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** Runs one statement with $1… parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<T[]>;
}

/** The most statement texts one process keeps prepared (on each connection of the pool that runs them). */
export const MAX_PREPARED_STATEMENTS = 200;

/**
 * The names of the texts asked to be prepared, the same in every process (a hash of the text); null once
 * MAX_PREPARED_STATEMENTS texts have one, for a text that has none.
 */
function preparedNames() {
  const names = new Map<string, string>();
  return (sql: string): string | null => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= MAX_PREPARED_STATEMENTS) return null;
    const name = `portal_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
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
const OID = { bytea: 17, int8: 20, numeric: 1700, date: 1082 } as const;
const parseNumber = (v: string) => (v === null ? null : Number(v));
const parseDate = (v: string) => v;

/**
 * A bytea parameter for PGlite, in the hex format: Node's hex encoder. PGlite's own writes each byte through
 * toString(16) and padStart, some 11 ms for the 180 kB of a delegate certificate with 10,000 entries.
 */
export function pgliteByteaParam(x: unknown): string {
  if (!(x instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString('hex')}`;
}

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

/**
 * Runs statements prepared by name on PGlite: Parse (and Describe, for the parameters' types) once per text, then
 * Bind, Execute and Sync in one call into the engine. PGlite's own `query` parses and plans the text again each time,
 * in six calls: for a short list the planning is most of the time the database takes.
 */
async function pglitePrepared(db: PGlite) {
  const { protocol, parse } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const nameOf = preparedNames();
  /** The statements prepared on this database, with the type of each parameter. */
  const paramTypes = new Map<string, number[]>();
  const concat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  return async function query<T>(sql: string, params: unknown[]): Promise<T[] | null> {
    const name = nameOf(sql);
    if (name === null) return null;
    await db._checkReady();
    // As PGlite's query does: not between the statements of a transaction running, nor of another query.
    return db._runExclusiveTransaction(() =>
      db.runExclusive(async () => {
        let types = paramTypes.get(name);
        if (!types) {
          const described = await db.execProtocol(
            concat(
              serialize.parse({ name, text: sql, types: [] }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            ),
          );
          types = parse.parseDescribeStatementResults(described.messages);
          paramTypes.set(name, types);
        }
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const serializer = db.serializers[types[i]];
          return serializer ? serializer(v) : String(v);
        });
        const result = await db.execProtocol(
          concat(
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ),
        );
        return parse.parseResults(result.messages, db.parsers)[0].rows as T[];
      }),
    );
  };
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
    if (options.template) await copyPgliteTemplate(options.template, dataDir);
  }
  const db: PGlite = await PGlite.create(dataDir, {
    parsers: { [OID.int8]: parseNumber, [OID.numeric]: parseNumber, [OID.date]: parseDate },
    serializers: { [OID.bytea]: pgliteByteaParam },
    extensions: { pg_trgm },
    // Start options rather than postgresql.conf: PGlite would replace the data folder's file with what it is given.
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  const prepared = await pglitePrepared(db);
  let closed = false;
  return {
    driver: 'pglite',
    async query<T>(sql: string, params: unknown[] = [], opts?: QueryOptions) {
      if (opts?.prepare) {
        const rows = await prepared<T>(sql, params);
        if (rows) return rows;
      }
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
  const nameOf = preparedNames();
  let closed = false;
  return {
    driver: 'pg',
    url,
    async exec(script: string) {
      await pool.query(script);
    },
    async query<T>(sql: string, params: unknown[] = [], opts?: QueryOptions) {
      const name = opts?.prepare ? nameOf(sql) : null;
      // node-postgres prepares a named statement on each connection the first time that connection runs it
      const res = await (name ? pool.query({ name, text: sql, values: params }) : pool.query(sql, params));
      return res.rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = [], opts?: QueryOptions) {
            const name = opts?.prepare ? nameOf(sql) : null;
            const res = await (name
              ? client.query({ name, text: sql, values: params })
              : client.query(sql, params));
            return res.rows as R[];
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
