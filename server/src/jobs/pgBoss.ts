// The JobQueue on pg-boss 10. On a PostgreSQL server pg-boss opens its own small pool (Database.url); on PGlite
// (one connection, no URL) it runs through pg-boss's bring-your-own `db` adapter over our Database.
// The parts share one QueueState: sending (pgBossSend.ts), working and scheduling (pgBossWorkers.ts), and the
// start and stop of it all, here.
import type { Database } from '../db';
import { sendJob } from './pgBossSend';
import { createQueueState, readExisting, type JobQueueOptions, type QueueState } from './pgBossState';
import { addSchedule, addWorker, applySchedule, registerWorker } from './pgBossWorkers';
import type { JobHandler, JobQueue } from './queue';

export { pgBossDbAdapter } from './pgBossDb';
export { JOB_DEFAULTS, type JobQueueOptions } from './pgBossState';

function startQueue(state: QueueState): Promise<void> {
  if (state.started) return Promise.resolve();
  state.starting ??= (async () => {
    const began = Date.now();
    await state.boss.start();
    await readExisting(state);
    state.started = true;
    for (const [name, w] of state.handlers) await registerWorker(state, name, w.handler, w.options);
    for (const s of state.schedules.values()) await applySchedule(state, s);
    state.log.info(
      {
        queues: [...state.handlers.keys()],
        schedules: [...state.schedules.keys()],
        ms: Date.now() - began,
        driver: state.db.driver,
      },
      'job workers started',
    );
  })().finally(() => {
    state.starting = null;
  });
  return state.starting;
}

async function waitFor(condition: () => boolean, deadline: number) {
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

async function stopQueue(state: QueueState): Promise<void> {
  if (state.starting) await state.starting.catch(() => undefined);
  if (!state.started) return;
  state.started = false;
  const { stopTimeoutMs, running } = state;
  const deadline = Date.now() + stopTimeoutMs + 2_000;
  // Workers stop fetching; running jobs get stopTimeoutMs to finish, then pg-boss marks them failed (retried later).
  await state.boss.stop({ graceful: true, wait: true, close: true, timeout: stopTimeoutMs });
  await waitFor(() => running.jobs === 0 && running.queries === 0, deadline);
  state.readyQueues.clear();
  state.workerIds.clear();
  state.log.info('job workers stopped');
}

/**
 * Waiting jobs by queue, read from pg-boss's table through our Database (one grouped count; the schema's name
 * was checked when the queue was made). Before pg-boss created its tables (a queue never started) nothing waits.
 */
async function queuedJobs(state: QueueState): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(
    [...state.handlers.keys()].map((name) => [name, 0]),
  );
  const [{ present }] = await state.db.query<{ present: boolean }>(
    `SELECT to_regclass($1) IS NOT NULL AS present`,
    [`${state.schema}.job`],
  );
  if (!present) return counts;
  const rows = await state.db.query<{ name: string; n: number }>(
    // pg-boss's own queues (`__pgboss__send-it`, which starts scheduled work) are not the app's
    `SELECT name, count(*)::int AS n FROM ${state.schema}.job
     WHERE state IN ('created', 'retry') AND NOT starts_with(name, '__pgboss__') GROUP BY name`,
  );
  for (const row of rows) counts[row.name] = row.n;
  return counts;
}

export function createJobQueue(db: Database, opts: JobQueueOptions): JobQueue {
  const state = createQueueState(db, opts);
  return {
    send: (name, data, options) => sendJob(state, name, data, options),
    work: (name, handler, options) => addWorker(state, name, handler as JobHandler<object>, options),
    schedule: (name, cron, data) => addSchedule(state, name, cron, data),
    start: () => startQueue(state),
    stop: () => stopQueue(state),
    queued: () => queuedJobs(state),
    accepting: () => state.started || state.starting !== null,
  };
}
