// Payment card rules (docs/screens.md, Auto renewal): the card types, the input formatting of the card form
// and the validation of the card form and of the add/update card payloads, written once for the web app and
// the server.
import * as yup from 'yup';
// card-validator's own Luhn check; its type table differs from the portal's (no dankort, visa 13...), so the
// card types below are ours.
import luhn10 from 'card-validator/dist/luhn-10.js';
import { LIMITS } from './constants';
import { SAFE_TEXT_RE } from './schemas';

export const CARD_MESSAGES = {
  required: 'required field',
  number: 'credit card number is invalid',
  expiry: 'must be a date after now',
  cvc: 'cvc is invalid',
} as const;

export interface CardType {
  type: string;
  /** Leading digits (prefixes) of the numbers of this type. */
  patterns: number[];
  /** Digit groups shown with spaces between them. */
  groups: number[];
  lengths: number[];
  cvcLengths: number[];
  luhn: boolean;
}

const FOURS = [4, 4, 4, 4, 4];

/**
 * The card types the portal takes. Order matters: the first type whose prefix matches wins, so the narrower
 * prefixes (visa electron before visa, forbrugsforeningen before discover) come first.
 */
export const CARD_TYPES: readonly CardType[] = [
  {
    type: 'visaelectron',
    patterns: [4026, 417500, 4405, 4508, 4844, 4913, 4917],
    groups: FOURS,
    lengths: [16],
    cvcLengths: [3],
    luhn: true,
  },
  {
    type: 'maestro',
    patterns: [5018, 502, 503, 506, 56, 58, 639, 6220, 67],
    groups: FOURS,
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    cvcLengths: [3],
    luhn: true,
  },
  { type: 'forbrugsforeningen', patterns: [600], groups: FOURS, lengths: [16], cvcLengths: [3], luhn: true },
  { type: 'dankort', patterns: [5019], groups: FOURS, lengths: [16], cvcLengths: [3], luhn: true },
  { type: 'visa', patterns: [4], groups: FOURS, lengths: [13, 16], cvcLengths: [3], luhn: true },
  {
    type: 'mastercard',
    patterns: [51, 52, 53, 54, 55, 22, 23, 24, 25, 26, 27],
    groups: FOURS,
    lengths: [16],
    cvcLengths: [3],
    luhn: true,
  },
  { type: 'amex', patterns: [34, 37], groups: [4, 6, 5], lengths: [15], cvcLengths: [3, 4], luhn: true },
  {
    type: 'dinersclub',
    patterns: [30, 36, 38, 39],
    groups: [4, 6, 4],
    lengths: [14],
    cvcLengths: [3],
    luhn: true,
  },
  {
    type: 'discover',
    patterns: [60, 64, 65, 622],
    groups: FOURS,
    lengths: [16],
    cvcLengths: [3],
    luhn: true,
  },
  {
    type: 'unionpay',
    patterns: [62, 88],
    groups: FOURS,
    lengths: [16, 17, 18, 19],
    cvcLengths: [3],
    luhn: false,
  },
  { type: 'jcb', patterns: [35], groups: FOURS, lengths: [16], cvcLengths: [3], luhn: true },
];

/** The longest number of any type: what an unrecognised number is cut to while typing. */
export const CARD_NUMBER_MAX_DIGITS = 19;

const digitsOf = (value: unknown): string => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

export function cardTypeOf(value: string): CardType | undefined {
  const digits = digitsOf(value);
  if (!digits) return undefined;
  return CARD_TYPES.find((t) => t.patterns.some((p) => digits.startsWith(String(p))));
}

/** Digits grouped with spaces by card type, cut to the longest length of that type. */
export function formatCardNumber(value: string): string {
  const card = cardTypeOf(value);
  const max = card ? Math.max(...card.lengths) : CARD_NUMBER_MAX_DIGITS;
  let digits = digitsOf(value).slice(0, max);
  const groups: string[] = [];
  for (const size of card?.groups ?? FOURS) {
    if (!digits) break;
    groups.push(digits.slice(0, size));
    digits = digits.slice(size);
  }
  if (digits) groups.push(digits);
  return groups.join(' ');
}

/** The number as the API takes it: digits only. */
export const cardNumberDigits = (value: string): string => digitsOf(value);

/**
 * 'MM / YY(YY)' while typing: ' / ' is inserted once the month is complete, a single month digit above 1
 * becomes 0N, and deleting back over the separator removes it with the month's last digit.
 */
