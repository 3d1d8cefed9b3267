// Numbers as TNAuthList entries: a list of numbers compressed into ranges and singles, and encompassment (a
// delegate certificate's numbers must lie within what its issuer may vouch for, RFC 9060): against a parent's
// number entries, or against the numbers a provider holds. Numbers are digit strings of up to 15 digits, which a
// double holds exactly; as in a range, numbers of different lengths never meet (docs/delegates.md).
import { TnAuthListError } from './tnAuthList';
import {
  RANGE_START_RE,
  type TnAuthEntry,
  type TnRange,
  assertRange,
  assertTelephoneNumber,
} from './tnEntries';

/** How many uncovered numbers a refusal names, by default. */
export const UNCOVERED_SAMPLE = 20;

/** Numbers of one length, from `lo` to `hi` inclusive. */
interface Interval {
  length: number;
  lo: number;
  hi: number;
}

const pad = (n: number, length: number) => String(n).padStart(length, '0');

/** Orders numbers as a range counts them: by length, then by value (for equal lengths, the string order). */
const byNumber = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Unique numbers (digit strings, 1 to 15 digits; E.164 digits without the `+`, or 10-digit NANP numbers) as the
 * fewest entries: each run of ≥ 2 consecutive numbers of one length a `range`, each other number a `one`, in
 * number order. The input may be unsorted or repeat numbers; it is sorted (a copy) only when it is not in order.
 */
export function compressNumbers(tns: readonly string[]): TnAuthEntry[] {
  let list = tns;
  let values = valuesOf(list);
  for (let i = 1; i < list.length; i++)
    if (
      list[i - 1].length > list[i].length ||
      (list[i - 1].length === list[i].length && values[i - 1] > values[i])
    ) {
      list = [...tns].sort(byNumber);
      values = valuesOf(list);
      break;
    }
  const out: TnAuthEntry[] = [];
  let i = 0;
  while (i < list.length) {
    const start = list[i];
    let last = values[i];
    let j = i + 1;
    for (; j < list.length && list[j].length === start.length; j++) {
      if (values[j] === last) continue; // a repeat
      if (values[j] !== last + 1) break;
      last = values[j];
    }
    const count = last - values[i] + 1;
    out.push(count === 1 ? { one: start } : { range: { start, count } });
    i = j;
  }
  return out;
}

/** Each number's value, checked to be 1 to 15 digits (a loop over the characters: this runs on millions). */
function valuesOf(tns: readonly string[]): Float64Array {
  const values = new Float64Array(tns.length);
  for (let i = 0; i < tns.length; i++) {
    const tn = tns[i];
    let v = 0;
    let ok = typeof tn === 'string' && tn.length >= 1 && tn.length <= 15;
    for (let k = 0; ok && k < tn.length; k++) {
      const d = tn.charCodeAt(k) - 48;
      if (d < 0 || d > 9) ok = false;
      v = v * 10 + d;
    }
    if (!ok) throw new TnAuthListError(`not a number of 1 to 15 digits: ${JSON.stringify(tn)}`);
    values[i] = v;
  }
  return values;
}

/** Number entries as merged intervals per length, sorted; `one` entries with # or * apart, as strings. */
function intervalsOf(entries: readonly TnAuthEntry[]): {
  intervals: Interval[];
  symbols: Set<string>;
  spcs: string[];
} {
  const raw: Interval[] = [];
  const symbols = new Set<string>();
  const spcs: string[] = [];
  for (const e of entries) {
    if ('spc' in e) spcs.push(e.spc);
    else if ('one' in e) {
      assertTelephoneNumber(e.one);
      if (RANGE_START_RE.test(e.one)) {
        const n = Number(e.one);
        raw.push({ length: e.one.length, lo: n, hi: n });
      } else symbols.add(e.one);
    } else {
      assertRange(e.range);
      const lo = Number(e.range.start);
      raw.push({ length: e.range.start.length, lo, hi: lo + e.range.count - 1 });
    }
  }
  return { intervals: merge(raw), symbols, spcs };
}

export interface Coverage {
  /** True when every child entry lies within the parent (or the held numbers). */
  covered: boolean;
  /** How many of the child's numbers are not covered (each counted once). */
  uncoveredCount: number;
  /** The first uncovered numbers in number order, at most the limit asked for: what a refusal names. */
  uncovered: string[];
  /** The child's SPC entries that the parent does not carry. */
  uncoveredSpcs: string[];
}

