// The JobQueue on pg-boss 10. On a PostgreSQL server pg-boss opens its own small pool (Database.url); on PGlite
// (one connection, no URL) it runs through pg-boss's bring-your-own `db` adapter over our Database.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { pgErrorCode, type Database, type Queryable } from '../db';
import type { JobHandler, JobInfo, JobQueue, SendOptions } from './queue';

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** The PostgreSQL schema of pg-boss's tables (default `pgboss`). */
  schema?: string;
  /** How often an idle worker looks for jobs (default 2 s; tests use 1 s). */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs before pg-boss fails them for a retry (default 8 s). */
  stopTimeoutMs?: number;
  /** Connections of pg-boss's own pool on a PostgreSQL server (default 3). */
  poolSize?: number;
}

const DEFAULT_SCHEMA = 'pgboss';
const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;
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

export function createJobQueue(db: Database, opts: JobQueueOptions): JobQueue {
  const schema = opts.schema ?? DEFAULT_SCHEMA;
  if (!SCHEMA_RE.test(schema)) throw new Error(`Invalid job queue schema name: ${schema}`);
  const log = opts.log.child({ component: 'jobs' });
  const stopTimeoutMs = opts.stopTimeoutMs ?? 8_000;

  // Everything pg-boss runs through our Database is counted, so stop() can let the last query finish
  // before the caller closes the database (pg-boss completes jobs without awaiting).
  let pendingQueries = 0;
  const track = async <R>(p: Promise<R>): Promise<R> => {
    pendingQueries++;
    try {
      return await p;
    } finally {
      pendingQueries--;
    }
  };

  const connection: PgBoss.DatabaseOptions = db.url
    ? { connectionString: db.url, max: opts.poolSize ?? 3, application_name: 'portal-jobs' }
    : { db: pgBossDbAdapter(db, track) };
  const boss = new PgBoss({
    ...connection,
    schema,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    retryLimit: 3,
    retryDelay: 30,
    expireInMinutes: 15,
    // A day of completed jobs for support questions, a week of failed ones (pg-boss archives, then deletes).
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    deleteAfterDays: 30,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  const handlers = new Map<string, JobHandler<object>>();
  /** Modules declare their work and schedules while the app is built; both take effect at start(). */
  const schedules = new Map<string, { name: string; cron: string; data?: object }>();
  const readyQueues = new Set<string>();
  const workerIds = new Map<string, string>();
  let started = false;
  let starting: Promise<void> | null = null;
  let activeJobs = 0;

  async function ensureQueue(name: string) {
    if (readyQueues.has(name)) return;
    // pg-boss 10 wants a queue before send/work; create_queue is idempotent.
    await boss.createQueue(name);
    readyQueues.add(name);
  }

  /** Creates the queue through the caller's transaction (pg-boss's createQueue would use another session). */
  async function ensureQueueIn(tx: Queryable, name: string) {
    if (readyQueues.has(name)) return;
    await tx.query(`SELECT ${schema}.create_queue($1, $2::json)`, [
      name,
      JSON.stringify({ policy: 'standard' }),
    ]);
  }

  /** Wakes this process's worker of `name` for a job just queued, instead of waiting for its next poll. */
  function wake(name: string, id: string | null) {
    const worker = workerIds.get(name);
    if (id && worker && started) boss.notifyWorker(worker);
  }

  async function register(name: string, handler: JobHandler<object>) {
    await ensureQueue(name);
    const workerId = await boss.work<object>(name, { includeMetadata: true, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        const info: JobInfo = {
          id: job.id,
          name: job.name,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        };
        activeJobs++;
        const began = Date.now();
        try {
          await handler(job.data, info);
          log.debug({ queue: name, jobId: job.id, ms: Date.now() - began }, 'job done');
        } catch (err) {
          const final = job.retryCount >= job.retryLimit;
          log[final ? 'error' : 'warn'](
            { err, queue: name, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1 },
            final ? 'job failed for good' : 'job failed; it will be retried',
          );
          throw err;
        } finally {
          activeJobs--;
        }
      }
    });
    workerIds.set(name, workerId);
  }

  /** Sends wait for a start in progress (requests may arrive while the launcher starts the workers). */
  async function requireStarted(what: string) {
    if (starting) await starting;
    if (!started) throw new Error(`The job queue is not started: cannot ${what}`);
  }

  async function applySchedule(s: { name: string; cron: string; data?: object }) {
    await ensureQueue(s.name);
    await boss.schedule(s.name, s.cron, s.data ?? {}, { tz: 'UTC' });
  }

  async function waitFor(condition: () => boolean, deadline: number) {
    while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  return {
    async send(name, data, options: SendOptions = {}) {
      await requireStarted(`send ${name}`);
      const sendOptions: PgBoss.SendOptions = {};
      if (options.startAfter !== undefined) {
        sendOptions.startAfter =
          typeof options.startAfter === 'number' ? new Date(options.startAfter) : options.startAfter;
      }
      if (options.retryLimit !== undefined) sendOptions.retryLimit = options.retryLimit;
      if (options.retryDelaySeconds !== undefined) sendOptions.retryDelay = options.retryDelaySeconds;
      if (!options.singletonKey && !options.tx) {
        await ensureQueue(name);
        const id = await boss.send(name, data, sendOptions);
        if (options.startAfter === undefined) wake(name, id);
        return id;
      }
      // The job goes in through a transaction of ours: the caller's (tx) or a new one.
      const inTransaction = async (tx: Queryable) => {
        await ensureQueueIn(tx, name);
        if (options.singletonKey) {
          // pg-boss 10 dedupes keys only per queue policy (and then for keyless jobs too): here a key is
          // unique among waiting and running jobs of standard queues, under a lock against a concurrent send.
          await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
            `${schema}.singleton:${name}:${options.singletonKey}`,
          ]);
          const waiting = await tx.query(
            `SELECT 1 FROM ${schema}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
            [name, options.singletonKey],
          );
          if (waiting.length) return null;
          sendOptions.singletonKey = options.singletonKey;
        }
        return boss.send(name, data, { ...sendOptions, db: pgBossDbAdapter(tx) });
      };
      // In the caller's transaction the job is visible only after its commit: the worker finds it on its next poll.
      if (options.tx) return inTransaction(options.tx);
      const id = await db.transaction(inTransaction);
      readyQueues.add(name);
      if (options.startAfter === undefined) wake(name, id);
      return id;
    },

    async work(name, handler) {
      if (handlers.has(name)) throw new Error(`Queue ${name} already has a handler`);
      handlers.set(name, handler as JobHandler<object>);
      if (started) await register(name, handler as JobHandler<object>);
    },

    async schedule(name, cron, data) {
      schedules.set(name, { name, cron, data });
      if (started) await applySchedule({ name, cron, data });
    },

    start() {
      if (started) return Promise.resolve();
      starting ??= (async () => {
        const began = Date.now();
        await boss.start();
        started = true;
        for (const [name, handler] of handlers) await register(name, handler);
        for (const s of schedules.values()) await applySchedule(s);
        log.info(
          {
            queues: [...handlers.keys()],
            schedules: [...schedules.keys()],
            ms: Date.now() - began,
            driver: db.driver,
          },
          'job workers started',
        );
      })().finally(() => {
        starting = null;
      });
      return starting;
    },

    async stop() {
      if (starting) await starting.catch(() => undefined);
      if (!started) return;
      started = false;
      const deadline = Date.now() + stopTimeoutMs + 2_000;
      // Workers stop fetching; running jobs get stopTimeoutMs to finish, then pg-boss marks them failed (retried later).
      await boss.stop({ graceful: true, wait: true, close: true, timeout: stopTimeoutMs });
      await waitFor(() => activeJobs === 0 && pendingQueries === 0, deadline);
      readyQueues.clear();
      workerIds.clear();
      log.info('job workers stopped');
    },
  };
}
