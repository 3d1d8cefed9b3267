// server/src/billing/plans.ts: prices, invoice wording and calendar months.
import { describe, expect, it } from 'vitest';
import { PRICES } from '../../contract/constants';
import { addMonths, invoiceDescription, later, priceOf } from '../../server/src/billing/plans';

describe('billing plans', () => {
  it('prices a plan by its interval', () => {
    expect(priceOf('month')).toBe(PRICES.month);
    expect(priceOf('year')).toBe(PRICES.year);
  });

  it('words invoices by purpose and plan', () => {
    expect(invoiceDescription('subscription', 'year')).toBe('Stir/Shaken Yearly Subscription');
    expect(invoiceDescription('renewal', 'month')).toBe('Stir/Shaken Monthly Subscription');
    expect(invoiceDescription('past_due', 'month')).toBe('Stir/Shaken Monthly Subscription');
    expect(invoiceDescription('extension', 'month')).toBe('Stir/Shaken Subscription Extension (1 month)');
    expect(invoiceDescription('extension', 'year')).toBe('Stir/Shaken Subscription Extension (12 months)');
  });

  it('extends from the later of now and the current end', () => {
    const a = new Date('2026-01-01T00:00:00Z');
    const b = new Date('2026-02-01T00:00:00Z');
    expect(later(a, b)).toBe(b);
    expect(later(b, a)).toBe(b);
    expect(addMonths(later(a, b), 12).toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });
});
