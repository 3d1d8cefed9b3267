// Which numbers a delegate certificate covers (docs/delegates.md): the typed numbers and blocks, and the inventory
// numbers the number listing's filter matches, as merged intervals of 10-digit numbers; checked against the
// provider's inventory (one count per interval on the primary key) and against the live delegate certificates of
// its other customers. A refusal names the first numbers at fault, never a million.
import {
  DELEGATE_LIMITS,
  DELEGATE_LINE_RE,
  DELEGATE_MESSAGES,
  delegateLines,
} from '../../../contract/delegates';
import { type TnAuthEntry, UNCOVERED_SAMPLE, covers } from '../ca';
import type { Queryable } from '../db';
import { HttpError, badRequest } from '../http/errors';
import { parseListQuery, whereClause } from '../http/list';
import { NUMBERS_LIST } from '../numbers/listSpec';

/** The length of an inventory number (NANP, without the country code). */
export const TN_LENGTH = 10;

/** Numbers `lo` to `hi` inclusive, as integers of TN_LENGTH digits. */
export interface Interval {
  lo: number;
  hi: number;
}

export const tnOf = (n: number) => String(n).padStart(TN_LENGTH, '0');

/** How many numbers the intervals hold (they do not overlap). */
export const countOf = (intervals: readonly Interval[]) =>
  intervals.reduce((sum, i) => sum + i.hi - i.lo + 1, 0);

/** Sorted, overlapping and adjacent intervals joined. */
export function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.lo - b.lo);
  const out: Interval[] = [];
  for (const r of sorted) {
    const prev = out[out.length - 1];
    if (prev && r.lo <= prev.hi + 1) prev.hi = Math.max(prev.hi, r.hi);
    else out.push({ ...r });
  }
  return out;
}

/** Intervals as TNAuthList entries of `prefix` + 10 digits: a `range` each, or a `one` for a single number. */
export function entriesOf(intervals: readonly Interval[], prefix = ''): TnAuthEntry[] {
  return intervals.map((i) =>
    i.hi === i.lo
      ? { one: `${prefix}${tnOf(i.lo)}` }
      : { range: { start: `${prefix}${tnOf(i.lo)}`, count: i.hi - i.lo + 1 } },
  );
}

