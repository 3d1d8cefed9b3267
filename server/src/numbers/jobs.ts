// The background work of number imports: the import itself, and the sweep that makes sure no import waits or
// runs forever. pg-boss retries an import whose attempt failed or whose process died (after the job's expiry);
// the sweep, every few minutes and once at start, re-queues an import that has shown no progress for STALE_MS
// and no live job (the singleton key refuses a second one), and fails one that has used up its attempts.
import { IMPORT_MESSAGES } from '../../../contract/numbers';
import type { JobDefinition, JobInfo } from '../jobs/queue';
import { giveUp, runImport } from './importer';
import { IMPORT_JOB, SWEEP_JOB, type NumberDeps } from './service';
import * as store from './store';

/** An import without progress for this long is looked at by the sweep (longer than a commit of 10^7 rows). */
export const STALE_MS = 20 * 60 * 1000;
/** Attempts before an import is failed for good (pg-boss's own retries count too). */
export const MAX_ATTEMPTS = 5;
export const SWEEP_CRON = '*/5 * * * *';

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
  for (const imp of stale) {
    if (imp.attempts >= MAX_ATTEMPTS) {
      await giveUp(deps, imp.id, new Error(IMPORT_MESSAGES.interrupted));
      result.failed++;
      continue;
    }
    const id = await deps.jobs.send(IMPORT_JOB, { importId: imp.id }, { singletonKey: imp.id });
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
