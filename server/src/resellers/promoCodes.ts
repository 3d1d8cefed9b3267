// New promo codes (docs/api.md "Promo codes"): 8 characters drawn with crypto.randomInt from the
// alphabet of contract/resellers.ts, unique by the resellers table's index; a collision draws again.
import { randomInt } from 'node:crypto';
import { PROMO_CODE_ALPHABET, PROMO_CODE_LENGTH } from '../../../contract/resellers';
import { PG_ERRORS, pgConstraint, pgErrorCode } from '../db/errors';

/** The unique index of resellers.url_token (001_accounts.sql). */
export const PROMO_CODE_CONSTRAINT = 'resellers_url_token_key';

/** Draws before giving up: with 6.6 × 10^11 codes, a second draw is already rare. */
export const PROMO_CODE_ATTEMPTS = 5;

/** A code nobody can guess from the others: each character drawn uniformly (randomInt has no modulo bias). */
export function newPromoCode(): string {
  let code = '';
  for (let i = 0; i < PROMO_CODE_LENGTH; i++)
    code += PROMO_CODE_ALPHABET[randomInt(PROMO_CODE_ALPHABET.length)];
  return code;
}

/**
 * Runs `attempt` with a new code, again with another when the code is already a reseller's (the unique index
 * decides, so two writers at once cannot share one). `attempt` must be a whole transaction: a violation ends it.
 */
export async function withFreshPromoCode<T>(
  attempt: (code: string) => Promise<T>,
  generate: () => string = newPromoCode,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(generate());
    } catch (e) {
      const taken = pgErrorCode(e) === PG_ERRORS.uniqueViolation && pgConstraint(e) === PROMO_CODE_CONSTRAINT;
      if (!taken || tries >= PROMO_CODE_ATTEMPTS) throw e;
    }
  }
}
