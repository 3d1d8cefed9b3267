// Working and scheduling: a pg-boss worker per queue that runs its handler, and cron schedules. Both may be
// declared before start(), which registers them.
import { ensureQueue, type QueueState, type Schedule } from './pgBossState';
import type { JobHandler, JobInfo } from './queue';

export async function registerWorker(state: QueueState, name: string, handler: JobHandler<object>) {
  const { boss, log, running } = state;
  await ensureQueue(state, name);
  const workerId = await boss.work<object>(name, { includeMetadata: true, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
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
      } catch (err) {
        const final = job.retryCount >= job.retryLimit;
        log[final ? 'error' : 'warn'](
          { err, queue: name, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1 },
          final ? 'job failed for good' : 'job failed; it will be retried',
        );
        throw err;
      } finally {
        running.jobs--;
      }
    }
  });
  state.workerIds.set(name, workerId);
}

export async function applySchedule(state: QueueState, s: Schedule) {
  await ensureQueue(state, s.name);
  await state.boss.schedule(s.name, s.cron, s.data ?? {}, { tz: 'UTC' });
}

export async function addWorker(state: QueueState, name: string, handler: JobHandler<object>) {
  if (state.handlers.has(name)) throw new Error(`Queue ${name} already has a handler`);
  state.handlers.set(name, handler);
  if (state.started) await registerWorker(state, name, handler);
}

export async function addSchedule(state: QueueState, name: string, cron: string, data?: object) {
  state.schedules.set(name, { name, cron, data });
  if (state.started) await applySchedule(state, { name, cron, data });
}
