// contract/cards.ts: the card types, formatting and validation rules (docs/screens.md, Auto renewal).
import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  CARD_TYPES,
  addCardSchema,
  cardFormAddSchema,
  cardFormUpdateSchema,
  cardPayloadOf,
  cardTypeOf,
  expandValidatorYear,
  expiryText,
  formatCardNumber,
  formatExpiry,
  isCardExpired,
  isExpiryInFuture,
  isValidCardNumber,
  isValidCvc,
  parseExpiry,
  updateCardSchema,
} from '../../contract/cards';
import { validate } from '../../contract/schemas';

const NOW = new Date(2026, 10, 21, 12, 0, 0); // 21 Nov 2026, local time
const ctx = { context: { now: NOW }, abortEarly: false };

/** Valid (Luhn) numbers of each card type. */
const VALID: Record<string, string> = {
  visa: '4242424242424242',
  visa13: '4222222222222',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  dinersclub: '30569309025904',
  discover: '6011111111111117',
  jcb: '3530111333300000',
  unionpay: '6200000000000005',
  maestro: '6759649826438453',
  dankort: '5019717010103742',
  visaelectron: '4917300800000000',
  forbrugsforeningen: '6007220000000004',
};

async function errorsOf(schema: { validate(v: unknown, o: unknown): Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, ctx);
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('card types', () => {
  it.each([
    ['visa', VALID.visa],
    ['mastercard', VALID.mastercard],
    ['mastercard', '2221000000000009'],
    ['amex', VALID.amex],
    ['dinersclub', VALID.dinersclub],
    ['discover', VALID.discover],
    ['jcb', VALID.jcb],
    ['unionpay', VALID.unionpay],
    ['maestro', VALID.maestro],
    ['dankort', VALID.dankort],
    ['visaelectron', VALID.visaelectron],
    ['forbrugsforeningen', VALID.forbrugsforeningen],
  ])('recognises %s from %s', (type, number) => {
    expect(cardTypeOf(number)?.type).toBe(type);
  });

  it('has the lengths of each card type', () => {
    const lengths = Object.fromEntries(CARD_TYPES.map((t) => [t.type, t.lengths]));
    expect(lengths).toEqual({
      visa: [13, 16],
      mastercard: [16],
      amex: [15],
      dinersclub: [14],
      discover: [16],
      jcb: [16],
      maestro: [12, 13, 14, 15, 16, 17, 18, 19],
      unionpay: [16, 17, 18, 19],
      dankort: [16],
      forbrugsforeningen: [16],
      visaelectron: [16],
    });
    expect(CARD_TYPES.find((t) => t.type === 'amex')?.cvcLengths).toEqual([3, 4]);
    for (const t of CARD_TYPES.filter((x) => x.type !== 'amex')) expect(t.cvcLengths).toEqual([3]);
    expect(CARD_TYPES.filter((t) => !t.luhn).map((t) => t.type)).toEqual(['unionpay']);
  });

  it('knows no type for an unknown prefix or an empty value', () => {
    expect(cardTypeOf('9999')).toBeUndefined();
    expect(cardTypeOf('')).toBeUndefined();
  });
});

describe('formatCardNumber', () => {
  it('groups by four for most types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });
  it('groups amex 4-6-5 and diners 4-6-4', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('30569309025904')).toBe('3056 930902 5904');
  });
  it('drops non-digits and truncates to the longest length of the type', () => {
    expect(formatCardNumber('4242-4242 4242 4242 9999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(formatCardNumber('62000000000000000000000')).toBe('6200 0000 0000 0000 000');
  });
  it('keeps an unknown number to 19 digits in groups of four', () => {
    expect(formatCardNumber('99999999999999999999')).toBe('9999 9999 9999 9999 999');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1', '1'],
    ['0', '0'],
    ['2', '02 / '],
    ['9', '09 / '],
    ['12', '12 / '],
    ['12 / 2', '12 / 2'],
    ['1228', '12 / 28'],
    ['12/2030', '12 / 2030'],
    ['12 /', '1'],
    ['1/', '1 / '],
    ['', ''],
    ['ab', ''],
  ])('%j -> %j', (input, output) => {
    expect(formatExpiry(input)).toBe(output);
  });
});

describe('parseExpiry (current century for two-digit years)', () => {
  it('reads MM / YYYY', () => {
    expect(parseExpiry('04 / 2030', NOW)).toEqual({ month: 4, year: 2030 });
  });
  it('expands MM / YY with the current century', () => {
    expect(parseExpiry('04 / 30', NOW)).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('04 / 99', NOW)).toEqual({ month: 4, year: 2099 });
  });
  it('gives NaN parts for what it cannot read', () => {
    const { month, year } = parseExpiry('xx', NOW);
    expect(Number.isNaN(month)).toBe(true);
    expect(Number.isNaN(year)).toBe(true);
  });
});

describe('expiry validator (70+ -> 19xx, below 70 -> 20xx)', () => {
  it('expands two-digit years', () => {
    expect(expandValidatorYear('69')).toBe(2069);
    expect(expandValidatorYear('70')).toBe(1970);
    expect(expandValidatorYear(2030)).toBe(2030);
  });
  it('counts the expiry month itself as valid', () => {
    expect(isExpiryInFuture(11, 2026, NOW)).toBe(true);
    expect(isExpiryInFuture(10, 2026, NOW)).toBe(false);
    expect(isExpiryInFuture(1, 2027, NOW)).toBe(true);
    expect(isExpiryInFuture('12', '69', NOW)).toBe(true);
    expect(isExpiryInFuture('12', '70', NOW)).toBe(false);
  });
  it('refuses impossible months and non-numbers', () => {
    expect(isExpiryInFuture(13, 2030, NOW)).toBe(false);
    expect(isExpiryInFuture(0, 2030, NOW)).toBe(false);
    expect(isExpiryInFuture('a', 2030, NOW)).toBe(false);
  });
  it('isCardExpired is the opposite, on the last day of the month too', () => {
    expect(isCardExpired(11, 2026, NOW)).toBe(false);
    expect(isCardExpired(11, 2026, new Date(2026, 10, 30, 23, 59))).toBe(false);
    expect(isCardExpired(11, 2026, new Date(2026, 11, 1, 0, 0))).toBe(true);
    expect(isCardExpired(10, 2026, NOW)).toBe(true);
  });
});

describe('isValidCardNumber', () => {
  it.each(Object.entries(VALID))('accepts %s', (_, number) => {
    expect(isValidCardNumber(number)).toBe(true);
  });
  it('accepts spaces as typed in the form', () => {
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
  });
  it('refuses a failed Luhn check', () => {
    expect(isValidCardNumber('4242424242424241')).toBe(false);
  });
  it('does not run Luhn on unionpay', () => {
    expect(isValidCardNumber('6200000000000001')).toBe(true);
  });
  it('refuses a length the type does not have', () => {
    expect(isValidCardNumber('42424242424242')).toBe(false); // visa 14
    expect(isValidCardNumber('555555555555444')).toBe(false); // mastercard 15
    expect(isValidCardNumber('620000000000005')).toBe(false); // unionpay 15
  });
  it('refuses unknown types, letters and empty values', () => {
    expect(isValidCardNumber('9999999999999999')).toBe(false);
    expect(isValidCardNumber('4242abcd42424242')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });
});

describe('isValidCvc', () => {
  it('wants 3 digits for most types and 3 or 4 for amex', () => {
    expect(isValidCvc('123', VALID.visa)).toBe(true);
    expect(isValidCvc('1234', VALID.visa)).toBe(false);
    expect(isValidCvc('12', VALID.visa)).toBe(false);
    expect(isValidCvc('123', VALID.amex)).toBe(true);
    expect(isValidCvc('1234', VALID.amex)).toBe(true);
    expect(isValidCvc('12345', VALID.amex)).toBe(false);
    expect(isValidCvc('12a', VALID.visa)).toBe(false);
  });
  it('takes 3 or 4 digits when the card type is unknown', () => {
    expect(isValidCvc('123')).toBe(true);
    expect(isValidCvc('1234')).toBe(true);
    expect(isValidCvc('12')).toBe(false);
  });
});

const ADDRESS = { billing_address: '1 Main Street', state: 'IL', city: 'Springfield', zip_code: '62701' };
const FORM = { number: '4242 4242 4242 4242', cvc: '123', exp_date: '12 / 2030', ...ADDRESS };

describe('cardFormAddSchema', () => {
  it('accepts a valid card form', async () => {
    expect(await errorsOf(cardFormAddSchema, FORM)).toEqual({});
  });
  it("says 'required field' for every empty field", async () => {
    const empty = {
      number: '',
      cvc: '',
      exp_date: '',
      billing_address: '',
      state: '',
      city: '',
      zip_code: '',
    };
    expect(await errorsOf(cardFormAddSchema, empty)).toEqual({
      number: 'required field',
      cvc: 'required field',
      exp_date: 'required field',
      billing_address: 'required field',
      state: 'required field',
      city: 'required field',
      zip_code: 'required field',
    });
  });
  it("says 'credit card number is invalid' for a bad number", async () => {
    expect((await errorsOf(cardFormAddSchema, { ...FORM, number: '4242 4242 4242 4241' })).number).toBe(
      CARD_MESSAGES.number,
    );
    expect(CARD_MESSAGES.number).toBe('credit card number is invalid');
  });
  it("says 'must be a date after now' for a past or impossible expiry", async () => {
    expect((await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '10 / 2026' })).exp_date).toBe(
      'must be a date after now',
    );
    expect((await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '13 / 2030' })).exp_date).toBe(
      'must be a date after now',
    );
  });
  it('accepts the current month and a two-digit year of this century', async () => {
    expect(await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '11 / 2026' })).toEqual({});
    expect(await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '11 / 26' })).toEqual({});
    expect(await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '12 / 69' })).toEqual({});
  });
  it("reads '12/99' as the validator does, December 1999, and refuses it like the server", async () => {
    expect((await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '12 / 99' })).exp_date).toBe(
      'must be a date after now',
    );
    expect((await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '12/99' })).exp_date).toBe(
      'must be a date after now',
    );
    expect((await errorsOf(cardFormUpdateSchema, { ...ADDRESS, exp_date: '12 / 70' })).exp_date).toBe(
      'must be a date after now',
    );
    const payload = { number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 99, ...ADDRESS };
    expect((await errorsOf(addCardSchema, payload)).exp_year).toBe('must be a date after now');
    expect((await errorsOf(cardFormAddSchema, { ...FORM, exp_date: '12 / 2099' })).exp_date).toBeUndefined();
  });
  it("says 'cvc is invalid' by card type", async () => {
    expect((await errorsOf(cardFormAddSchema, { ...FORM, cvc: '1234' })).cvc).toBe('cvc is invalid');
    expect(await errorsOf(cardFormAddSchema, { ...FORM, number: '3782 822463 10005', cvc: '1234' })).toEqual(
      {},
    );
  });
  it('wants a numeric zip code', async () => {
    expect((await errorsOf(cardFormAddSchema, { ...FORM, zip_code: '62a01' })).zip_code).toBe(
      'zip code is not valid.',
    );
  });
});