export function formatExpiry(value: string): string {
  const parts = /^\D*(\d{1,2})(\D+)?(\d{1,4})?/.exec(value ?? '');
  if (!parts) return '';
  let month = parts[1] ?? '';
  let sep = parts[2] ?? '';
  const year = parts[3] ?? '';
  if (year.length > 0) sep = ' / ';
  else if (sep === ' /') {
    month = month.slice(0, 1);
    sep = '';
  } else if (month.length === 2 || sep.length > 0) sep = ' / ';
  else if (month.length === 1 && month !== '0' && month !== '1') {
    month = `0${month}`;
    sep = ' / ';
  }
  return month + sep + year;
}

/** The month and year of 'MM / YY(YY)' as typed: the year not expanded yet. */
function expiryParts(value: string): { month: string; year: string } {
  const [month = '', year = ''] = (value ?? '').trim().split(/[\s/]+/, 2);
  return { month, year };
}

/** 'MM / YYYY' (or 'MM / YY', expanded with the current century) → month and year; NaN parts when unreadable. */
export function parseExpiry(value: string, now: Date = new Date()): { month: number; year: number } {
  const { month: m, year: y } = expiryParts(value);
  let year = y;
  if (year.length === 2 && /^\d+$/.test(year)) year = String(now.getFullYear()).slice(0, 2) + year;
  const month = /^\d+$/.test(m) ? parseInt(m, 10) : NaN;
  return { month, year: /^\d+$/.test(year) ? parseInt(year, 10) : NaN };
}

/** The validator's expansion of a two-digit year: 70 and above is 19xx, below 70 is 20xx. */
export function expandValidatorYear(year: number | string): number {
  const text = String(year).trim();
  if (text.length === 2 && /^\d+$/.test(text))
    return parseInt(Number(text) < 70 ? `20${text}` : `19${text}`, 10);
  return Number(text);
}

/** True when month/year is a real month that has not ended yet: the expiry month itself counts as valid. */
export function isExpiryInFuture(
  month: number | string,
  year: number | string,
  now: Date = new Date(),
): boolean {
  const m = String(month).trim();
  const y = String(year).trim();
  if (!/^\d+$/.test(m) || !/^\d+$/.test(y)) return false;
  const mm = Number(m);
  if (mm < 1 || mm > 12) return false;
  // the first day of the following month, local time, as the card networks count it
  const endOfExpiryMonth = new Date(expandValidatorYear(y), mm, 1);
  return endOfExpiryMonth > now;
}

/** A saved card is expired once its expiry month is over. */
export function isCardExpired(exp_month: number, exp_year: number, now: Date = new Date()): boolean {
  return !isExpiryInFuture(exp_month, exp_year, now);
}

export function isValidCardNumber(value: string): boolean {
  if (typeof value !== 'string' || !/^[\d\s-]+$/.test(value)) return false;
  const digits = digitsOf(value);
  const card = cardTypeOf(digits);
  if (!card || !card.lengths.includes(digits.length)) return false;
  return !card.luhn || luhn10(digits);
}

/** 3 digits, or 3 or 4 for amex; without a (recognised) number, 3 or 4. */
export function isValidCvc(cvc: string, number?: string): boolean {
  const text = typeof cvc === 'string' ? cvc.trim() : '';
  if (!/^\d+$/.test(text)) return false;
  const card = number ? cardTypeOf(number) : undefined;
  return (card ? card.cvcLengths : [3, 4]).includes(text.length);
}

/** Schemas read "now" from the validation context (tests pin it); the clock otherwise. */
function nowOf(ctx: yup.TestContext): Date {
  const now = (ctx.options.context as { now?: Date } | undefined)?.now;
  return now instanceof Date ? now : new Date();
}

// the one set of field rules, shared by the form shape and the payload shape

const requiredText = (label: string, max: number = LIMITS.textMax) =>
  yup
    .string()
    .trim()
    .required(CARD_MESSAGES.required)
    .max(max, `${label} must be at most ${max} characters`)
    .matches(SAFE_TEXT_RE, { message: `${label} is not valid.`, excludeEmptyString: true });

const addressFields = {
  billing_address: requiredText('billing address', 200),
  state: requiredText('state'),
  city: requiredText('city'),
  zip_code: yup
    .string()
    .trim()
    .required(CARD_MESSAGES.required)
    .matches(/^\d{1,10}$/, { message: 'zip code is not valid.', excludeEmptyString: true }),
};

const numberRule = yup
  .string()
  .trim()
  .required(CARD_MESSAGES.required)
  .test('card-number', CARD_MESSAGES.number, (v) => !v || isValidCardNumber(v));

const cvcRule = yup
  .string()
  .trim()
  .required(CARD_MESSAGES.required)
  .test('cvc', CARD_MESSAGES.cvc, function (v) {
    return !v || isValidCvc(v, (this.parent as { number?: string }).number);
  });

