// TNAuthList (RFC 8226) with every kind of entry, for the STI-SCA and its delegate certificates (docs/delegates.md).
// The module's tags are EXPLICIT, so each choice wraps the whole inner encoding:
//   spc   [0] ServiceProviderCode           A0 L 16 L <SPC>
//   range [1] TelephoneNumberRange          A1 L 30 L 16 L <start> 02 L <count>
//   one   [2] TelephoneNumber               A2 L 16 L <tn>
// A range counts up from its start among numbers of the start's length: it never crosses a change of length
// (2025550199 + 2 does not reach 20255502000). The one-SPC form SHAKEN certificates carry stays in tnAuthList.ts.
import { type Binary, DerError, TAG, type Tlv, ascii, children, decodeOne } from './der';
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

/** How many octets the minimal DER INTEGER content of a non-negative safe integer takes (1 to 8). */
function integerLength(n: number): number {
  let length = 1;
  // 0x80 and up needs a leading 00: the content is the value with a clear top bit
  for (let v = n; v >= 0x80; v = Math.floor(v / 256)) length++;
  return length;
}

/** The number of octets of a TNEntry (its tag and length too), for an entry already checked. */
function entryLength(e: TnAuthEntry): number {
  if ('spc' in e) return 4 + e.spc.length;
  if ('one' in e) return 4 + e.one.length;
  // [1] L, SEQUENCE L, IA5String L start, INTEGER L count: every length is under 128, one octet
  return 8 + e.range.start.length + integerLength(e.range.count);
}

/** Writes `text` (checked ASCII) at `at`; answers the position after it. */
function writeAscii(out: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** Writes a checked entry at `at`; answers the position after it. */
function writeEntry(out: Uint8Array, at: number, e: TnAuthEntry): number {
  if ('spc' in e || 'one' in e) {
    const text = 'spc' in e ? e.spc : e.one;
    out[at] = 'spc' in e ? 0xa0 : 0xa2;
    out[at + 1] = text.length + 2;
    out[at + 2] = TAG.ia5String;
    out[at + 3] = text.length;
    return writeAscii(out, at + 4, text);
  }
  const { start, count } = e.range;
  const countLength = integerLength(count);
  const sequenceLength = 4 + start.length + countLength;
  out[at] = 0xa1;
  out[at + 1] = sequenceLength + 2;
  out[at + 2] = TAG.sequence;
  out[at + 3] = sequenceLength;
  out[at + 4] = TAG.ia5String;
  out[at + 5] = start.length;
  let pos = writeAscii(out, at + 6, start);
  out[pos] = TAG.integer;
  out[pos + 1] = countLength;
  pos += 2;
  // big-endian; a leading 00 when the top bit would be set, as integerLength counted
  for (let i = countLength - 1, v = count; i >= 0; i--, v = Math.floor(v / 256)) out[pos + i] = v % 256;
  return pos + countLength;
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

/**
 * The DER of a TNAuthList value with the entries in the order given (at least one). Each entry is checked and
 * sized, then all are written into one allocation: a delegate's list may hold 10,000 entries or more, and a TLV
 * object and a buffer per field would cost more than the rest of the certificate.
 */
export function encodeTnEntries(entries: readonly TnAuthEntry[]): Uint8Array {
  if (entries.length === 0) fail('a TNAuthList has at least one entry');
  let length = 0;
  for (const e of entries) {
    if ('spc' in e) {
      if (!SPC_RE.test(e.spc))
        fail(`SPC must be four upper-case letters or digits, got ${JSON.stringify(e.spc)}`);
    } else if ('one' in e) assertTelephoneNumber(e.one);
    else assertRange(e.range);
    length += entryLength(e);
  }
  const header = headerLength(length);
  const out = new Uint8Array(header + length);
  out[0] = TAG.sequence;
  if (header === 2) out[1] = length;
  else {
    out[1] = 0x80 | (header - 2);
    for (let i = header - 1, l = length; i >= 2; i--, l = Math.floor(l / 256)) out[i] = l % 256;
  }
  let at = header;
  for (const e of entries) at = writeEntry(out, at, e);
  return out;
}

/** The octets of a SEQUENCE's tag and length for `length` octets of content. */
function headerLength(length: number): number {
  if (length < 0x80) return 2;
  let n = 2;
  for (let l = length; l >= 0x100; l = Math.floor(l / 256)) n++;
  return n + 1;
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
