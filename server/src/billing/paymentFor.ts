// What a payment was for, as every payments list shows it (docs/billing.md): derived in this one place from the
// checkout the payment paid (its purpose, plan and count) and the invoice it made (its period and cycle). The
// database writes it, beside the rest of each list's row (http/jsonPage.ts).
import { MONTHS_PER_INTERVAL, PRICES } from '../../../contract/constants';

/** The facts a payments query selects beside its row, from `payments p` with PAYMENT_FOR_JOINS. */
export const PAYMENT_FOR_COLUMNS = `c.purpose AS for_purpose, c.recurring_interval AS for_interval,
  c.amount AS for_checkout_amount, i.start_billing_cycle AS for_start, i.end_billing_cycle AS for_end,
  i.billing_cycle_months AS for_months`;

export const PAYMENT_FOR_JOINS = `LEFT JOIN checkouts c ON c.id = p.checkout_id
  LEFT JOIN invoices i ON i.id = p.invoice_id`;

/** '11/28/2026', as contract/format.ts's dateText writes a UTC calendar date (en-US, no leading zeros). */
const calendarDate = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'FMMM/FMDD/YYYY')`;

/**
 * SQL of the `for` text of a row holding PAYMENT_FOR_COLUMNS as `alias`: 'Yearly plan, 11/28/2026 – 11/28/2027' (a
 * new subscription), 'Extension, 3 months' (an extension pays count × the period's price: the months are read back
 * from the amount charged), 'Past-due payment, …' (a period paid late), 'Automatic renewal, monthly plan, …' (a
 * renewal, which no checkout of ours took); 'Payment' when nothing is known of it. The period is left out
 * without both of its ends.
 */
export function paymentForSql(alias: string): string {
  const f = (column: string) => `${alias}.for_${column}`;
  const period = `coalesce(', ' || ${calendarDate(f('start'))} || ' – ' || ${calendarDate(f('end'))}, '')`;
  const price = `CASE ${f('interval')} WHEN 'year' THEN ${PRICES.year} ELSE ${PRICES.month} END`;
  const perPeriod = `CASE ${f('interval')} WHEN 'year' THEN ${MONTHS_PER_INTERVAL.year} ELSE ${MONTHS_PER_INTERVAL.month} END`;
  const months = `(${perPeriod} * greatest(1, round(${f('checkout_amount')}::numeric / ${price})))::int`;
  return `CASE
    WHEN ${f('purpose')} IS NOT NULL AND ${f('interval')} IS NOT NULL THEN
      CASE ${f('purpose')}
        WHEN 'extension' THEN 'Extension, ' || ${months} || CASE WHEN ${months} = 1 THEN ' month' ELSE ' months' END
        WHEN 'past_due' THEN 'Past-due payment' || ${period}
        ELSE CASE ${f('interval')} WHEN 'year' THEN 'Yearly plan' ELSE 'Monthly plan' END || ${period}
      END
    WHEN coalesce(${f('months')}, 0) <> 0 THEN
      'Automatic renewal, ' || CASE WHEN ${f('months')} = 12 THEN 'yearly' ELSE 'monthly' END || ' plan' || ${period}
    ELSE 'Payment'
  END`;
}
