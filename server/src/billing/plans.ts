// The plain rules of billing: prices, period arithmetic, invoice wording and the messages a user reads.
import { invoiceLine } from '../../../contract/billing';
import { MONTHS_PER_INTERVAL, PRICES, type RecurringInterval } from '../../../contract/constants';
import type { CheckoutPurpose } from '../integrations/payments/gateway';

export const DAY_MS = 86_400_000;

export const BILLING_MESSAGES = {
  alreadyActive: 'Service provider already has an active subscription',
  noSubscription: "Service provider doesn't have active subscriptions",
  notPastDue: 'Subscription is not past due',
  planChanged: 'Auto charge period changed successfully',
  cardAdded: 'Your card has been successfully added',
  cardUpdated: 'Your card has been successfully updated',
  autoChargeEnabled: 'Auto charge enabled',
  autoChargeDisabled: 'Auto charge disabled',
  needsCard: 'Add a valid card before enabling auto charge',
  providerDown: 'The payment service is not reachable. Please try again later.',
  invoiceNotFound: 'Invoice not found',
  cardNotFound: 'Card not found',
  providerNotFound: 'Service provider not found',
  canceledAtProvider: 'The subscription was canceled at the payment provider and ends with its period',
  checkoutInProgress:
    'A payment for this is already in progress. Please finish it or wait until its page expires.',
} as const;

/** Adds calendar months in UTC; the 31st of a month becomes the last day of a shorter one. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** What a payment page and the stored invoice row say was bought; an extension names its length in months. */
export function invoiceDescription(
  purpose: CheckoutPurpose | 'renewal',
  interval: RecurringInterval,
  periods = 1,
): string {
  if (purpose === 'extension') {
    const months = MONTHS_PER_INTERVAL[interval] * periods;
    return `Stir/Shaken Subscription Extension (${months} ${months === 1 ? 'month' : 'months'})`;
  }
  return invoiceLine(MONTHS_PER_INTERVAL[interval]);
}

export const priceOf = (interval: RecurringInterval) => (interval === 'year' ? PRICES.year : PRICES.month);

/**
 * The periods a checkout pays. An extension may pay several (count × the period's price); the checkout row keeps
 * only the amount charged, so the count is read back from it. Every other checkout pays one period.
 */
export function periodsOf(checkout: {
  purpose: CheckoutPurpose;
  recurring_interval: RecurringInterval;
  amount: number;
}): number {
  if (checkout.purpose !== 'extension') return 1;
  return Math.max(1, Math.round(Number(checkout.amount) / priceOf(checkout.recurring_interval)));
}
