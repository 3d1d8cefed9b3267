// server/src/billing/plans.ts: prices, invoice wording and calendar months.
import { describe, expect, it } from 'vitest';
import { EXTEND_COUNT, extendTotal, invoiceLine, isExtendCount } from '../../contract/billing';
import { PRICES } from '../../contract/constants';
import { addMonths, invoiceDescription, later, periodsOf, priceOf } from '../../server/src/billing/plans';

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
    expect(invoiceDescription('extension', 'year', 3)).toBe('Stir/Shaken Subscription Extension (36 months)');
  });

  it('prints one invoice line for the view and the PDF: Yearly only for a 12-month cycle', () => {
    expect(invoiceLine(12)).toBe('Stir/Shaken Yearly Subscription');
    expect(invoiceLine('12')).toBe('Stir/Shaken Yearly Subscription');
    expect(invoiceLine(1)).toBe('Stir/Shaken Monthly Subscription');
    expect(invoiceLine(undefined)).toBe('Stir/Shaken Monthly Subscription');
  });

  it('bounds the extension count and charges count × the price', () => {
    expect(EXTEND_COUNT).toEqual({ min: 1, max: 10 });
    for (const ok of [1, 3, 10]) expect(isExtendCount(ok)).toBe(true);
    for (const bad of [0, -2, 11, 2.5, '3', null, undefined, Number.NaN])
      expect(isExtendCount(bad)).toBe(false);
    expect(extendTotal('year', 3)).toBe(1500);
    expect(extendTotal('month', 3)).toBe(300);
  });

  it('reads the periods an extension checkout pays back from its amount', () => {
    expect(periodsOf({ purpose: 'extension', recurring_interval: 'year', amount: 1500 })).toBe(3);
    expect(periodsOf({ purpose: 'extension', recurring_interval: 'month', amount: 100 })).toBe(1);
    expect(periodsOf({ purpose: 'past_due', recurring_interval: 'month', amount: 300 })).toBe(1);
  });

  it('extends from the later of now and the current end', () => {
    const a = new Date('2026-01-01T00:00:00Z');
    const b = new Date('2026-02-01T00:00:00Z');
    expect(later(a, b)).toBe(b);
    expect(later(b, a)).toBe(b);
    expect(addMonths(later(a, b), 12).toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });
});
