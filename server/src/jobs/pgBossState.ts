// What the parts of the job queue share: pg-boss itself, the work and schedules modules declared, and what
// runs right now.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db';
import { pgBossDbAdapter } from './pgBossDb';
import type { JobHandler, WorkOptions } from './queue';

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
  /** Jobs one worker fetches at once and runs side by side (default JOB_DEFAULTS.batchSize). */
  batchSize?: number;
  /**
   * How long a job may stay active before it counts as lost (its process died) and is retried (default
   * JOB_DEFAULTS.expireInSeconds); a queue may set its own (work's expireInSeconds).
   */
  expireInSeconds?: number;
  /** How often lost jobs are looked for (default JOB_DEFAULTS.maintenanceIntervalSeconds). */
  maintenanceIntervalSeconds?: number;
  /** Wait before a failed or lost job runs again (default JOB_DEFAULTS.retryDelaySeconds). */
  retryDelaySeconds?: number;
}

/**
 * The queue's defaults. Throughput: a worker fetches up to batchSize jobs, runs them side by side, and fetches
 * again at once while jobs keep coming (it sleeps for the polling interval only when its queue is empty); 1,000
 * mails drain in seconds, not in 1,000 polls. A job whose process was killed stays active until it expires, which
 * maintenance notices, then waits retryDelay and a poll: 30 + 10 + 10 + 2 = 52 s < 1 min until it runs again.
 * A job that may legitimately run longer than expireInSeconds declares its own expiry (JobDefinition).
 */
export const JOB_DEFAULTS = {
  pollingIntervalSeconds: 2,
  batchSize: 10,
  expireInSeconds: 30,
  maintenanceIntervalSeconds: 10,
  retryDelaySeconds: 10,
  retryLimit: 3,
} as const;

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
  readonly batchSize: number;
  readonly handlers: Map<string, { handler: JobHandler<object>; options: WorkOptions }>;
  /** Modules declare their work and schedules while the app is built; both take effect at start(). */
  readonly schedules: Map<string, Schedule>;
  readonly readyQueues: Set<string>;
  /**
   * pg-boss's queues and schedules as its tables held them at start (queues: policy and expiry; schedules: their
   * settings as compared): a start writes only what is missing or changed, not every queue and schedule again.
   */
  readonly existing: {
    queues: Map<string, { policy: string; expireSeconds: number | null }>;
    schedules: Map<string, string>;
  };
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
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? JOB_DEFAULTS.pollingIntervalSeconds,
    retryLimit: JOB_DEFAULTS.retryLimit,
    retryDelay: opts.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
    expireInSeconds: opts.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? JOB_DEFAULTS.maintenanceIntervalSeconds,
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
    batchSize: opts.batchSize ?? JOB_DEFAULTS.batchSize,
    handlers: new Map(),
    schedules: new Map(),
    readyQueues: new Set(),
    existing: { queues: new Map(), schedules: new Map() },
    workerIds: new Map(),
    running,
    started: false,
    starting: null,
  };
}

/** Reads which queues and schedules pg-boss's tables hold (after boss.start(), which made them). */
export async function readExisting(state: QueueState): Promise<void> {
  const { db, schema, existing } = state;
  const queues = await db.query<{ name: string; policy: string; expire_seconds: number | null }>(
    `SELECT name, policy, expire_seconds FROM ${schema}.queue`,
  );
  existing.queues.clear();
  for (const q of queues) existing.queues.set(q.name, { policy: q.policy, expireSeconds: q.expire_seconds });
  const schedules = await db.query<{
    name: string;
    cron: string;
    timezone: string;
    data: unknown;
    options: unknown;
  }>(`SELECT name, cron, timezone, data, options FROM ${schema}.schedule`);
  existing.schedules.clear();
  for (const s of schedules)
    existing.schedules.set(s.name, scheduleKey(s.cron, s.timezone, s.data, s.options));
}

/** A schedule's settings as one string: JSON with sorted keys, as jsonb compares (its key order is its own). */
export function scheduleKey(cron: string, timezone: string, data: unknown, options: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify([cron, timezone, sorted(data ?? null), sorted(options ?? null)]);
}

/** The policy pg-boss's createQueue and updateQueue give when none is passed. */
const STANDARD_POLICY = 'standard';

/** PostgreSQL's code for a transaction it chose to abort to end a deadlock. */
const DEADLOCK = '40P01';

/**
 * Creates the queue `name`. Servers starting together on a new database create the same queues at once, and
 * pg-boss's create_queue (a row and a partition of its job table each) can deadlock with another server's: the
 * database aborts one of them, which is tried again, up to 5 times. A queue the other server made meanwhile is
 * kept as it is (create_queue does nothing then).
 */
async function createQueueOnce(state: QueueState, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await state.boss.createQueue(name);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
    }
  }
}

export async function ensureQueue(state: QueueState, name: string, options: WorkOptions = {}) {
  if (state.readyQueues.has(name) && options.expireInSeconds === undefined) return;
  // pg-boss 10 wants a queue before send/work; one its table holds already is not created again (create_queue
  // would keep it as it is anyway, at the cost of a query at every start).
  const found = state.existing.queues.get(name);
  if (!found) await createQueueOnce(state, name);
  // A queue's own expiry applies to every job sent to it that names none (the default is the constructor's).
  // updateQueue also sets the standard policy: an existing queue is left alone only when it has both already.
  if (
    options.expireInSeconds !== undefined &&
    !(found?.policy === STANDARD_POLICY && found.expireSeconds === options.expireInSeconds)
  ) {
    await state.boss.updateQueue(name, { name, expireInSeconds: options.expireInSeconds });
  }
  state.existing.queues.set(name, {
    policy: options.expireInSeconds !== undefined ? STANDARD_POLICY : (found?.policy ?? STANDARD_POLICY),
    expireSeconds: options.expireInSeconds ?? found?.expireSeconds ?? null,
  });
  state.readyQueues.add(name);
}