/** Collects the gaps of `child` not in `held` (both sorted, merged, one length) into `c`. */
function addGaps(c: Coverage, child: Interval, held: Interval[], limit: number): void {
  let at = child.lo;
  // The first held interval that may touch the child: binary search on hi.
  let k = 0;
  for (let lo = 0, hi = held.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (held[mid].hi < child.lo) lo = k = mid + 1;
    else hi = mid;
  }
  const gap = (from: number, to: number) => {
    c.uncoveredCount += to - from + 1;
    for (let n = from; n <= to && c.uncovered.length < limit; n++) c.uncovered.push(pad(n, child.length));
  };
  for (; k < held.length && at <= child.hi; k++) {
    const h = held[k];
    if (h.length !== child.length || h.lo > child.hi) break;
    if (h.lo > at) gap(at, h.lo - 1);
    at = Math.max(at, h.hi + 1);
  }
  if (at <= child.hi) gap(at, child.hi);
}

function byLength(intervals: Interval[]): Map<number, Interval[]> {
  const out = new Map<number, Interval[]>();
  for (const i of intervals) {
    const list = out.get(i.length);
    if (list) list.push(i);
    else out.set(i.length, [i]);
  }
  return out;
}

/**
 * Encompassment of two entry lists as the certificates state them: each child number (`one` or in a `range`) lies
 * in the parent's numbers, each child SPC is one of the parent's. A parent's SPC stands for the numbers its holder
 * has, which the certificate does not list: checking numbers against it is uncoveredByInventory's job.
 */
export function covers(
  parent: readonly TnAuthEntry[],
  child: readonly TnAuthEntry[],
  limit = UNCOVERED_SAMPLE,
): Coverage {
  const p = intervalsOf(parent);
  const c = intervalsOf(child);
  const result: Coverage = { covered: true, uncoveredCount: 0, uncovered: [], uncoveredSpcs: [] };
  const held = byLength(p.intervals);
  for (const i of c.intervals) addGaps(result, i, held.get(i.length) ?? [], limit);
  for (const s of c.symbols)
    if (!p.symbols.has(s)) {
      result.uncoveredCount++;
      if (result.uncovered.length < limit) result.uncovered.push(s);
    }
  result.uncoveredSpcs = c.spcs.filter((s) => !p.spcs.includes(s));
  result.covered = result.uncoveredCount === 0 && result.uncoveredSpcs.length === 0;
  return result;
}

/**
 * The numbers a provider holds within one range (`count` 1 for a single number), in any order; numbers outside
 * the range or of another length are ignored. A store answers it with one indexed query per range.
 */
export type HeldNumbers = (range: TnRange) => Iterable<string> | Promise<Iterable<string>>;

/**
 * Encompassment against an inventory: every number of `child` is one the provider holds, as `held` tells. Child
 * SPC entries are reported uncovered (numbers cannot prove an SPC). Each merged child range is asked once.
 */
export async function uncoveredByInventory(
  child: readonly TnAuthEntry[],
  held: HeldNumbers,
  limit = UNCOVERED_SAMPLE,
): Promise<Coverage> {
  const c = intervalsOf(child);
  const result: Coverage = { covered: true, uncoveredCount: 0, uncovered: [], uncoveredSpcs: c.spcs };
  for (const i of c.intervals) {
    const answer = await held({ start: pad(i.lo, i.length), count: i.hi - i.lo + 1 });
    const numbers: number[] = [];
    for (const tn of answer) {
      if (tn.length !== i.length || !RANGE_START_RE.test(tn)) continue;
      const n = Number(tn);
      if (n >= i.lo && n <= i.hi) numbers.push(n);
    }
    addGaps(result, i, runsOf(Float64Array.from(numbers).sort(), i.length), limit);
  }
  for (const s of c.symbols) {
    const answer = [...(await held({ start: s, count: 1 }))];
    if (!answer.includes(s)) {
      result.uncoveredCount++;
      if (result.uncovered.length < limit) result.uncovered.push(s);
    }
  }
  result.covered = result.uncoveredCount === 0 && result.uncoveredSpcs.length === 0;
  return result;
}

/** Sorted by length then start, overlapping or adjacent intervals of one length joined. */
function merge(intervals: Interval[]): Interval[] {
  intervals.sort((a, b) => a.length - b.length || a.lo - b.lo);
  const out: Interval[] = [];
  for (const r of intervals) {
    const prev = out[out.length - 1];
    if (prev && prev.length === r.length && r.lo <= prev.hi + 1) prev.hi = Math.max(prev.hi, r.hi);
    else out.push({ ...r });
  }
  return out;
}

/** Sorted values (repeats allowed) as intervals of consecutive numbers. */
function runsOf(sorted: Float64Array, length: number): Interval[] {
  const out: Interval[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (prev && n <= prev.hi + 1) prev.hi = Math.max(prev.hi, n);
    else out.push({ length, lo: n, hi: n });
  }
  return out;
}
