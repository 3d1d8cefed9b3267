// The daily housekeeping: deletes what no rule needs any more, so that these tables stay small.
// - rate-limit counters whose window has ended;
// - SPC token ids a day past their token's expiry (such a token is refused on its exp; the day is a margin);
// - sessions a week past their expiry or their revocation (kept that long to tell when and why one ended).
// - Idempotency-Key answers older than a day;
// - ACME nonces past their hour (a spent one is deleted when used);
// - number import error reports past their retention (ERROR_REPORT_RETENTION_DAYS after the import ended).
import { deleteExpiredNonces } from '../acme/store';
import { deleteOldSessions } from '../auth/sessionStore';
import { deleteExpiredJtis } from '../certificates/store';
import type { Queryable } from '../db';
import { IDEMPOTENCY_RETENTION_MS, deleteExpiredIdempotencyKeys } from '../http/idempotency';
import { deleteExpiredRateLimits } from '../http/rateLimitStore';
import { ERROR_REPORT_RETENTION_DAYS, expireErrorReports } from '../numbers/errorStore';
import type { JobDefinition } from './queue';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_CRON = '30 3 * * *';
const JTI_MARGIN_MS = 24 * 3600 * 1000;
export const SESSION_MARGIN_MS = 7 * 24 * 3600 * 1000;

export interface HousekeepingDeps {
  db: Queryable;
  log: { info(obj: object, msg?: string): void };
  now: () => Date;
}

export async function runHousekeeping(deps: HousekeepingDeps): Promise<void> {
  const rateLimits = await deleteExpiredRateLimits(deps.db);
  const jtis = await deleteExpiredJtis(deps.db, new Date(deps.now().getTime() - JTI_MARGIN_MS));
  const sessions = await deleteOldSessions(deps.db, new Date(deps.now().getTime() - SESSION_MARGIN_MS));
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(
    deps.db,
    new Date(deps.now().getTime() - IDEMPOTENCY_RETENTION_MS),
  );
  const acmeNonces = await deleteExpiredNonces(deps.db, deps.now());
  const errorReports = await expireErrorReports(
    deps.db,
    new Date(deps.now().getTime() - ERROR_REPORT_RETENTION_DAYS * 24 * 3600 * 1000),
    deps.now(),
  );
  deps.log.info(
    {
      rate_limits: rateLimits,
      spc_token_jtis: jtis,
      sessions,
      idempotency_keys: idempotencyKeys,
      acme_nonces: acmeNonces,
      number_error_reports: errorReports,
    },
    'housekeeping: expired rows deleted',
  );
}

export function housekeepingJobs(deps: HousekeepingDeps): JobDefinition[] {
  // Deleting a day of rows may take longer than the default expiry of a job.
  return [
    {
      name: HOUSEKEEPING_JOB,
      cron: HOUSEKEEPING_CRON,
      handler: () => runHousekeeping(deps),
      expireInSeconds: 600,
    },
  ];
}
