// The sandbox's saved cards, in our own payment_cards table.
import { ValidationFailure } from '../../../../../contract/schemas';
import type { Queryable } from '../../../db';
import {
  PaymentDeclined,
  type BillingAddress,
  type NewCard,
  type PaymentGateway,
  type SavedCard,
} from '../gateway';
import {
  DECLINED_MESSAGE,
  SANDBOX_CARD_CHARGE_FAILS,
  SANDBOX_CARD_DECLINED,
  cardBrand,
  cardExpired,
  checkRawCard,
} from './cards';
import { newId } from './ids';

/** What the sandbox's tables need: the database and the clock of the app. */
export interface SandboxTables {
  db: Queryable;
  now: () => Date;
}

export interface CardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  line1: string;
  state: string;
  city: string;
  postal_code: string;
  behaviour: 'succeeds' | 'declines';
  created: Date;
}

const toSaved = (r: CardRow): SavedCard => ({
  id: r.id,
  created: Math.floor(new Date(r.created).getTime() / 1000),
  card: { brand: r.brand, last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year },
  billing_details: { address: { line1: r.line1, state: r.state, city: r.city, postal_code: r.postal_code } },
});

const CARD_COLUMNS =
  'id, brand, last4, exp_month, exp_year, line1, state, city, postal_code, behaviour, created';

/** A card the sandbox refuses to save: a 400 with the message on its field, as the card form shows it. */
const invalidCard = (field: string, message: string) => new ValidationFailure(message, { [field]: message });

/** A customer's cards, the newest first (the one renewals charge). */
export async function cardsOf(db: Queryable, customerRef: string): Promise<CardRow[]> {
  return db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM payment_cards WHERE customer = $1 ORDER BY created DESC, id DESC`,
    [customerRef],
  );
}

export async function listCards(db: Queryable, customerRef: string): Promise<SavedCard[]> {
  return (await cardsOf(db, customerRef)).map(toSaved);
}

export async function addCard(
  { db, now }: SandboxTables,
  customerRef: string,
  card: NewCard,
  billing: BillingAddress,
): Promise<SavedCard> {
  if (card.kind !== 'raw') throw invalidCard('number', 'The sandbox takes card numbers only');
  const check = checkRawCard(card, now());
  if (!check.ok) throw invalidCard(check.field, check.message);
  if (check.digits === SANDBOX_CARD_DECLINED) throw new PaymentDeclined(DECLINED_MESSAGE);
  // Only what a provider shows is kept: brand, last four digits, expiry. Never the number or the CVC.
  // The same card saved again (the same brand, last four and expiry) is not a second card: the one kept takes
  // the new billing address and becomes the current card again.
  const rows = await db.query<CardRow>(
    `INSERT INTO payment_cards (id, customer, brand, last4, exp_month, exp_year, line1, state, city, postal_code,
       behaviour, created)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (customer, brand, last4, exp_month, exp_year) DO UPDATE SET
       line1 = excluded.line1, state = excluded.state, city = excluded.city, postal_code = excluded.postal_code,
       created = GREATEST(payment_cards.created, excluded.created)
     RETURNING ${CARD_COLUMNS}`,
    [
      newId('card_sb_'),
      customerRef,
      cardBrand(check.digits),
      check.digits.slice(-4),
      card.exp_month,
      card.exp_year,
      billing.line1,
      billing.state,
      billing.city,
      billing.postal_code,
      check.digits === SANDBOX_CARD_CHARGE_FAILS ? 'declines' : 'succeeds',
      // Strictly increasing per customer, so "the newest card" is never a tie.
      new Date(Math.max(now().getTime(), Date.now())),
    ],
  );
  return toSaved(rows[0]);
}

export async function updateCard(
  { db, now }: SandboxTables,
  customerRef: string,
  cardId: string,
  update: Parameters<PaymentGateway['updateCard']>[2],
): Promise<SavedCard> {
  if (cardExpired(update.exp_month, update.exp_year, now())) {
    throw invalidCard('exp_date', 'must be a date after now');
  }
  const rows = await db.query<CardRow>(
    `UPDATE payment_cards SET exp_month = $3, exp_year = $4, line1 = $5, state = $6, city = $7, postal_code = $8
     WHERE id = $1 AND customer = $2 RETURNING ${CARD_COLUMNS}`,
    [
      cardId,
      customerRef,
      update.exp_month,
      update.exp_year,
      update.billing.line1,
      update.billing.state,
      update.billing.city,
      update.billing.postal_code,
    ],
  );
  if (!rows.length) throw new ValidationFailure('No such card', { id: 'No such card' });
  return toSaved(rows[0]);
}
