// pg-boss's bring-your-own `db` adapter over our Database: how pg-boss runs on PGlite (one connection, no URL),
// and how a job goes in through a transaction of ours.
import type PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db';
import { pgErrorCode } from '../db/errors';

/** PostgreSQL's refusal of several statements in one prepared statement. */
const MULTIPLE_COMMANDS = '42601';

/**
 * pg-boss's `db` adapter over our Database. pg-boss sends a few multi-statement scripts without parameters
 * (schema creation, maintenance under an advisory lock): the extended protocol refuses those, so they go
 * through `exec` (simple protocol).
 */
export function pgBossDbAdapter(
  q: Queryable & Pick<Database, 'exec'>,
  track?: <R>(p: Promise<R>) => Promise<R>,
): PgBoss.Db {
  const run = async (text: string, values?: unknown[]) => {
    // PGlite runs a statement in WASM on this thread and resolves at once: without a turn of the event loop
    // between them, pg-boss's chains of statements (its start, a poll, maintenance) would keep every request
    // waiting on a socket unread until their end (at start, /api/health answered only once the workers ran).
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (values?.length || !q.exec) return { rows: await q.query(text, values ?? []) };
    try {
      return { rows: await q.query(text) };
    } catch (e) {
      if (pgErrorCode(e) !== MULTIPLE_COMMANDS && !/multiple commands/i.test(String((e as Error).message)))
        throw e;
    }
    try {
      await q.exec(text);
    } catch (e) {
      // A script fails inside its own BEGIN: leave the session usable.
      await q.exec('ROLLBACK').catch(() => undefined);
      throw e;
    }
    return { rows: [] };
  };
  return {
    executeSql: (text: string, values: unknown[]) => (track ? track(run(text, values)) : run(text, values)),
  };
}
