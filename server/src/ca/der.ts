// A minimal DER reader and writer. The profile's extensions are tiny and must be byte-exact, and the lint
// must not share the certificate builder's encoder, so both sides go through this file rather than a schema.

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

export class DerError extends Error {
  override readonly name = 'DerError';
}

/** One decoded TLV: `value` is the content octets, `raw` the whole encoding. */
export interface Tlv {
  readonly tag: number;
  readonly value: Uint8Array;
  readonly raw: Uint8Array;
}

/**
 * A TLV read in place: offsets into the buffer it came from, with `value` and `raw` made on first use. Walking a
 * certificate touches a few dozen TLVs and reads the octets of few, so this spares most of the allocations.
 */
class DerTlv implements Tlv {
  private valueView: Uint8Array | undefined;
  private rawView: Uint8Array | undefined;

  constructor(
    readonly tag: number,
    readonly buffer: Uint8Array,
    readonly start: number,
    readonly valueStart: number,
    readonly end: number,
  ) {}

  get value(): Uint8Array {
    return (this.valueView ??= this.buffer.subarray(this.valueStart, this.end));
  }

  get raw(): Uint8Array {
    return (this.rawView ??= this.buffer.subarray(this.start, this.end));
  }
}

/** Any binary input: ArrayBuffer, Buffer, Uint8Array or another view. */
export type Binary = ArrayBufferLike | ArrayBufferView;

/** A fresh ArrayBuffer copy, for APIs typed on BufferSource (WebCrypto, @peculiar/x509). */
export function toArrayBuffer(data: Binary): ArrayBuffer {
  const bytes = toBytes(data);
  const out = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(out).set(bytes);
  return out;
}

export function toBytes(data: Binary): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** Reads one TLV at `offset`, strict DER lengths only (definite, minimal), within `input` up to `limit`. */
function readAt(input: Uint8Array, offset: number, limit: number): DerTlv {
  if (offset + 2 > limit) throw new DerError('truncated TLV');
  const tag = input[offset];
  if ((tag & 0x1f) === 0x1f) throw new DerError('high tag numbers are not used here');
  let pos = offset + 1;
  const first = input[pos++];
  let length: number;
  if (first < 0x80) {
    length = first;
  } else {
    const count = first & 0x7f;
    if (count === 0) throw new DerError('indefinite length is not DER');
    if (count > 4) throw new DerError('length too large');
    if (pos + count > limit) throw new DerError('truncated length');
    if (input[pos] === 0) throw new DerError('non-minimal length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + input[pos++];
    if (length < 0x80) throw new DerError('non-minimal length');
  }
  const end = pos + length;
  if (end > limit) throw new DerError('truncated value');
  return new DerTlv(tag, input, offset, pos, end);
}

/** Decodes exactly one TLV that must fill `input`. */
export function decodeOne(input: Binary, expectedTag?: number): Tlv {
  const bytes = toBytes(input);
  const tlv = readAt(bytes, 0, bytes.length);
  if (tlv.end !== bytes.length) throw new DerError('trailing bytes after the value');
  if (expectedTag !== undefined && tlv.tag !== expectedTag) {
    throw new DerError(`expected tag 0x${hex2(expectedTag)}, found 0x${hex2(tlv.tag)}`);
  }
  return tlv;
}

/** The children of a constructed value. */
export function children(tlv: Tlv): Tlv[] {
  if ((tlv.tag & 0x20) === 0) throw new DerError(`tag 0x${hex2(tlv.tag)} is not constructed`);
  const out: Tlv[] = [];
  if (tlv instanceof DerTlv) {
    for (let pos = tlv.valueStart; pos < tlv.end;) {
      const child = readAt(tlv.buffer, pos, tlv.end);
      out.push(child);
      pos = child.end;
    }
    return out;
  }
  const value = tlv.value;
  for (let pos = 0; pos < value.length;) {
    const child = readAt(value, pos, value.length);
    out.push(child);
    pos = child.end;
  }
  return out;
}

/** Dotted OIDs by a hash of their octets, each with the octets to confirm it (no string is made per lookup). */
const decodedOids = new Map<number, { octets: Uint8Array; dotted: string }[]>();

/** An OID's dotted form (cached by its octets: a certificate repeats the same few OIDs). */
export function decodeOid(value: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value[i], 0x01000193);
  const bucket = decodedOids.get(h);
  const hit = bucket?.find((e) => bytesEqual(e.octets, value));
  if (hit) return hit.dotted;
  const dotted = decodeOidArcs(value);
  if (decodedOids.size < 1000) {
    const entry = { octets: value.slice(), dotted };
    if (bucket) bucket.push(entry);
    else decodedOids.set(h, [entry]);
  }
  return dotted;
}

