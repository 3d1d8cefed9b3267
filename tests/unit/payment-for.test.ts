// server/src/billing/paymentFor.ts: what each payment was for, as every payments list shows it.
import { describe, expect, it } from 'vitest';
import { paymentFor, withPaymentFor, type PaymentForFacts } from '../../server/src/billing/paymentFor';

const none: PaymentForFacts = {
  for_purpose: null,
  for_interval: null,
  for_checkout_amount: null,
  for_start: null,
  for_end: null,
  for_months: null,
};
const period = { for_start: '2026-11-28T10:00:00Z', for_end: new Date('2027-11-28T10:00:00Z') };

describe('paymentFor', () => {
  it('names the plan and the period of a new subscription', () => {
    expect(paymentFor({ ...none, ...period, for_purpose: 'subscription', for_interval: 'year' })).toBe(
      'Yearly plan, 11/28/2026 – 11/28/2027',
    );
    expect(paymentFor({ ...none, for_purpose: 'subscription', for_interval: 'month' })).toBe('Monthly plan');
  });

  it('counts the months of an extension from the amount charged', () => {
    const ext = { ...none, ...period, for_purpose: 'extension' as const };
    expect(paymentFor({ ...ext, for_interval: 'month', for_checkout_amount: '300.00' })).toBe(
      'Extension, 3 months',
    );
    expect(paymentFor({ ...ext, for_interval: 'month', for_checkout_amount: 100 })).toBe(
      'Extension, 1 month',
    );
    expect(paymentFor({ ...ext, for_interval: 'year', for_checkout_amount: 1000 })).toBe(
      'Extension, 24 months',
    );
  });

  it('names a past-due payment and an automatic renewal with their periods', () => {
    expect(paymentFor({ ...none, ...period, for_purpose: 'past_due', for_interval: 'month' })).toBe(
      'Past-due payment, 11/28/2026 – 11/28/2027',
    );
    expect(paymentFor({ ...none, for_months: 1 })).toBe('Automatic renewal, monthly plan');
    expect(paymentFor({ ...none, ...period, for_months: 12 })).toBe(
      'Automatic renewal, yearly plan, 11/28/2026 – 11/28/2027',
    );
  });

  it("says 'Payment' when nothing is known, and replaces the facts by `for` in a row", () => {
    expect(paymentFor(none)).toBe('Payment');
    expect(withPaymentFor({ id: 'p1', amount: 5, ...none, for_months: 1 })).toEqual({
      id: 'p1',
      amount: 5,
      for: 'Automatic renewal, monthly plan',
    });
  });
});
