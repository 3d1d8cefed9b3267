// The daily housekeeping: deletes what no rule needs any more, so that these tables stay small.
// - rate-limit counters whose window has ended;
// - SPC token ids a day past their token's expiry (such a token is refused on its exp; the day is a margin).
import type { AppContext } from '../context';
import { deleteExpiredJtis } from '../certificates/store';
import { deleteExpiredRateLimits } from '../http/rateLimitStore';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_CRON = '30 3 * * *';
const JTI_MARGIN_MS = 24 * 3600 * 1000;

export async function runHousekeeping(ctx: Pick<AppContext, 'db' | 'log' | 'now'>): Promise<void> {
  const rateLimits = await deleteExpiredRateLimits(ctx.db);
  const jtis = await deleteExpiredJtis(ctx.db, new Date(ctx.now().getTime() - JTI_MARGIN_MS));
  ctx.log.info({ rate_limits: rateLimits, spc_token_jtis: jtis }, 'housekeeping: expired rows deleted');
}

export async function housekeepingJobs(
  _app: unknown,
  ctx: Pick<AppContext, 'db' | 'log' | 'now' | 'jobs'>,
): Promise<void> {
  await ctx.jobs.work(HOUSEKEEPING_JOB, () => runHousekeeping(ctx));
  await ctx.jobs.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON);
}