function decodeOidArcs(value: Uint8Array): string {
  if (value.length === 0) throw new DerError('empty OID');
  const arcs: number[] = [];
  let acc = 0;
  for (let i = 0; i < value.length; i++) {
    if (acc === 0 && value[i] === 0x80) throw new DerError('non-minimal OID arc');
    acc = acc * 128 + (value[i] & 0x7f);
    if ((value[i] & 0x80) === 0) {
      arcs.push(acc);
      acc = 0;
    } else if (i === value.length - 1) {
      throw new DerError('truncated OID');
    }
  }
  const firstArc = arcs[0] < 40 ? 0 : arcs[0] < 80 ? 1 : 2;
  return [firstArc, arcs[0] - firstArc * 40, ...arcs.slice(1)].join('.');
}

export const utf8 = new TextEncoder();

function lengthOctets(length: number): number {
  let n = 1;
  if (length >= 0x80) for (let l = length; l > 0; l = Math.floor(l / 256)) n++;
  return n;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}

/**
 * A TLV not written yet: nested nodes are sized first and written once, into the outermost one's single
 * allocation (a certificate is a few dozen TLVs; writing each separately copies every octet several times).
 */
export class DerNode {
  readonly length: number;
  constructor(
    readonly tag: number,
    readonly parts: DerPart[],
  ) {
    let length = 0;
    for (const p of parts) length += encodedLength(p);
    this.length = length;
  }
}

export type DerPart = Uint8Array | DerNode;

const encodedLength = (p: DerPart) =>
  p instanceof DerNode ? 1 + lengthOctets(p.length) + p.length : p.length;

export const node = (tag: number, ...parts: DerPart[]) => new DerNode(tag, parts);

function writeInto(out: Uint8Array, pos: number, part: DerPart): number {
  if (!(part instanceof DerNode)) {
    out.set(part, pos);
    return pos + part.length;
  }
  const { tag, length } = part;
  out[pos] = tag;
  const header = 1 + lengthOctets(length);
  if (length < 0x80) out[pos + 1] = length;
  else {
    out[pos + 1] = 0x80 | (header - 2);
    for (let i = header - 1, l = length; i >= 2; i--, l = Math.floor(l / 256)) out[pos + i] = l & 0xff;
  }
  let at = pos + header;
  for (const p of part.parts) at = writeInto(out, at, p);
  return at;
}

/** The octets of `part`, in one allocation. */
export function writeDer(part: DerPart): Uint8Array {
  if (!(part instanceof DerNode)) return part;
  const out = new Uint8Array(encodedLength(part));
  writeInto(out, 0, part);
  return out;
}

/** One TLV around `content`, written into a single allocation. */
export function tlv(tag: number, ...content: DerPart[]): Uint8Array {
  return writeDer(new DerNode(tag, content));
}

export const sequence = (...content: DerPart[]) => tlv(TAG.sequence, ...content);

const oidCache = new Map<string, Uint8Array>();

/** An OBJECT IDENTIFIER's DER (cached: the same few OIDs are written into every certificate; do not modify it). */
export function oid(dotted: string): Uint8Array {
  const cached = oidCache.get(dotted);
  if (cached) return cached;
  const arcs = dotted.split('.').map((a) => {
    if (!/^\d+$/.test(a)) throw new DerError(`bad OID ${dotted}`);
    return Number(a);
  });
  if (arcs.length < 2 || arcs[0] > 2 || (arcs[0] < 2 && arcs[1] >= 40))
    throw new DerError(`bad OID ${dotted}`);
  const body: number[] = [];
  for (const arc of [arcs[0] * 40 + arcs[1], ...arcs.slice(2)]) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift(0x80 | (n & 0x7f));
    body.push(...chunk);
  }
  const der = tlv(TAG.oid, Uint8Array.from(body));
  if (oidCache.size < 1000) oidCache.set(dotted, der);
  return der;
}

