// The validity a newOrder may ask for (RFC 8555 §7.4 notBefore, notAfter): within the longest validity the SHAKEN
// policy allows (counted from notBefore, as the lint measures it) and the provider's paid period. Checked when the
// order is placed and again at finalize (the paid period may have changed meanwhile); what is asked is what is
// issued, to the second. An order that asks for neither gets the portal's own validity.
import { BACKDATE_MS, MAX_LIFETIME_DAYS } from '../ca';
import { AcmeProblem } from './problems';

const DAY_MS = 86_400_000;
/** A notBefore this far in the past still counts as now: the client's clock may run behind ours. */
export const NOT_BEFORE_SKEW_MS = BACKDATE_MS;
// RFC 3339 §5.6 date-time (either case of T and Z, as it allows)
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** The instant of an RFC 3339 date-time, or NaN: a day the month lacks or an hour 24 is not rolled over. */
function instant(value: string): number {
  const m = DATE_TIME.exec(value);
  if (!m) return NaN;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59) return NaN;
  return Date.parse(value);
}

/** What an order asked for; null members were not asked. */
export interface RequestedValidity {
  notBefore: Date | null;
  notAfter: Date | null;
}

function dateTime(payload: Record<string, unknown>, name: 'notBefore' | 'notAfter'): Date | null {
  const value = payload[name];
  if (value === undefined || value === null) return null;
  const ms = typeof value === 'string' ? instant(value) : NaN;
  if (!Number.isFinite(ms))
    throw new AcmeProblem('malformed', `${name} must be an RFC 3339 date-time, such as 2027-03-01T00:00:00Z`);
  // X.509 times carry whole seconds: never earlier than the notBefore asked, never later than the notAfter
  return new Date(name === 'notBefore' ? Math.ceil(ms / 1000) * 1000 : Math.floor(ms / 1000) * 1000);
}

/** newOrder's notBefore and notAfter, read (their form only: their limits are checked by `validityWithin`). */
export function requestedValidity(payload: Record<string, unknown>): RequestedValidity {
  return { notBefore: dateTime(payload, 'notBefore'), notAfter: dateTime(payload, 'notAfter') };
}

const outside = (detail: string) => new AcmeProblem('malformed', detail);

/**
 * The validity to issue for what an order asked, as of `now`, or null when it asked for neither (the portal's own
 * rule then applies). Refuses, naming the limit, what lies outside the policy or the paid period; `placing` also
 * refuses a notBefore in the past (at finalize it may have passed since the order).
 */
export function validityWithin(
  asked: RequestedValidity,
  ctx: { now: Date; paidUntil: Date; placing: boolean },
): { notBefore: Date; notAfter: Date } | null {
  if (!asked.notBefore && !asked.notAfter) return null;
  const now = ctx.now.getTime();
  if (ctx.placing && asked.notBefore && asked.notBefore.getTime() < now - NOT_BEFORE_SKEW_MS)
    throw outside(`notBefore must not be in the past (it may be ${ctx.now.toISOString()} or later)`);
  const notBefore = asked.notBefore ?? new Date(Math.floor((now - BACKDATE_MS) / 1000) * 1000);
  const policyEnd = new Date(notBefore.getTime() + MAX_LIFETIME_DAYS * DAY_MS);
  const paidEnd = new Date(Math.floor(ctx.paidUntil.getTime() / 1000) * 1000);
  const notAfter = asked.notAfter ?? (paidEnd < policyEnd ? paidEnd : policyEnd);
  if (notAfter <= notBefore) throw outside(`notAfter must be after notBefore (${notBefore.toISOString()})`);
  if (notAfter.getTime() <= now) throw outside('notAfter must be in the future');
  if (notAfter > policyEnd && policyEnd <= paidEnd)
    throw outside(
      `notAfter must be at most ${policyEnd.toISOString()}: the longest validity the policy allows (${MAX_LIFETIME_DAYS} days from notBefore)`,
    );
  if (notAfter > paidEnd)
    throw outside(`notAfter must be at most ${paidEnd.toISOString()}: the end of the paid period`);
  return { notBefore, notAfter };
}
