// Working and scheduling: a pg-boss worker per queue that runs its handler, and cron schedules. Both may be
// declared before start(), which registers them.
import { ensureQueue, scheduleKey, type QueueState, type Schedule } from './pgBossState';

/** Schedules run on UTC. */
const SCHEDULE_TZ = 'UTC';
import type { JobHandler, JobInfo, WorkOptions } from './queue';

interface FetchedJob {
  id: string;
  name: string;
  data: object;
  retryCount: number;
  retryLimit: number;
}

/** Runs one job; answers the error it failed with, if any (logged here). */
async function runOne(state: QueueState, name: string, handler: JobHandler<object>, job: FetchedJob) {
  const { log, running } = state;
  const info: JobInfo = {
    id: job.id,
    name: job.name,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
  };
  running.jobs++;
  const began = Date.now();
  try {
    await handler(job.data, info);
    log.debug({ queue: name, jobId: job.id, ms: Date.now() - began }, 'job done');
    return null;
  } catch (err) {
    const final = job.retryCount >= job.retryLimit;
    log[final ? 'error' : 'warn'](
      { err, queue: name, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1 },
      final ? 'job failed for good' : 'job failed; it will be retried',
    );
    return err instanceof Error ? err : new Error(String(err));
  } finally {
    running.jobs--;
  }
}

export async function registerWorker(
  state: QueueState,
  name: string,
  handler: JobHandler<object>,
  options: WorkOptions = {},
) {
  const { boss, batchSize } = state;
  await ensureQueue(state, name, options);
  let workerId = '';
  workerId = await boss.work<object>(name, { includeMetadata: true, batchSize }, async (jobs) => {
    // The batch runs side by side, each job done or failed on its own. pg-boss completes a batch whose callback
    // returned, and fails one whose callback threw, without awaiting either: a job failed here and fetched again at
    // once (its retry) could be "completed" by that trailing update while its retry runs, and never retried again.
    // So the jobs that succeeded are completed here, and a batch with a failure throws, leaving pg-boss's trailing
    // update to fail the failed ones alone (it fails only jobs still active) and fetching nothing before it.
    const errors = await Promise.all(jobs.map((job) => runOne(state, name, handler, job)));
    const failed = jobs.filter((_, i) => errors[i]);
    if (failed.length) {
      const done = jobs.filter((_, i) => !errors[i]).map((j) => j.id);
      if (done.length) await boss.complete(name, done);
      throw new Error(
        errors
          .map((e) => e?.message)
          .filter(Boolean)
          .join('; '),
      );
    }
    // Jobs came: fetch again at once rather than after the polling interval, until the queue is empty.
    if (jobs.length && state.started && workerId) boss.notifyWorker(workerId);
  });
  state.workerIds.set(name, workerId);
}

export async function applySchedule(state: QueueState, s: Schedule) {
  await ensureQueue(state, s.name);
  const options = { tz: SCHEDULE_TZ };
  const key = scheduleKey(s.cron, SCHEDULE_TZ, s.data ?? {}, options);
  // The same schedule as the table holds is not written again (a start would otherwise rewrite every one).
  if (state.existing.schedules.get(s.name) === key) return;
  await state.boss.schedule(s.name, s.cron, s.data ?? {}, options);
  state.existing.schedules.set(s.name, key);
}

export async function addWorker(
  state: QueueState,
  name: string,
  handler: JobHandler<object>,
  options: WorkOptions = {},
) {
  if (state.handlers.has(name)) throw new Error(`Queue ${name} already has a handler`);
  state.handlers.set(name, { handler, options });
  if (state.started) await registerWorker(state, name, handler, options);
}

export async function addSchedule(state: QueueState, name: string, cron: string, data?: object) {
  state.schedules.set(name, { name, cron, data });
  if (state.started) await applySchedule(state, { name, cron, data });
}
