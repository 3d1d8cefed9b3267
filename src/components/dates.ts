// Dates as the portal shows them: one en-US format everywhere (contract/format.ts, docs/formats.md).
import { dateText, dateTimeText } from '../../contract/format';

/** '2026-12-21T00:00:00Z' -> '12/21/2026'; the calendar date of the UTC timestamp. Empty for no or a bad date. */
export const formatDateOnly = (value: string | null | undefined): string => dateText(value);

/** '2026-12-21T15:04:00Z' -> '12/21/2026, 3:04:00 PM' in the browser's time zone; empty for no or a bad date. */
export const formatDateTime = (value: string | null | undefined): string => dateTimeText(value);

const ISO_TIMESTAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** Every ISO timestamp in a text as its date: 'year until 2027-11-25T01:03:55.058Z' -> 'year until 11/25/2027'. */
export function withDatesOnly(text: string | null | undefined): string {
  return (text ?? '').replace(ISO_TIMESTAMP, (stamp) => formatDateOnly(stamp) || stamp);
}
