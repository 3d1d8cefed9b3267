// Billing rules the web app and the server must read alike: the line an invoice shows on screen and in its PDF.
import { MONTHS_PER_INTERVAL } from './constants';

/**
 * The line item of an invoice (SPEC.md, invoice listing): Yearly for a 12-month billing cycle, otherwise Monthly.
 * The single-invoice view and the PDF both print this, so they cannot say different things.
 */
export function invoiceLine(billingCycleMonths: unknown): string {
  const plan = Number(billingCycleMonths) === MONTHS_PER_INTERVAL.year ? 'Yearly' : 'Monthly';
  return `Stir/Shaken ${plan} Subscription`;
}
