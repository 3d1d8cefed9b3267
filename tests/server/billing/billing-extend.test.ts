// POST /api/payment/subscription/extend with a count: the checkout charges count × the period's price, paying it
// moves the expiry by count periods and records that amount and those periods; a count out of bounds is a 400.
import { constants, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTEND_COUNT_MESSAGE } from '../../../contract/billing';
import { addMonths } from '../../../server/src/billing/plans';
import { activeProvider, api, checkoutIdOf, payForm, subscriptionOf, tokenOf } from './billing-fixtures';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function checkoutOf(url: string) {
  const [row] = await t.db.query<{ amount: number; purpose: string; recurring_interval: string }>(
    'SELECT amount, purpose, recurring_interval FROM checkouts WHERE id = $1',
    [checkoutIdOf(url)],
  );
  return row;
}

async function newestInvoiceAndPayment(spId: string) {
  const [invoice] = await t.db.query<{
    id: string;
    amount: number;
    start_billing_cycle: Date;
    end_billing_cycle: Date;
    billing_cycle_months: number;
    description: string;
  }>(
    `SELECT id, amount, start_billing_cycle, end_billing_cycle, billing_cycle_months, description
       FROM invoices WHERE service_provider_id = $1 ORDER BY invoice_number DESC LIMIT 1`,
    [spId],
  );
  const [payment] = await t.db.query<{ amount: number; invoice_id: string }>(
    'SELECT amount, invoice_id FROM payments WHERE service_provider_id = $1 AND invoice_id = $2',
    [spId, invoice.id],
  );
  return { invoice, payment };
}

/** The text of a served (compressed) invoice PDF: its streams inflated, then pdfkit's hex text runs decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  // zlib stops at the end of the compressed data: the line break before `endstream` is left over, not read.
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1], 'latin1'), { finishFlush: constants.Z_SYNC_FLUSH }).toString(
        'latin1',
      );
    } catch {
      return m[1];
    }
  });
  return streams
    .flatMap((text) => [...text.matchAll(/\[([^\]]*)\] TJ/g)])
    .map((m) =>
      [...m[1].matchAll(/<([0-9a-f]+)>/gi)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
    )
    .join('\n');
}

describe('extend by a count of periods (sandbox)', () => {
  it.each([
    { interval: 'year' as const, count: 1, amount: 500, months: 12 },
    { interval: 'year' as const, count: 3, amount: 1500, months: 36 },
    { interval: 'month' as const, count: 3, amount: 300, months: 3 },
  ])(
    '$count × $interval charges $amount dollars and adds $months months',
    async ({ interval, count, amount, months }) => {
      const p = await activeProvider(t, 'year');
      const a = api(t, await tokenOf(t, p));
      const before = new Date((await subscriptionOf(t, p.spId)).current_period_end);

      const res = await a.post('/api/payment/subscription/extend', { recurring_interval: interval, count });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().url as string;
      expect(await checkoutOf(url)).toEqual({ amount, purpose: 'extension', recurring_interval: interval });
      // The sandbox's page asks for exactly that amount.
      const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(page.body).toContain(`Pay $${amount.toLocaleString('en-US')}`);

      expect((await payForm(t, url)).statusCode).toBe(303);
      const after = new Date((await subscriptionOf(t, p.spId)).current_period_end);
      expect(after.toISOString()).toBe(addMonths(before, months).toISOString());

      const { invoice, payment } = await newestInvoiceAndPayment(p.spId);
      expect(payment.amount).toBe(amount);
      expect(invoice.amount).toBe(amount);
      expect(invoice.billing_cycle_months).toBe(interval === 'year' ? 12 : 1);
      expect(new Date(invoice.start_billing_cycle).toISOString()).toBe(before.toISOString());
      expect(new Date(invoice.end_billing_cycle).toISOString()).toBe(after.toISOString());
      expect(invoice.description).toBe(
        `Stir/Shaken Subscription Extension (${months} month${months === 1 ? '' : 's'})`,
      );
    },
  );

  it("prints the invoice's line as the single-invoice view does: the plan, not the extension's length", async () => {
    const p = await activeProvider(t, 'year');
    const a = api(t, await tokenOf(t, p));
    const url = (
      await a.post('/api/payment/subscription/extend', { recurring_interval: 'year', count: 3 })
    ).json().url;
    await payForm(t, url);
    const { invoice } = await newestInvoiceAndPayment(p.spId);
    const file = await a.get(`/api/service_provider/invoices/${invoice.id}/file`);
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Stir/Shaken Yearly Subscription');
    expect(text).toContain('$1,500.00');
    expect(text).not.toContain('Extension');
  });

  it('without a count pays one period (the Extend modal)', async () => {
    const p = await activeProvider(t, 'month');
    const a = api(t, await tokenOf(t, p));
    const res = await a.post('/api/payment/subscription/extend', { recurring_interval: 'month' });
    expect(res.statusCode).toBe(200);
    expect((await checkoutOf(res.json().url)).amount).toBe(100);
  });

  it('a second request with another count replaces the open page; the same count answers it again', async () => {
    const p = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const two = (
      await a.post('/api/payment/subscription/extend', { recurring_interval: 'year', count: 2 })
    ).json().url;
    const again = (
      await a.post('/api/payment/subscription/extend', { recurring_interval: 'year', count: 2 })
    ).json().url;
    expect(again).toBe(two);
    const four = (
      await a.post('/api/payment/subscription/extend', { recurring_interval: 'year', count: 4 })
    ).json().url;
    expect(four).not.toBe(two);
    expect((await checkoutOf(four)).amount).toBe(2000);
    const [old] = await t.db.query<{ status: string }>('SELECT status FROM checkouts WHERE id = $1', [
      checkoutIdOf(two),
    ]);
    expect(old.status).toBe('expired');
  });

  it.each([0, -2, 11, 2.5, '3', null, true])('refuses count %j with 400 and says why', async (count) => {
    const p = await activeProvider(t);
    const a = api(t, await tokenOf(t, p));
    const res = await a.post('/api/payment/subscription/extend', { recurring_interval: 'year', count });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: EXTEND_COUNT_MESSAGE,
      errors: { count: EXTEND_COUNT_MESSAGE },
    });
    expect(EXTEND_COUNT_MESSAGE).toBe('count must be a whole number from 1 to 10');
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM checkouts WHERE service_provider_id = $1 AND purpose = 'extension'`,
      [p.spId],
    );
    expect(n).toBe(0);
  });
});
