// Renewal charges of the sandbox: the newest saved card decides the outcome, recorded once per idempotency key.
import type { Queryable } from '../../../db';
import type { PaymentGateway, RenewalResult } from '../gateway';
import { DECLINED_MESSAGE, EXPIRED_MESSAGE, cardExpired } from './cards';
import { newId } from './ids';
import { cardsOf, type SandboxTables } from './savedCards';

interface ChargeRow {
  status: 'paid' | 'failed';
  transaction_id: string | null;
  reason: string | null;
}

const chargesOf = (db: Queryable, idempotencyKey: string) =>
  db.query<ChargeRow>(
    'SELECT status, transaction_id, reason FROM sandbox_charges WHERE idempotency_key = $1',
    [idempotencyKey],
  );

export async function chargeRenewal(
  { db, now }: SandboxTables,
  { customerRef, amount, idempotencyKey }: Parameters<PaymentGateway['chargeRenewal']>[0],
): Promise<RenewalResult> {
  const done = await chargesOf(db, idempotencyKey);
  if (!done.length) {
    const [card] = await cardsOf(db, customerRef);
    let status: 'paid' | 'failed' = 'paid';
    let reason: string | null = null;
    if (!card) [status, reason] = ['failed', 'No card on file.'];
    else if (cardExpired(card.exp_month, card.exp_year, now()))
      [status, reason] = ['failed', EXPIRED_MESSAGE];
    else if (card.behaviour === 'declines') [status, reason] = ['failed', DECLINED_MESSAGE];
    await db.query(
      `INSERT INTO sandbox_charges (idempotency_key, customer, amount, status, transaction_id, reason)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
      [idempotencyKey, customerRef, amount, status, status === 'paid' ? newId('ch_sb_') : null, reason],
    );
    // A concurrent charge with the same key may have won the insert: its outcome is the one to answer.
    done.push(...(await chargesOf(db, idempotencyKey)));
  }
  const c = done[0];
  return c.status === 'paid'
    ? { status: 'paid', transactionId: c.transaction_id as string }
    : { status: 'failed', reason: c.reason ?? DECLINED_MESSAGE };
}