describe('cardFormUpdateSchema', () => {
  it('does not check number and cvc', async () => {
    expect(await errorsOf(cardFormUpdateSchema, { ...FORM, number: '', cvc: '' })).toEqual({});
    expect(await errorsOf(cardFormUpdateSchema, { exp_date: '12 / 2030', ...ADDRESS })).toEqual({});
  });
  it('checks the expiry and the address like the add form', async () => {
    expect(await errorsOf(cardFormUpdateSchema, { exp_date: '01 / 2020', ...ADDRESS, city: '' })).toEqual({
      exp_date: 'must be a date after now',
      city: 'required field',
    });
  });
});

const PAYLOAD = { number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 2030, ...ADDRESS };

describe('addCardSchema (POST payload)', () => {
  it('accepts a valid payload', async () => {
    expect(await errorsOf(addCardSchema, PAYLOAD)).toEqual({});
  });
  it('wants the number without spaces', async () => {
    expect((await errorsOf(addCardSchema, { ...PAYLOAD, number: '4242 4242 4242 4242' })).number).toBe(
      CARD_MESSAGES.number,
    );
  });
  it('applies the same messages as the form', async () => {
    expect(
      await errorsOf(addCardSchema, {
        ...PAYLOAD,
        number: '4242424242424241',
        cvc: '12',
        exp_year: 2025,
        city: '',
      }),
    ).toEqual({
      number: 'credit card number is invalid',
      cvc: 'cvc is invalid',
      exp_year: 'must be a date after now',
      city: 'required field',
    });
  });
  it('refuses a month outside 1-12 and missing numbers', async () => {
    expect((await errorsOf(addCardSchema, { ...PAYLOAD, exp_month: 13 })).exp_month).toBe(
      'must be a date after now',
    );
    const missing = await errorsOf(addCardSchema, { ...ADDRESS });
    expect(missing).toMatchObject({
      number: 'required field',
      cvc: 'required field',
      exp_month: 'required field',
      exp_year: 'required field',
    });
  });
  it('refuses unknown fields', async () => {
    await expect(validate(addCardSchema, { ...PAYLOAD, extra: 1 })).rejects.toThrow('Unknown field: extra');
  });
});

