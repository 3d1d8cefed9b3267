// Background work in PostgreSQL (pg-boss), on PGlite as on a PostgreSQL server. Handlers must be idempotent:
// a job may run again after a crash or a retry.
import type { Queryable } from '../db';

export interface SendOptions {
  /** At most one queued or active job with this key (dedupe). */
  singletonKey?: string;
  startAfter?: Date | number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Retries wait longer each time: retryDelaySeconds to twice it at first, doubling after (pg-boss's backoff). */
  retryBackoff?: boolean;
  /**
   * Queue the job inside the caller's transaction: it exists only if that transaction commits.
   * On PGlite this is the only safe way to send from inside `db.transaction` (one connection).
   */
  tx?: Queryable;
}

/** What a handler may want to know about the job it runs (for logs and for giving up gracefully). */
export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface WorkOptions {
  /**
   * How long one job of this queue may run before it counts as lost and is retried (default 30 s, so that a job
   * whose process was killed runs again within a minute). Set it for work that may take longer.
   */
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Queues a job; null when a job with the same singletonKey is already waiting or running. Needs start(). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Registers the handler of a queue; workers run after start(). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Runs `name` on a cron schedule (UTC), once across all servers; declared before start(), it applies at start. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether send() can queue now: start() has run or is running, and stop() has not. */
  accepting(): boolean;
  /** Jobs waiting to run (new or waiting for a retry) by queue; every queue with a worker is listed, 0 or not. */
  queued(): Promise<Record<string, number>>;
}

/**
 * One kind of background work: its queue name, its handler and, for recurring work, its cron (UTC). A list of them
 * mixes data types: by default the data is `never` here, and any handler fits; the queue hands it what was sent.
 */
export interface JobDefinition<T extends object = never> {
  name: string;
  handler: JobHandler<T>;
  cron?: string;
  /** See WorkOptions: for work that may run longer than the default expiry. */
  expireInSeconds?: number;
}

/** Registers every job of the app on its queue: the one place workers and schedules are declared. */
export async function registerJobs(queue: JobQueue, definitions: readonly JobDefinition[]): Promise<void> {
  for (const job of definitions) {
    await queue.work(
      job.name,
      job.handler,
      job.expireInSeconds === undefined ? undefined : { expireInSeconds: job.expireInSeconds },
    );
    if (job.cron) await queue.schedule(job.name, job.cron);
  }
}
