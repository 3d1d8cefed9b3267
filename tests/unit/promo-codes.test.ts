// Promo codes: short, without look-alike characters, typed in any case with spaces or hyphens; the
// longer codes given before keep their exact form.
import { describe, expect, it } from 'vitest';
import {
  PROMO_CODE_ALPHABET,
  RESELLER_CODE_RE,
  formatPromoCode,
  normalizePromoCode,
} from '../../contract/resellers';
import { newPromoCode } from '../../server/src/resellers/promoCodes';

describe('the promo code alphabet', () => {
  it('has no character read like another', () => {
    for (const c of '01OILU') expect(PROMO_CODE_ALPHABET).not.toContain(c);
    expect(new Set(PROMO_CODE_ALPHABET).size).toBe(PROMO_CODE_ALPHABET.length);
    expect(PROMO_CODE_ALPHABET).toHaveLength(30);
  });
});

describe('a new promo code', () => {
  it('is 8 characters of the alphabet, in the shape the resellers table takes, and random', () => {
    const codes = Array.from({ length: 2000 }, () => newPromoCode());
    for (const code of codes) {
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
      expect(RESELLER_CODE_RE.test(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // every character of the alphabet turns up, in every position
    for (let i = 0; i < 8; i++) expect(new Set(codes.map((c) => c[i])).size).toBe(PROMO_CODE_ALPHABET.length);
  });
});

describe('normalizePromoCode', () => {
  it('reads a short code typed in lower case, with spaces or hyphens', () => {
    for (const typed of ['ABCDEFGH', 'abcd-efgh', ' ABCD EFGH ', 'ab-cd-ef-gh', 'aBcD - eFgH'])
      expect(normalizePromoCode(typed), typed).toBe('ABCDEFGH');
  });

  it('leaves an older code exactly as issued, only trimmed', () => {
    for (const old of ['NyZW0Pq2dWDDoSL72YZLdg', 'a-b_cD-e0f1', 'rc0a1b2c3d4e5f', 'abcd-efgh-jk'])
      expect(normalizePromoCode(` ${old} `), old).toBe(old);
  });

  it('does not turn look-alikes into a short code', () => {
    // 0, O, 1, I, L, U are not in the alphabet: the text stays as typed, and no reseller has it
    for (const typed of ['ABCD-EFG0', 'abcd-efgo', 'ABCD-EFG1', 'abcd-efgi', 'abcd-efgl', 'abcd-efgu'])
      expect(normalizePromoCode(typed), typed).toBe(typed);
  });
});

describe('formatPromoCode', () => {
  it('groups a short code by four and shows an older code as it is', () => {
    expect(formatPromoCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(formatPromoCode('NyZW0Pq2dWDDoSL72YZLdg')).toBe('NyZW0Pq2dWDDoSL72YZLdg');
    expect(normalizePromoCode(formatPromoCode('ABCDEFGH'))).toBe('ABCDEFGH');
  });
});
