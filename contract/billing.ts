// Billing rules the web app and the server must read alike: how many periods one extension may pay, what it
// costs, and the line an invoice shows on screen and in its PDF.
import { MONTHS_PER_INTERVAL, PRICES, type RecurringInterval } from './constants';

/**
 * The count of an extension (the Extend page's number input): whole periods, at least 1, at most 10. Ten years
 * or ten months is more than anyone buys in one go, so a larger number is almost surely a slip of the keyboard
 * (a stray extra digit); the cap also keeps one charge at $5,000 at most. More time is one more extension away.
 */
export const EXTEND_COUNT = { min: 1, max: 10 } as const;

export const EXTEND_COUNT_MESSAGE = `count must be a whole number from ${EXTEND_COUNT.min} to ${EXTEND_COUNT.max}`;

/** True for a count the server takes: a number (not text), whole, within EXTEND_COUNT. */
export function isExtendCount(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= EXTEND_COUNT.min &&
    value <= EXTEND_COUNT.max
  );
}

/** What an extension of `count` periods charges, in dollars: count × the period's price. */
export const extendTotal = (interval: RecurringInterval, count: number): number => PRICES[interval] * count;

/**
 * The line item of an invoice (docs/screens.md, Invoice listing): Yearly for a 12-month billing cycle,
 * otherwise Monthly.
 * The single-invoice view and the PDF both print this, so they cannot say different things.
 */
export function invoiceLine(billingCycleMonths: unknown): string {
  const plan = Number(billingCycleMonths) === MONTHS_PER_INTERVAL.year ? 'Yearly' : 'Monthly';
  return `Stir/Shaken ${plan} Subscription`;
}
