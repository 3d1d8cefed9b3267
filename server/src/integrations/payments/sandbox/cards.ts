// Test card rules of the sandbox, modelled on the card numbers payment providers publish for testing.
import {
  CARD_MESSAGES,
  cardNumberDigits,
  cardTypeOf,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
} from '../../../../../contract/cards';

/** Always paid. */
export const SANDBOX_CARD_OK = '4242424242424242';
/** Always declined: at the checkout and when saving it. */
export const SANDBOX_CARD_DECLINED = '4000000000000002';
/** Saved fine, then every charge on it fails (renewal failures). */
export const SANDBOX_CARD_CHARGE_FAILS = '4000000000000341';

export const DECLINED_MESSAGE = 'Your card was declined.';
export const EXPIRED_MESSAGE = 'Your card has expired.';

/** Digits only: spaces and dashes as people type them are dropped. */
export const normalizeCardNumber = cardNumberDigits;

export const cardBrand = (digits: string): string => cardTypeOf(digits)?.type ?? 'unknown';

/** A card is valid through the last day of its expiry month (the rule of contract/cards.ts). */
export const cardExpired = (expMonth: number, expYear: number, now: Date): boolean =>
  isCardExpired(expMonth, expYear, now);

export type CardCheck = { ok: true; digits: string } | { ok: false; field: string; message: string };

/** The card form's own rules (contract/cards.ts), applied to the sandbox checkout page's fields. */
export function checkRawCard(
  card: { number: string; cvc: string; exp_month: number; exp_year: number },
  now: Date,
): CardCheck {
  if (!isValidCardNumber(card.number)) return { ok: false, field: 'number', message: CARD_MESSAGES.number };
  if (!isValidCvc(card.cvc, card.number)) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvc };
  const { exp_month: m, exp_year: y } = card;
  if (!Number.isInteger(m) || !Number.isInteger(y) || y > 2200 || isCardExpired(m, y, now)) {
    return { ok: false, field: 'exp_date', message: CARD_MESSAGES.expiry };
  }
  return { ok: true, digits: normalizeCardNumber(card.number) };
}