describe('updateCardSchema (PATCH payload)', () => {
  it('takes no number or cvc', async () => {
    const { number: _n, cvc: _c, ...update } = PAYLOAD;
    expect(await errorsOf(updateCardSchema, update)).toEqual({});
    await expect(validate(updateCardSchema, PAYLOAD)).rejects.toThrow(/Unknown field: (number|cvc)/);
  });
  it('checks the expiry with the two-digit year rule of the validator', async () => {
    const { number: _n, cvc: _c, ...update } = PAYLOAD;
    expect(await errorsOf(updateCardSchema, { ...update, exp_year: 30 })).toEqual({});
    expect((await errorsOf(updateCardSchema, { ...update, exp_year: 75 })).exp_year).toBe(
      'must be a date after now',
    );
  });
});

describe('cardPayloadOf', () => {
  it('builds the add payload: number without spaces, cvc, numeric expiry', () => {
    expect(cardPayloadOf(FORM, 'add', NOW)).toEqual(PAYLOAD);
  });
  it('builds the update payload without number and cvc', () => {
    expect(cardPayloadOf({ ...FORM, exp_date: '03 / 29' }, 'update', NOW)).toEqual({
      exp_month: 3,
      exp_year: 2029,
      ...ADDRESS,
    });
  });
  it('shows a saved expiry as MM / YYYY', () => {
    expect(expiryText(3, 2029)).toBe('03 / 2029');
  });
});
