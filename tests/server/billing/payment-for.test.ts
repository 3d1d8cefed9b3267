// server/src/billing/paymentFor.ts: what each payment was for, as the database writes it into every payments list,
// on this run's database (PGlite or PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentForSql } from '../../../server/src/billing/paymentFor';
import { createTestDatabase, type TestDatabase } from '../helpers';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

interface Facts {
  purpose?: 'subscription' | 'extension' | 'past_due';
  interval?: 'month' | 'year';
  amount?: string;
  start?: string;
  end?: string;
  months?: number;
}

async function paymentFor(f: Facts): Promise<string> {
  const [row] = await database.db.query<{ text: string }>(
    `SELECT ${paymentForSql('f')} AS text
       FROM (SELECT $1::text AS for_purpose, $2::text AS for_interval, $3::numeric AS for_checkout_amount,
                    $4::timestamptz AS for_start, $5::timestamptz AS for_end, $6::int AS for_months) f`,
    [
      f.purpose ?? null,
      f.interval ?? null,
      f.amount ?? null,
      f.start ?? null,
      f.end ?? null,
      f.months ?? null,
    ],
  );
  return row.text;
}

const period = { start: '2026-11-28T10:00:00Z', end: '2027-11-28T10:00:00Z' };

describe('paymentForSql', () => {
  it('names the plan and the period of a new subscription', async () => {
    expect(await paymentFor({ ...period, purpose: 'subscription', interval: 'year' })).toBe(
      'Yearly plan, 11/28/2026 – 11/28/2027',
    );
    expect(await paymentFor({ purpose: 'subscription', interval: 'month' })).toBe('Monthly plan');
    expect(await paymentFor({ purpose: 'subscription', interval: 'month', start: period.start })).toBe(
      'Monthly plan',
    );
  });

  it('writes calendar dates in UTC without leading zeros', async () => {
    const early = { start: '2027-01-05T23:30:00-05:00', end: '2027-02-05T00:00:00Z' };
    expect(await paymentFor({ ...early, purpose: 'subscription', interval: 'month' })).toBe(
      'Monthly plan, 1/6/2027 – 2/5/2027',
    );
  });

  it('counts the months of an extension from the amount charged', async () => {
    const ext = { ...period, purpose: 'extension' as const };
    expect(await paymentFor({ ...ext, interval: 'month', amount: '300.00' })).toBe('Extension, 3 months');
    expect(await paymentFor({ ...ext, interval: 'month', amount: '100' })).toBe('Extension, 1 month');
    expect(await paymentFor({ ...ext, interval: 'month', amount: '40' })).toBe('Extension, 1 month');
    expect(await paymentFor({ ...ext, interval: 'year', amount: '1000' })).toBe('Extension, 24 months');
  });

  it('names a past-due payment and an automatic renewal with their periods', async () => {
    expect(await paymentFor({ ...period, purpose: 'past_due', interval: 'month' })).toBe(
      'Past-due payment, 11/28/2026 – 11/28/2027',
    );
    expect(await paymentFor({ months: 1 })).toBe('Automatic renewal, monthly plan');
    expect(await paymentFor({ ...period, months: 12 })).toBe(
      'Automatic renewal, yearly plan, 11/28/2026 – 11/28/2027',
    );
  });

  it("says 'Payment' when nothing is known", async () => {
    expect(await paymentFor({})).toBe('Payment');
    expect(await paymentFor({ ...period, months: 0 })).toBe('Payment');
    expect(await paymentFor({ purpose: 'subscription' })).toBe('Payment');
  });
});
