// How the portal writes each kind of value, on every screen, in the invoice PDF and in every mail (docs/formats.md):
// one locale (en-US), money '$1,000.00', counts '2,000', dates '11/28/2026', times '11/28/2026, 3:46:26 PM',
// US phone numbers '(201) 555-0123'. The browser shows times in its own time zone; the server, which writes for
// readers anywhere, writes them in UTC and says so.

export const LOCALE = 'en-US';

const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat(LOCALE);

/** A finite number from a number or a numeric string (the database's numerics arrive as text); else null. */
function finite(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Dollars: 1000 or '1000' -> '$1,000.00'; empty for anything that is not a number. */
export function moneyText(amount: unknown): string {
  const n = finite(amount);
  return n === null ? '' : money.format(n);
}

/** A count: 2000 -> '2,000'; empty for anything that is not a number. */
export function countText(value: unknown): string {
  const n = finite(value);
  return n === null ? '' : counts.format(n);
}

function dateOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const calendarDate = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC' });

/**
 * The calendar date of a timestamp, in UTC: '2026-12-21T00:00:00Z' -> '12/21/2026'. Periods, validity ends and
 * invoices are whole UTC days, so every reader sees the same date. Empty for no or a bad date.
 */
export function dateText(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? calendarDate.format(date) : '';
}

/** The parts of a date and time as the portal writes them (a key's label adds milliseconds and the offset). */
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};
const localTime = new Intl.DateTimeFormat(LOCALE, DATE_TIME_PARTS);
const utcTime = new Intl.DateTimeFormat(LOCALE, { ...DATE_TIME_PARTS, timeZone: 'UTC' });

/** Date and time: in the reader's time zone on a screen ('12/21/2026, 3:04:00 PM'). Empty for no or a bad date. */
export function dateTimeText(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? localTime.format(date) : '';
}

/** Date and time in UTC, named ('12/21/2026, 3:04:00 PM UTC'): what the server writes into mails and documents. */
export function utcDateTimeText(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? `${utcTime.format(date)} UTC` : '';
}

const US_NUMBER = /^(1?)(\d{3})(\d{3})(\d{4})$/;

/**
 * A telephone number as people read it: a US number of 10 digits (or 11 with the country code 1) as
 * '(201) 555-0123' ('+1 (201) 555-0123' with the 1); anything else as it was given.
 */
export function phoneText(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const digits = text.replace(/[\s().+-]/g, '');
  const match = /^\d+$/.test(digits) ? US_NUMBER.exec(digits) : null;
  if (!match) return text;
  const [, lead, area, prefix, line] = match;
  return `${lead ? '+1 ' : ''}(${area}) ${prefix}-${line}`;
}