const expDateRule = yup
  .string()
  .trim()
  .required(CARD_MESSAGES.required)
  .test('expiry', CARD_MESSAGES.expiry, function (v) {
    if (!v) return true;
    // the validator reads a two-digit year its own way (70 and above is 19xx), not as the parser
    // does (current century): '12 / 99' is December 1999, refused, as the server refuses exp_year 99.
    const { month, year } = expiryParts(v);
    return isExpiryInFuture(month, year, nowOf(this));
  });

const expMonthRule = yup
  .number()
  .typeError(CARD_MESSAGES.required)
  .required(CARD_MESSAGES.required)
  .integer(CARD_MESSAGES.expiry)
  .min(1, CARD_MESSAGES.expiry)
  .max(12, CARD_MESSAGES.expiry);

const expYearRule = yup
  .number()
  .typeError(CARD_MESSAGES.required)
  .required(CARD_MESSAGES.required)
  .integer(CARD_MESSAGES.expiry)
  .test('expiry', CARD_MESSAGES.expiry, function (v) {
    const month = (this.parent as { exp_month?: unknown }).exp_month;
    if (v === undefined || typeof month !== 'number' || Number.isNaN(month)) return true;
    return isExpiryInFuture(month, v, nowOf(this));
  });

const unknownField = 'Unknown field: ${unknown}';

/** The card form when adding a card: every field checked. */
export const cardFormAddSchema = yup.object({
  number: numberRule,
  exp_date: expDateRule,
  cvc: cvcRule,
  ...addressFields,
});

/** The card form when updating the saved card: number and cvc are not asked for. */
export const cardFormUpdateSchema = yup.object({
  exp_date: expDateRule,
  ...addressFields,
});

/** POST /api/payment/payment_card. */
export const addCardSchema = yup
  .object({
    number: numberRule.matches(/^\d+$/, CARD_MESSAGES.number),
    cvc: cvcRule,
    exp_month: expMonthRule,
    exp_year: expYearRule,
    ...addressFields,
  })
  .noUnknown(true, unknownField);

/** A payment method made by Stripe Elements in the browser (PAYMENTS=stripe): the card itself never reaches us. */
export const PAYMENT_METHOD_ID_RE = /^pm_[A-Za-z0-9]+$/;
export const PAYMENT_METHOD_MESSAGE = 'payment method is not valid.';

/** POST /api/payment/payment_card when payments are Stripe: the payment method instead of number, cvc and expiry. */
export const addCardStripeSchema = yup
  .object({
    payment_method_id: yup
      .string()
      .trim()
      .required(CARD_MESSAGES.required)
      .matches(PAYMENT_METHOD_ID_RE, { message: PAYMENT_METHOD_MESSAGE, excludeEmptyString: true }),
    ...addressFields,
  })
  .noUnknown(true, unknownField);

/** PATCH /api/payment/payment_card/{id}. */
export const updateCardSchema = yup
  .object({
    exp_month: expMonthRule,
    exp_year: expYearRule,
    ...addressFields,
  })
  .noUnknown(true, unknownField);

export type CardFormValues = {
  number: string;
  cvc: string;
  exp_date: string;
  billing_address: string;
  state: string;
  city: string;
  zip_code: string;
};
export type AddCardPayload = yup.InferType<typeof addCardSchema>;
export type UpdateCardPayload = yup.InferType<typeof updateCardSchema>;
export type AddCardStripePayload = yup.InferType<typeof addCardStripeSchema>;

/** The card form → the API payload: the number without spaces and the cvc only when adding. */
export function cardPayloadOf(values: CardFormValues, mode: 'add', now?: Date): AddCardPayload;
export function cardPayloadOf(values: CardFormValues, mode: 'update', now?: Date): UpdateCardPayload;
export function cardPayloadOf(
  values: CardFormValues,
  mode: 'add' | 'update',
  now: Date = new Date(),
): AddCardPayload | UpdateCardPayload {
  const { month, year } = parseExpiry(values.exp_date, now);
  const base: UpdateCardPayload = {
    exp_month: month,
    exp_year: year,
    billing_address: values.billing_address.trim(),
    state: values.state.trim(),
    city: values.city.trim(),
    zip_code: values.zip_code.trim(),
  };
  if (mode === 'update') return base;
  return { ...base, number: cardNumberDigits(values.number), cvc: values.cvc.trim() };
}

/** 'MM / YYYY' of a saved card, as the form shows it. */
export const expiryText = (exp_month: number, exp_year: number): string =>
  `${String(exp_month).padStart(2, '0')} / ${exp_year}`;
