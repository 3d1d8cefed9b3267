// What a payment was for, as every payments list shows it (docs/billing.md): derived in this one place from the
// checkout the payment paid (its purpose, plan and count) and the invoice it made (its period and cycle).
import { MONTHS_PER_INTERVAL, type RecurringInterval } from '../../../contract/constants';
import { dateText } from '../../../contract/format';
import type { CheckoutPurpose } from '../integrations/payments/gateway';
import { periodsOf } from './plans';

/** The facts a payments query selects beside its row, from `payments p` with PAYMENT_FOR_JOINS. */
export const PAYMENT_FOR_COLUMNS = `c.purpose AS for_purpose, c.recurring_interval AS for_interval,
  c.amount AS for_checkout_amount, i.start_billing_cycle AS for_start, i.end_billing_cycle AS for_end,
  i.billing_cycle_months AS for_months`;

export const PAYMENT_FOR_JOINS = `LEFT JOIN checkouts c ON c.id = p.checkout_id
  LEFT JOIN invoices i ON i.id = p.invoice_id`;

/** The names of PAYMENT_FOR_COLUMNS, for a query that selects them again from a subquery aliased `alias`. */
export const paymentForColumnsOf = (alias: string) =>
  ['for_purpose', 'for_interval', 'for_checkout_amount', 'for_start', 'for_end', 'for_months']
    .map((c) => `${alias}.${c}`)
    .join(', ');

export interface PaymentForFacts {
  /** Null for a payment no checkout of ours took: a renewal the payments provider charged. */
  for_purpose: CheckoutPurpose | null;
  for_interval: RecurringInterval | null;
  for_checkout_amount: number | string | null;
  for_start: Date | string | null;
  for_end: Date | string | null;
  for_months: number | null;
}

/** '11/28/2026 – 11/28/2027' (UTC calendar dates, contract/format.ts); null without both ends. */
function periodText(start: PaymentForFacts['for_start'], end: PaymentForFacts['for_end']): string | null {
  const [a, b] = [dateText(start), dateText(end)];
  return a && b ? `${a} – ${b}` : null;
}

const planText = (interval: RecurringInterval) => (interval === 'year' ? 'Yearly plan' : 'Monthly plan');

/**
 * 'Yearly plan, 11/28/2026 – 11/28/2027' (a new subscription), 'Extension, 3 months', 'Past-due payment, …' (a
 * period paid late), 'Automatic renewal, monthly plan, …' (a renewal), dates in UTC; 'Payment' when nothing is
 * known of it.
 */
export function paymentFor(f: PaymentForFacts): string {
  const period = periodText(f.for_start, f.for_end);
  const withPeriod = (text: string) => (period ? `${text}, ${period}` : text);
  if (f.for_purpose && f.for_interval) {
    if (f.for_purpose === 'extension') {
      const periods = periodsOf({
        purpose: 'extension',
        recurring_interval: f.for_interval,
        amount: Number(f.for_checkout_amount),
      });
      const months = MONTHS_PER_INTERVAL[f.for_interval] * periods;
      return `Extension, ${months} ${months === 1 ? 'month' : 'months'}`;
    }
    if (f.for_purpose === 'past_due') return withPeriod('Past-due payment');
    return withPeriod(planText(f.for_interval));
  }
  if (f.for_months) {
    return withPeriod(`Automatic renewal, ${f.for_months === 12 ? 'yearly' : 'monthly'} plan`);
  }
  return 'Payment';
}

/** The row without its facts, with `for` in their place. */
export function withPaymentFor<T extends PaymentForFacts>(
  row: T,
): Omit<T, keyof PaymentForFacts> & { for: string } {
  const {
    for_purpose: _purpose,
    for_interval: _interval,
    for_checkout_amount: _amount,
    for_start: _start,
    for_end: _end,
    for_months: _months,
    ...rest
  } = row;
  return { ...rest, for: paymentFor(row) };
}