export function ia5(text: string, tag: number = TAG.ia5String): Uint8Array {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(text)) throw new DerError('IA5String takes ASCII only');
  return tlv(tag, utf8.encode(text));
}

/** ASCII (IA5String, PrintableString, times) as text. */
export const ascii = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** A positive INTEGER from hex as given (the caller decides minimality); a 00 octet is added when the top bit is set. */
export function integerFromHex(hexDigits: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hexDigits)) throw new DerError('an INTEGER in hex takes whole octets');
  const bytes = Buffer.from(hexDigits, 'hex');
  return tlv(TAG.integer, bytes[0] & 0x80 ? concat(Uint8Array.of(0), bytes) : bytes);
}

/** The minimal DER INTEGER content of an unsigned big-endian magnitude. */
function unsignedContent(bytes: Uint8Array): Uint8Array {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  const trimmed = bytes.subarray(i);
  return trimmed[0] & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
}

/** WebCrypto's and PKCS#11's `r || s` (IEEE P1363) as the ECDSA-Sig-Value SEQUENCE X.509 carries. */
export const ecdsaSignatureToDer = (p1363: Uint8Array) => writeDer(ecdsaSignatureNode(p1363));

export function ecdsaSignatureNode(p1363: Uint8Array): DerNode {
  if (p1363.length === 0 || p1363.length % 2 !== 0)
    throw new DerError('an r || s signature has two equal halves');
  const half = p1363.length / 2;
  return node(
    TAG.sequence,
    node(TAG.integer, unsignedContent(p1363.subarray(0, half))),
    node(TAG.integer, unsignedContent(p1363.subarray(half))),
  );
}

/**
 * An X.509 Time (RFC 5280 §4.1.2.5): UTCTime through 2049, GeneralizedTime from 2050, always in whole
 * seconds and Z. Milliseconds are dropped, never rounded up.
 */
export function encodeTime(date: Date): Uint8Array {
  const year = date.getUTCFullYear();
  if (year < 1950 || year > 9999) throw new DerError(`a certificate time cannot be in ${year}`);
  const utc = year < 2050;
  const y = utc ? 2 : 4;
  const out = new Uint8Array(2 + y + 11);
  out[0] = utc ? TAG.utcTime : TAG.generalizedTime;
  out[1] = y + 11;
  const put = (at: number, value: number, width: number) => {
    for (let i = width - 1, v = value; i >= 0; i--, v = Math.floor(v / 10)) out[2 + at + i] = 0x30 + (v % 10);
  };
  put(0, utc ? year % 100 : year, y);
  put(y, date.getUTCMonth() + 1, 2);
  put(y + 2, date.getUTCDate(), 2);
  put(y + 4, date.getUTCHours(), 2);
  put(y + 6, date.getUTCMinutes(), 2);
  put(y + 8, date.getUTCSeconds(), 2);
  out[2 + y + 10] = 0x5a; // Z
  return out;
}

function timeError(v: Uint8Array): DerError {
  return new DerError(`not an RFC 5280 time: ${JSON.stringify(ascii(v))}`);
}

/** `count` decimal digits of `v` from `from`, or -1 when one is not a digit. */
function decimal(v: Uint8Array, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = v[i] - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Reads a UTCTime or GeneralizedTime in the RFC 5280 form (`YYMMDDHHMMSSZ`, `YYYYMMDDHHMMSSZ`). */
export function decodeTime(time: Tlv): Date {
  const v = time.value;
  const y = time.tag === TAG.utcTime ? 2 : time.tag === TAG.generalizedTime ? 4 : 0;
  if (y === 0 || v.length !== y + 11 || v[v.length - 1] !== 0x5a) throw timeError(v);
  let year = decimal(v, 0, y);
  const month = decimal(v, y, 2);
  const day = decimal(v, y + 2, 2);
  const hour = decimal(v, y + 4, 2);
  const minute = decimal(v, y + 6, 2);
  const second = decimal(v, y + 8, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) throw timeError(v);
  if (y === 2) year += year < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    throw new DerError(`not a calendar time: ${ascii(v)}`);
  return date;
}

export const hex = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(toBytes(bytes)).toString('hex');
const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
