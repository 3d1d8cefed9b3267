// The kinds of list filter, written once: what each accepts, its SQL condition, and the 400 that names the filter
// when its value is not of its kind (`errors: { <filter>: '<filter> must be …' }`), never a query. A spec says
// `filters: { status: oneOf('p.status', STATUSES), q: contains('p.company_name', 'p.email') }`; the filter's name
// is its key there (parseListQuery passes it on).
import { isUuid } from '../../../contract/ids';
import { badRequest } from './errors';
import type { ListFilter } from './list';

/** The longest text a search or a text filter takes; longer is refused, not cut. */
export const MAX_FILTER_TEXT = 100;

/**
 * Where a filter applies: a column (the row matches when it equals the value), or the condition itself, given the
 * placeholder its value is bound to.
 */
export type Condition = string | ((param: string) => string);

/** Refuses a filter value: a 400 naming the filter, its message also under `errors`. */
export function refuse(name: string, message: string): never {
  throw badRequest(message, { [name]: message });
}

const equalsOr = (condition: Condition, cast = '') =>
  typeof condition === 'string' ? (p: string) => `${condition} = ${p}${cast}` : condition;

/** A text of at most MAX_FILTER_TEXT characters, as sent. */
export function textValue(raw: unknown, name: string): string {
  if (typeof raw !== 'string' || raw.length > MAX_FILTER_TEXT) {
    refuse(name, `${name} must be a text of at most ${MAX_FILTER_TEXT} characters`);
  }
  return raw;
}

/** `%text%` for ILIKE: the text trimmed, its wildcards (`%`, `_`) and backslashes taken literally. */
export function containsPattern(raw: unknown, name: string): string {
  return `%${textValue(raw, name)
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search: the text contained, case-insensitive, in any of the columns. */
export const contains = (...columns: string[]): ListFilter => ({
  sql: (p) => `(${columns.map((c) => `${c} ILIKE ${p}`).join(' OR ')})`,
  value: containsPattern,
});

/** A text of at most MAX_FILTER_TEXT characters. */
export const text = (condition: Condition): ListFilter => ({ sql: equalsOr(condition), value: textValue });

/** An id (a UUID, in any case), bound lowercased and cast to uuid. */
export const uuid = (condition: Condition): ListFilter => ({
  sql: equalsOr(condition, '::uuid'),
  value: (raw, name) => {
    if (!isUuid(raw)) refuse(name, `${name} must be an id`);
    return raw.toLowerCase();
  },
});

/** One of the values, spelled exactly. */
export const oneOf = (condition: Condition, values: readonly string[]): ListFilter => ({
  sql: equalsOr(condition),
  value: (raw, name) => {
    if (typeof raw !== 'string' || !values.includes(raw)) {
      refuse(name, `${name} must be one of ${values.join(', ')}`);
    }
    return raw;
  },
});

/** true or false, as JSON or as text. */
export const boolean = (condition: Condition): ListFilter => ({
  sql: equalsOr(condition),
  value: (raw, name) => {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    return refuse(name, `${name} must be true or false`);
  },
});

/** A whole number from min to max, as a JSON number or in digits. */
export const wholeNumber = (condition: Condition, min: number, max: number): ListFilter => ({
  sql: equalsOr(condition, '::int'),
  value: (raw, name) => {
    const n = typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      refuse(name, `${name} must be a whole number from ${min} to ${max}`);
    }
    return n;
  },
});

/** A date (`YYYY-MM-DD`, or a date and time from it), bound as its ISO instant for a timestamptz. */
export const date = (condition: Condition): ListFilter => ({
  sql: equalsOr(condition, '::timestamptz'),
  value: (raw, name) => {
    const ok = typeof raw === 'string' && raw.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(raw);
    if (!ok || Number.isNaN(new Date(raw).getTime())) refuse(name, `${name} must be a date (YYYY-MM-DD)`);
    return new Date(raw).toISOString();
  },
});