/** `${numbers}` of a refusal: the first numbers joined, and how many more there are. */
export function nameNumbers(first: readonly string[], total: number): string {
  const more = total - first.length;
  return `${first.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}

const refusal = (status: 409 | 422, template: string, first: string[], total: number) =>
  new HttpError(status, template.replace('${numbers}', nameNumbers(first, total)), { numbers: first });

const tooMany = () => new HttpError(422, DELEGATE_MESSAGES.tooManyNumbers);

/** The typed lines as merged intervals; a block must not end before it starts. */
export function typedIntervals(text: string | undefined): Interval[] {
  const out: Interval[] = [];
  for (const line of text ? delegateLines(text) : []) {
    const m = DELEGATE_LINE_RE.exec(line);
    const lo = m ? Number(m[1]) : NaN;
    const hi = m?.[2] ? Number(m[2]) : lo;
    if (!m || hi < lo) {
      const message = DELEGATE_MESSAGES.numberLineInvalid.replace('${value}', line);
      throw badRequest(message, { numbers: message });
    }
    out.push({ lo, hi });
  }
  const merged = merge(out);
  if (countOf(merged) > DELEGATE_LIMITS.numbersMax) throw tooMany();
  return merged;
}

type Islands = { lo: string; hi: string; n: string }[];
const toIntervals = (rows: Islands): Interval[] => rows.map((r) => ({ lo: Number(r.lo), hi: Number(r.hi) }));

/** Integers as one parameter, comma-separated: SQL reads it back with `intervalRows`. */
const listParam = (xs: readonly number[]) => xs.join(',');

/** The parameters of `intervalRows`: the intervals' first numbers and their last, one text each. */
export const boundsParams = (intervals: readonly Interval[]) => [
  listParam(intervals.map((i) => i.lo)),
  listParam(intervals.map((i) => i.hi)),
];

/**
 * SQL rows (lo, hi) of the intervals passed as `boundsParams` in $`loParam` and $`hiParam`. Two texts split by
 * the database cost less to send and read than two arrays of 10,000 elements, each quoted.
 */
export const intervalRows = (loParam: number, hiParam: number) =>
  `unnest(string_to_array($${loParam}, ',')::bigint[], string_to_array($${hiParam}, ',')::bigint[])`;

/** The first and the last number of the intervals. */
function spanOf(intervals: readonly Interval[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const i of intervals) {
    if (i.lo < lo) lo = i.lo;
    if (i.hi > hi) hi = i.hi;
  }
  return [lo, hi];
}

const integersOf = (list: string | null) => (list ? list.split(',').map(Number) : []);

/** In ascending order: as given when it already is (what the database gives), else sorted. */
function ascending(xs: number[]): number[] {
  for (let i = 1; i < xs.length; i++) if (xs[i] < xs[i - 1]) return xs.sort((a, b) => a - b);
  return xs;
}

/**
 * The runs of consecutive numbers whose first numbers are `firsts` and last numbers `lasts`: runs never overlap, so
 * the k-th first and the k-th last, in order, are one run's.
 */
export function runsOf(firsts: number[], lasts: number[]): Interval[] {
  if (firsts.length !== lasts.length) throw new Error(`${firsts.length} runs start but ${lasts.length} end`);
  const lo = ascending(firsts);
  const hi = ascending(lasts);
  const out: Interval[] = new Array(lo.length);
  for (let i = 0; i < lo.length; i++) {
    if (hi[i] < lo[i] || (i > 0 && lo[i] <= hi[i - 1] + 1)) throw new Error('the runs do not pair up');
    out[i] = { lo: lo[i], hi: hi[i] };
  }
  return out;
}

/**
 * The inventory numbers the number listing's filter matches (its own filter SQL), as runs of consecutive numbers
 * computed by the database; the rows of imports not completed are left out, as in the listing's export. More than
 * numbersMax numbers is a 422. The database answers one row: the first numbers of the runs and their last numbers,
 * one comma-separated text each (a number with no predecessor in the selection starts a run, one with no successor
 * ends one), rather than a row per run; for 10,000 scattered numbers the rows cost more to read than the runs to find.
 */
export async function filteredIntervals(
  q: Queryable,
  spId: string,
  filter: Record<string, string | undefined>,
): Promise<Interval[]> {
  const given = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  const list = parseListQuery({ filter: JSON.stringify(given) }, NUMBERS_LIST, { paramOffset: 1 });
  const cap = DELEGATE_LIMITS.numbersMax + 1;
  const where = whereClause([
    'service_provider_id = $1',
    ...list.where,
    `coalesce(import_id <> ALL (ARRAY(
       SELECT id FROM number_imports WHERE service_provider_id = $1 AND hidden_rows)), true)`,
  ]);
  const [row] = await q.query<{ firsts: string | null; lasts: string | null; n: number }>(
    `SELECT string_agg(v::text, ',') FILTER (WHERE prev IS DISTINCT FROM v - 1) AS firsts,
            string_agg(v::text, ',') FILTER (WHERE next IS DISTINCT FROM v + 1) AS lasts, count(*)::int AS n
       FROM (SELECT v, lag(v) OVER w AS prev, lead(v) OVER w AS next
               FROM (SELECT tn::bigint AS v FROM numbers${where} ORDER BY tn LIMIT ${cap}) s
             WINDOW w AS (ORDER BY v)) runs`,
    [spId, ...list.params],
  );
  if (Number(row.n) >= cap) throw tooMany();
  return runsOf(integersOf(row.firsts), integersOf(row.lasts));
}

/** The union of the two, at most numbersMax numbers. */
export function unionOf(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const merged = merge([...a, ...b]);
  if (countOf(merged) > DELEGATE_LIMITS.numbersMax) throw tooMany();
  return merged;
}

/** A row `n` of the numbers table held by the provider `$1`: not one of an import still running (hidden). */
const HELD = `(n.import_id IS NULL OR n.import_id NOT IN (
  SELECT id FROM number_imports WHERE service_provider_id = $1 AND hidden_rows))`;

const bounds = (intervals: readonly Interval[]) => [
  intervals.map((i) => tnOf(i.lo)),
  intervals.map((i) => tnOf(i.hi)),
];

/**
 * Every number of `intervals` is in the provider's inventory, else a 422 naming the first missing ones. One count
 * per interval (`tn BETWEEN` on the primary key); only an interval found short is read as runs, to name what it
 * lacks.
 */
export async function assertInInventory(q: Queryable, spId: string, intervals: readonly Interval[]) {
  if (intervals.length === 0) return;
  const [los, his] = bounds(intervals);
  const counts = await q.query<{ i: string; held: string }>(
    `SELECT r.i::text AS i,
            (SELECT count(*) FROM numbers n
              WHERE n.service_provider_id = $1 AND n.tn BETWEEN r.lo AND r.hi AND length(n.tn) = ${TN_LENGTH}
                AND ${HELD})::text AS held
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS r(lo, hi, i)`,
    [spId, los, his],
  );
  const short = counts
    .filter((c) => {
      const i = intervals[Number(c.i) - 1];
      return Number(c.held) < i.hi - i.lo + 1;
    })
    .map((c) => intervals[Number(c.i) - 1]);
  if (short.length === 0) return;
  const held: Interval[] = [];
  for (const i of short) {
    const rows = await q.query<Islands[number]>(
      `SELECT min(v)::text AS lo, max(v)::text AS hi, count(*)::text AS n
         FROM (SELECT tn::bigint AS v, tn::bigint - row_number() OVER (ORDER BY tn) AS g FROM numbers
                WHERE service_provider_id = $1 AND tn BETWEEN $2 AND $3 AND length(tn) = ${TN_LENGTH}
                  AND ${HELD.replace(/n\./g, '')}) s
        GROUP BY g ORDER BY 1`,
      [spId, tnOf(i.lo), tnOf(i.hi)],
    );
    held.push(...toIntervals(rows));
  }
  const c = covers(entriesOf(held), entriesOf(short), UNCOVERED_SAMPLE);
  throw refusal(422, DELEGATE_MESSAGES.notInInventory, c.uncovered, c.uncoveredCount);
}

/**
 * No number of `intervals` is in a live delegate certificate (issued, not expired) of another customer of the
 * provider than `customerId` (none yet: every customer is another), else a 409 naming the first such numbers.
 * `bounds` are the intervals' `boundsParams`, when the caller made them already.
 */
export async function assertNotDelegatedElsewhere(
  q: Queryable,
  spId: string,
  customerId: string | null,
  intervals: readonly Interval[],
  now: Date,
  bounds = boundsParams(intervals),
) {
  if (intervals.length === 0) return;
  // The other customers' live delegates whose numbers meet the selection's span (the GiST index of their numbers);
  // only when there are any is the selection made one multirange, once, and intersected with each (a merge of two
  // sorted lists) to find the numbers they share. Most selections meet no other customer's delegate: then the
  // 10,000 numbers of a scattered selection are never made into ranges here. The customer is tested before the
  // numbers: a plan that filters the provider's delegates then reads none of the customer's own numbers.
  const rows = await q.query<{ lo: string; hi: string; n: string }>(
    `WITH other AS MATERIALIZED (
       SELECT d.numbers FROM delegate_certificates d JOIN certificates c ON c.id = d.certificate_id
        WHERE d.service_provider_id = $1 AND d.customer_id IS DISTINCT FROM $7::uuid
          AND d.numbers && int8range($2, $3, '[]') AND c.status = 'issued' AND c.not_after > $6),
     sel AS MATERIALIZED (
       SELECT range_agg(int8range(lo, hi, '[]')) AS m FROM ${intervalRows(4, 5)} AS s(lo, hi)
        WHERE EXISTS (SELECT FROM other))
     SELECT lower(x)::text AS lo, (upper(x) - 1)::text AS hi, '' AS n
       FROM other, sel CROSS JOIN LATERAL unnest(other.numbers * sel.m) AS x
      WHERE other.numbers && sel.m`,
    [spId, ...spanOf(intervals), ...bounds, now, customerId],
  );
  if (rows.length === 0) return;
  const taken = merge(toIntervals(rows));
  const first: string[] = [];
  for (const i of taken)
    for (let n = i.lo; n <= i.hi && first.length < UNCOVERED_SAMPLE; n++) first.push(tnOf(n));
  throw refusal(409, DELEGATE_MESSAGES.delegatedElsewhere, first, countOf(taken));
}
