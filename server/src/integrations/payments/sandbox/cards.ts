// Test card rules of the sandbox, modelled on the card numbers payment providers publish for testing.

/** Always paid. */
export const SANDBOX_CARD_OK = '4242424242424242';
/** Always declined: at the checkout and when saving it. */
export const SANDBOX_CARD_DECLINED = '4000000000000002';
/** Saved fine, then every charge on it fails (renewal failures). */
export const SANDBOX_CARD_CHARGE_FAILS = '4000000000000341';

export const DECLINED_MESSAGE = 'Your card was declined.';
export const EXPIRED_MESSAGE = 'Your card has expired.';

/** Digits only: spaces and dashes as people type them are dropped. */
export const normalizeCardNumber = (raw: string) => raw.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expYear < y || (expYear === y && expMonth < m);
}

export type CardCheck = { ok: true; digits: string } | { ok: false; field: string; message: string };

/** The checks every card form gets: number (Luhn), expiry in the future, 3 or 4 digit CVC. */
export function checkRawCard(
  card: { number: string; cvc: string; exp_month: number; exp_year: number },
  now: Date,
): CardCheck {
  const digits = normalizeCardNumber(card.number);
  if (!luhnValid(digits)) return { ok: false, field: 'number', message: 'credit card number is invalid' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, field: 'cvc', message: 'cvc is invalid' };
  const { exp_month: m, exp_year: y } = card;
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y) || y > 2200 || cardExpired(m, y, now)) {
    return { ok: false, field: 'exp_date', message: 'must be a date after now' };
  }
  return { ok: true, digits };
}
