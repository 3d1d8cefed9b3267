// Background work in PostgreSQL (pg-boss), on PGlite as on a PostgreSQL server. Handlers must be idempotent:
// a job may run again after a crash or a retry.
export interface SendOptions {
  /** At most one queued or active job with this key (dedupe). */
  singletonKey?: string;
  startAfter?: Date | number;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** Queues a job; null when a job with the same singletonKey is already waiting. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Registers the handler of a queue; workers run after start(). */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Runs `name` on a cron schedule (UTC), once across all servers. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
