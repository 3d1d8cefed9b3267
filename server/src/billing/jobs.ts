// Billing's background work: invoice documents (PDF + receipt) and the renewal sweep (every 10 minutes, scheduled
// by routes.ts once the queue runs), which also closes payment pages left open.
import type { AppContext } from '../context';
import { INVOICE_DOCUMENTS_JOB, RENEWALS_JOB, type BillingService } from './service';

export const RENEWALS_CRON = '*/10 * * * *';

/** One run of the sweep: renewals, reminders and receipts, then open checkouts past their age. */
export async function runBillingSweep(billing: BillingService, now: Date) {
  const renewals = await billing.runRenewals(now);
  const expiredCheckouts = await billing.expireCheckouts(now);
  return { ...renewals, expiredCheckouts };
}

export async function registerBillingJobs(ctx: Pick<AppContext, 'jobs' | 'now'>, billing: BillingService) {
  await ctx.jobs.work<{ invoiceId: string }>(INVOICE_DOCUMENTS_JOB, async ({ invoiceId }) => {
    await billing.issueInvoiceDocuments(invoiceId);
  });
  await ctx.jobs.work(RENEWALS_JOB, async () => {
    await runBillingSweep(billing, ctx.now());
  });
}
