// Billing's background work, as definitions the app registers: invoice documents (PDF + receipt) and the
// sweep every 10 minutes (renewals, reminders, receipts, then payment pages left open).
import type { JobDefinition } from '../jobs/queue';
import { expireCheckouts } from './checkouts';
import type { BillingDeps } from './deps';
import { INVOICE_DOCUMENTS_JOB, issueInvoiceDocuments } from './invoices';
import { runRenewals } from './renewals';

export { INVOICE_DOCUMENTS_JOB };
export const RENEWALS_JOB = 'billing-renewals';
export const RENEWALS_CRON = '*/10 * * * *';

/** One run of the sweep: renewals, reminders and receipts, then open checkouts past their age. */
export async function runBillingSweep(deps: BillingDeps, now: Date) {
  const renewals = await runRenewals(deps, now);
  const expiredCheckouts = await expireCheckouts(deps, now);
  return { ...renewals, expiredCheckouts };
}

export function billingJobs(deps: BillingDeps): JobDefinition[] {
  return [
    {
      name: INVOICE_DOCUMENTS_JOB,
      handler: async ({ invoiceId }: { invoiceId: string }) => issueInvoiceDocuments(deps, invoiceId),
    },
    {
      name: RENEWALS_JOB,
      handler: async () => {
        await runBillingSweep(deps, deps.now());
      },
      cron: RENEWALS_CRON,
      // One run charges every renewal due: it may take minutes (a run cut short is the next run's work).
      expireInSeconds: 600,
    },
  ];
}
