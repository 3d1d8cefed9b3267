// SQL of invoices: gap-free numbers, paying an open one, the PDF and the receipt, the provider's list.
import type { Queryable } from '../../db';
import type { ListQuery } from '../../http/list';
import { InvoiceRow } from '../../../../contract/wire/billing';
import { isoTime, jsonPage, jsonRow } from '../../http/jsonPage';

/** The next invoice number, in the caller's transaction: rolled back with it, so there are no gaps. */
export async function nextInvoiceNumber(q: Queryable): Promise<number> {
  const rows = await q.query<{ last_number: number }>(
    'UPDATE invoice_counter SET last_number = last_number + 1 WHERE id RETURNING last_number',
  );
  return rows[0].last_number;
}

export interface NewInvoice {
  spId: string;
  subscriptionId: string | null;
  amount: number;
  status: 'open' | 'paid';
  description: string;
  start: Date;
  end: Date;
  months: number;
  transactionId: string | null;
  /** The provider's invoice (Stripe `in_...`), when it has one. */
  providerRef?: string | null;
  now: Date;
}

export async function insertInvoice(
  q: Queryable,
  i: NewInvoice,
): Promise<{ id: string; invoice_number: number }> {
  const number = await nextInvoiceNumber(q);
  const rows = await q.query<{ id: string; invoice_number: number }>(
    `INSERT INTO invoices (service_provider_id, subscription_id, invoice_number, amount, status, description,
       start_billing_cycle, end_billing_cycle, billing_cycle_months, transaction_id, created_on, paid_on, provider_ref)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id, invoice_number`,
    [
      i.spId,
      i.subscriptionId,
      number,
      i.amount,
      i.status,
      i.description,
      i.start,
      i.end,
      i.months,
      i.transactionId,
      i.now,
      i.status === 'paid' ? i.now : null,
      i.providerRef ?? null,
    ],
  );
  return rows[0];
}

export async function payInvoice(
  q: Queryable,
  id: string,
  p: { start: Date; end: Date; transactionId: string; now: Date },
): Promise<{ id: string; invoice_number: number } | undefined> {
  const rows = await q.query<{ id: string; invoice_number: number }>(
    `UPDATE invoices SET status = 'paid', paid_on = $5, transaction_id = $4, start_billing_cycle = $2,
            end_billing_cycle = $3, pdf = NULL
      WHERE id = $1 AND status = 'open' RETURNING id, invoice_number`,
    [id, p.start, p.end, p.transactionId, p.now],
  );
  return rows[0];
}

/**
 * Whether one paid invoice of the subscription already covers that period. An hour of slack: the checkout that
 * started a subscription dates its period from when we heard of it, the provider from its own clock.
 */
export async function periodInvoiced(
  q: Queryable,
  subscriptionId: string,
  start: Date,
  end: Date,
): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM invoices WHERE subscription_id = $1 AND status = 'paid'
        AND start_billing_cycle <= $2::timestamptz + interval '1 hour'
        AND end_billing_cycle >= $3::timestamptz - interval '1 hour' LIMIT 1`,
    [subscriptionId, start, end],
  );
  return rows.length > 0;
}

export async function invoiceByProviderRefExists(q: Queryable, ref: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM invoices WHERE provider_ref = $1', [ref])).length > 0;
}

export interface InvoiceFileRow {
  id: string;
  invoice_number: number;
  amount: number;
  description: string;
  start_billing_cycle: Date;
  end_billing_cycle: Date;
  billing_cycle_months: number;
  transaction_id: string | null;
  created_on: Date;
  pdf: Uint8Array | null;
  receipt_sent_on: Date | null;
  service_provider_id: string;
}

export async function invoiceById(
  q: Queryable,
  id: string,
  spId?: string,
): Promise<InvoiceFileRow | undefined> {
  const rows = await q.query<InvoiceFileRow>(
    `SELECT id, invoice_number, amount, description, start_billing_cycle, end_billing_cycle, billing_cycle_months,
            transaction_id, created_on, pdf, receipt_sent_on, service_provider_id
       FROM invoices WHERE id = $1 ${spId ? 'AND service_provider_id = $2' : ''}`,
    spId ? [id, spId] : [id],
  );
  return rows[0];
}

export async function setInvoicePdf(q: Queryable, id: string, pdf: Buffer): Promise<void> {
  await q.query('UPDATE invoices SET pdf = $2 WHERE id = $1 AND pdf IS NULL', [id, pdf]);
}

export async function markReceiptSent(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE invoices SET receipt_sent_on = $2 WHERE id = $1', [id, now]);
}

/** Paid invoices whose receipt never went out (a job lost before the queue ran): the sweep queues them again. */
export async function invoicesWithoutReceipt(q: Queryable, paidBefore: Date): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM invoices WHERE status = 'paid' AND receipt_sent_on IS NULL AND paid_on < $1 ORDER BY paid_on LIMIT 100`,
    [paidBefore],
  );
  return rows.map((r) => r.id);
}

/** An invoice as the database writes it for its provider's list: every field of its wire shape. */
const INVOICE_ROW = jsonRow(InvoiceRow, {
  id: 'id',
  invoice_number: 'invoice_number',
  amount: 'amount::float8',
  status: 'status',
  created_on: isoTime('created_on'),
  start_billing_cycle: isoTime('start_billing_cycle'),
  end_billing_cycle: isoTime('end_billing_cycle'),
  billing_cycle_months: 'billing_cycle_months',
  invoice_path: `'/api/service_provider/invoices/' || id || '/file'`,
});

/** One page of a provider's invoices, written as JSON by the database; `list` binds its parameters from $2. */
export function listInvoices(q: Queryable, spId: string, list: ListQuery) {
  return jsonPage(
    q,
    'invoices',
    INVOICE_ROW,
    ['service_provider_id = $1', ...list.where],
    [spId, ...list.params],
    { ...list, orderBy: `${list.orderBy}, id DESC` },
  );
}
