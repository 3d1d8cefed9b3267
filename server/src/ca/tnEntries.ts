// TNAuthList (RFC 8226) with every kind of entry, for the STI-SCA and its delegate certificates (docs/delegates.md).
// The module's tags are EXPLICIT, so each choice wraps the whole inner encoding:
//   spc   [0] ServiceProviderCode           A0 L 16 L <SPC>
//   range [1] TelephoneNumberRange          A1 L 30 L 16 L <start> 02 L <count>
//   one   [2] TelephoneNumber               A2 L 16 L <tn>
// A range counts up from its start among numbers of the start's length: it never crosses a change of length
// (2025550199 + 2 does not reach 20255502000). The one-SPC form SHAKEN certificates carry stays in tnAuthList.ts.
import { type Binary, DerError, TAG, type Tlv, ascii, children, decodeOne, ia5, node, writeDer } from './der';
import { SPC_RE, TnAuthListError } from './tnAuthList';

export interface TnRange {
  /** The first number, 1 to 15 digits. */
  start: string;
  /** How many consecutive numbers of the start's length, at least 2. */
  count: number;
}

export type TnAuthEntry = { spc: string } | { one: string } | { range: TnRange };

/** TelephoneNumber ::= IA5String (SIZE (1..15)) (FROM ("0123456789#*")). */
export const TELEPHONE_NUMBER_RE = /^[0-9#*]{1,15}$/;
/** A range's start: digits only, since counting up from a number with # or * has no meaning. */
export const RANGE_START_RE = /^[0-9]{1,15}$/;

const fail = (message: string): never => {
  throw new TnAuthListError(message);
};

/** Throws unless `range` is a valid range: a digit start, an integer count ≥ 2, no change of length. */
export function assertRange({ start, count }: TnRange): void {
  if (!RANGE_START_RE.test(start)) fail(`a range starts at 1 to 15 digits, got ${JSON.stringify(start)}`);
  if (!Number.isSafeInteger(count) || count < 2) fail(`a range counts at least 2 numbers, got ${count}`);
  if (Number(start) + count - 1 >= 10 ** start.length)
    fail(`the range ${start} + ${count} runs past the ${start.length}-digit numbers`);
}

export function assertTelephoneNumber(tn: string): void {
  if (!TELEPHONE_NUMBER_RE.test(tn))
    fail(`a telephone number is 1 to 15 of 0-9 # *, got ${JSON.stringify(tn)}`);
}

/** The minimal DER INTEGER content of a non-negative safe integer. */
function integerContent(n: number): Uint8Array {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  if (bytes.length === 0 || bytes[0] & 0x80) bytes.unshift(0);
  return Uint8Array.from(bytes);
}

function readCount(t: Tlv): number {
  const v = t.value;
  if (t.tag !== TAG.integer || v.length === 0) fail('a range count must be an INTEGER');
  if (v.length > 1 && ((v[0] === 0 && !(v[1] & 0x80)) || (v[0] === 0xff && v[1] & 0x80)))
    fail('a range count is not minimally encoded');
  if (v[0] & 0x80) fail('a range count is negative');
  if (v.length > 7) fail('a range count is too large');
  const n = v.reduce((acc, b) => acc * 256 + b, 0);
  if (!Number.isSafeInteger(n)) fail('a range count is too large');
  return n;
}

/** The kind of an entry and its checked content, for code that switches on it. */
export function entryKind(e: TnAuthEntry): 'spc' | 'one' | 'range' {
  if ('spc' in e) return 'spc';
  if ('one' in e) return 'one';
  if ('range' in e) return 'range';
  return fail('an entry is neither spc, one nor range');
}

/** The DER of a TNAuthList value with the entries in the order given (at least one). */
export function encodeTnEntries(entries: readonly TnAuthEntry[]): Uint8Array {
  if (entries.length === 0) fail('a TNAuthList has at least one entry');
  const parts = entries.map((e) => {
    if ('spc' in e) {
      if (!SPC_RE.test(e.spc))
        fail(`SPC must be four upper-case letters or digits, got ${JSON.stringify(e.spc)}`);
      return node(0xa0, ia5(e.spc));
    }
    if ('one' in e) {
      assertTelephoneNumber(e.one);
      return node(0xa2, ia5(e.one));
    }
    assertRange(e.range);
    return node(
      0xa1,
      node(TAG.sequence, ia5(e.range.start), node(TAG.integer, integerContent(e.range.count))),
    );
  });
  return writeDer(node(TAG.sequence, ...parts));
}

function ia5Of(t: Tlv | undefined, what: string): string {
  if (t?.tag !== TAG.ia5String) return fail(`${what} must be an IA5String`);
  return ascii(t.value);
}

function decodeEntry(entry: Tlv): TnAuthEntry {
  if (entry.tag !== 0xa0 && entry.tag !== 0xa1 && entry.tag !== 0xa2)
    fail(`unknown TNEntry tag 0x${entry.tag.toString(16)}`);
  const inner = children(entry);
  if (inner.length !== 1) fail('a TNEntry holds exactly one value (the tags are explicit)');
  if (entry.tag === 0xa0) {
    const spc = ia5Of(inner[0], 'spc');
    if (!SPC_RE.test(spc)) fail(`SPC ${JSON.stringify(spc)} is not four upper-case letters or digits`);
    return { spc };
  }
  if (entry.tag === 0xa2) {
    const one = ia5Of(inner[0], 'one');
    assertTelephoneNumber(one);
    return { one };
  }
  if (inner[0].tag !== TAG.sequence) fail('range must be a SEQUENCE');
  const fields = children(inner[0]);
  // The type is extensible (`...`), but no extension is defined: a field beyond count is refused.
  if (fields.length !== 2) fail(`range has ${fields.length} fields, start and count expected`);
  const range = { start: ia5Of(fields[0], 'range start'), count: readCount(fields[1]) };
  assertRange(range);
  return { range };
}

/** Every entry of a TNAuthList value; strict: DER only, no trailing bytes, each entry valid. */
export function decodeTnEntries(der: Binary): TnAuthEntry[] {
  try {
    const entries = children(decodeOne(der, TAG.sequence));
    if (entries.length === 0) fail('a TNAuthList has at least one entry');
    return entries.map(decodeEntry);
  } catch (err) {
    if (err instanceof DerError) throw new TnAuthListError(`malformed TNAuthList: ${err.message}`);
    throw err;
  }
}
