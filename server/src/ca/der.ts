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
  tag: number;
  value: Uint8Array;
  raw: Uint8Array;
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

/** Reads one TLV at `offset`, strict DER lengths only (definite, minimal). */
export function readTlv(input: Uint8Array, offset = 0): { tlv: Tlv; next: number } {
  if (offset + 2 > input.length) throw new DerError('truncated TLV');
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
    if (pos + count > input.length) throw new DerError('truncated length');
    if (input[pos] === 0) throw new DerError('non-minimal length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + input[pos++];
    if (length < 0x80) throw new DerError('non-minimal length');
  }
  const end = pos + length;
  if (end > input.length) throw new DerError('truncated value');
  return { tlv: { tag, value: input.subarray(pos, end), raw: input.subarray(offset, end) }, next: end };
}

/** Decodes exactly one TLV that must fill `input`. */
export function decodeOne(input: Binary, expectedTag?: number): Tlv {
  const bytes = toBytes(input);
  const { tlv, next } = readTlv(bytes, 0);
  if (next !== bytes.length) throw new DerError('trailing bytes after the value');
  if (expectedTag !== undefined && tlv.tag !== expectedTag) {
    throw new DerError(`expected tag 0x${hex2(expectedTag)}, found 0x${hex2(tlv.tag)}`);
  }
  return tlv;
}

/** The children of a constructed value. */
export function children(tlv: Tlv): Tlv[] {
  if ((tlv.tag & 0x20) === 0) throw new DerError(`tag 0x${hex2(tlv.tag)} is not constructed`);
  const out: Tlv[] = [];
  let pos = 0;
  while (pos < tlv.value.length) {
    const { tlv: child, next } = readTlv(tlv.value, pos);
    out.push(child);
    pos = next;
  }
  return out;
}

export function decodeOid(value: Uint8Array): string {
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

// ---- writer ----

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}

export function tlv(tag: number, ...content: Uint8Array[]): Uint8Array {
  const value = concat(...content);
  return concat(Uint8Array.of(tag), encodeLength(value.length), value);
}

export const sequence = (...content: Uint8Array[]) => tlv(TAG.sequence, ...content);

export function oid(dotted: string): Uint8Array {
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
  return tlv(TAG.oid, Uint8Array.from(body));
}

export function ia5(text: string, tag: number = TAG.ia5String): Uint8Array {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(text)) throw new DerError('IA5String takes ASCII only');
  return tlv(tag, new TextEncoder().encode(text));
}

export const hex = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(toBytes(bytes)).toString('hex');
const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
