// SQL of payments (one per provider transaction) and of the provider events seen (the webhook's dedupe).
import type { Queryable } from '../../db';
import type { ListQuery } from '../../http/list';
import { PaymentRow } from '../../../../contract/wire/billing';
import { isoTime, jsonPage, jsonRow } from '../../http/jsonPage';
import { PAYMENT_FOR_COLUMNS, PAYMENT_FOR_JOINS, paymentForSql } from '../paymentFor';

/** A payment, once per provider transaction; null when that transaction was already recorded. */
export async function insertPayment(
  q: Queryable,
  p: {
    spId: string;
    subscriptionId: string | null;
    invoiceId: string | null;
    checkoutId: string | null;
    amount: number;
    transactionId: string;
    now: Date;
  },
): Promise<string | null> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO payments (service_provider_id, subscription_id, invoice_id, checkout_id, amount, transaction_id, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [p.spId, p.subscriptionId, p.invoiceId, p.checkoutId, p.amount, p.transactionId, p.now],
  );
  return rows[0]?.id ?? null;
}

export async function paymentExists(q: Queryable, transactionId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM payments WHERE transaction_id = $1', [transactionId])).length > 0;
}

/** A payment as the database writes it for its provider's list: every field of its wire shape. */
const PAYMENT_ROW = jsonRow(PaymentRow, {
  id: 'p.id',
  amount: 'p.amount::float8',
  transaction_id: 'p.transaction_id',
  created_on: isoTime('p.created_on'),
  for: paymentForSql('p'),
});

/** Every payment with what it was for, as the derived table `p`. */
const PAYMENTS = `(SELECT p.id, p.service_provider_id, p.amount, p.transaction_id, p.created_on, ${PAYMENT_FOR_COLUMNS}
        FROM payments p ${PAYMENT_FOR_JOINS}) p`;

/** One page of a provider's payments, with what each was for; `list` binds its parameters from $2. */
export function listPayments(q: Queryable, spId: string, list: ListQuery) {
  return jsonPage(
    q,
    PAYMENTS,
    PAYMENT_ROW,
    ['p.service_provider_id = $1', ...list.where],
    [spId, ...list.params],
    { ...list, orderBy: `${list.orderBy}, p.id DESC` },
  );
}

/** Claims an event id; false when it was handled before (or is being handled by a concurrent delivery). */
export async function claimEvent(q: Queryable, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO payment_events (event_id, type, received_on) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
    [id, type, now],
  );
  return rows.length === 1;
}

export async function markEventProcessed(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE payment_events SET processed_on = $2 WHERE event_id = $1', [id, now]);
}
