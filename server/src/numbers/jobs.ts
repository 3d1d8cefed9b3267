// The background work of number imports: the import itself, and the sweep that makes sure no import waits or
// runs forever. pg-boss retries an import whose attempt failed, or whose process died once the job expires; the
// sweep, every minute and once at start, re-queues at once an import without a heartbeat for STALE_MS (a killed
// process's), fails one that has used up its attempts, finishes removing a failed import's rows, and deletes the
// `.part` files of uploads a killed process left (removeAbandonedUploads). A job that finds the import finished, or
// running with a fresh heartbeat, does nothing: extra jobs are harmless.
import { IMPORT_MESSAGES } from '../../../contract/numbers';
import type { JobDefinition, JobInfo } from '../jobs/queue';
import { MAX_ATTEMPTS, STALE_MS, giveUp, runImport } from './importer';
import { IMPORT_JOB, SWEEP_JOB, type NumberDeps } from './service';
import * as store from './store';
import { removeAbandonedUploads } from './upload';

export const SWEEP_CRON = '* * * * *';

export async function importJob(deps: NumberDeps, data: { importId: string }, job?: JobInfo): Promise<void> {
  try {
    await runImport(deps, data.importId);
  } catch (err) {
    if (job && job.retryCount >= job.retryLimit) {
      await giveUp(deps, data.importId, err);
      return;
    }
    throw err;
  }
}

/** Re-queues stale imports, fails those out of attempts; returns what it did (for the log and the tests). */
export async function sweepImports(deps: NumberDeps, staleMs = STALE_MS) {
  const stale = await store.staleImports(deps.db, new Date(deps.now().getTime() - staleMs));
  const result = { requeued: 0, failed: 0 };
  const parts = removeAbandonedUploads(deps.config.dataDir, deps.config.requestTimeoutMs, deps.now());
  if (parts) deps.log.info({ removed: parts }, 'number import uploads left by a stopped process removed');
  for (const imp of stale) {
    if (imp.status === 'failed') {
      // a failed import whose rows were not all removed (its process died while removing them)
      await store.discardRows(deps.db, imp.id);
      continue;
    }
    if (imp.attempts >= MAX_ATTEMPTS) {
      await giveUp(deps, imp.id, new Error(IMPORT_MESSAGES.interrupted));
      result.failed++;
      continue;
    }
    // Its own key: the job of a killed process may still count as active until pg-boss expires it.
    const id = await deps.jobs.send(IMPORT_JOB, { importId: imp.id }, { singletonKey: `resume:${imp.id}` });
    if (id) result.requeued++;
  }
  if (stale.length) deps.log.info(result, 'number import sweep');
  return result;
}

export function numberJobs(deps: NumberDeps): JobDefinition[] {
  return [
    { name: IMPORT_JOB, handler: (data: { importId: string }, job) => importJob(deps, data, job) },
    { name: SWEEP_JOB, cron: SWEEP_CRON, handler: async () => void (await sweepImports(deps)) },
  ];
}
