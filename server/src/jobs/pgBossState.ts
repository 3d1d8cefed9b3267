// What the parts of the job queue share: pg-boss itself, the work and schedules modules declared, and what
// runs right now.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db';
import { pgBossDbAdapter } from './pgBossDb';
import type { JobHandler } from './queue';

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

export interface Schedule {
  name: string;
  cron: string;
  data?: object;
}

export interface QueueState {
  readonly db: Database;
  readonly boss: PgBoss;
  readonly schema: string;
  readonly log: FastifyBaseLogger;
  readonly stopTimeoutMs: number;
  readonly handlers: Map<string, JobHandler<object>>;
  /** Modules declare their work and schedules while the app is built; both take effect at start(). */
  readonly schedules: Map<string, Schedule>;
  readonly readyQueues: Set<string>;
  readonly workerIds: Map<string, string>;
  /** Jobs inside a handler, and queries pg-boss runs through our Database: stop() waits for both. */
  readonly running: { jobs: number; queries: number };
  started: boolean;
  starting: Promise<void> | null;
}

const DEFAULT_SCHEMA = 'pgboss';
const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export function createQueueState(db: Database, opts: JobQueueOptions): QueueState {
  const schema = opts.schema ?? DEFAULT_SCHEMA;
  if (!SCHEMA_RE.test(schema)) throw new Error(`Invalid job queue schema name: ${schema}`);
  const log = opts.log.child({ component: 'jobs' });
  const stopTimeoutMs = opts.stopTimeoutMs ?? 8_000;

  // Everything pg-boss runs through our Database is counted, so stop() can let the last query finish
  // before the caller closes the database (pg-boss completes jobs without awaiting).
  const running = { jobs: 0, queries: 0 };
  const track = async <R>(p: Promise<R>): Promise<R> => {
    running.queries++;
    try {
      return await p;
    } finally {
      running.queries--;
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

  return {
    db,
    boss,
    schema,
    log,
    stopTimeoutMs,
    handlers: new Map(),
    schedules: new Map(),
    readyQueues: new Set(),
    workerIds: new Map(),
    running,
    started: false,
    starting: null,
  };
}

export async function ensureQueue(state: QueueState, name: string) {
  if (state.readyQueues.has(name)) return;
  // pg-boss 10 wants a queue before send/work; create_queue is idempotent.
  await state.boss.createQueue(name);
  state.readyQueues.add(name);
}
