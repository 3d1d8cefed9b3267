import { describe, expect, it } from 'vitest';
import {
  DerError,
  children,
  decodeOid,
  decodeOne,
  decodeTime,
  ecdsaSignatureToDer,
  encodeTime,
  ia5,
  integerFromHex,
  oid,
  sequence,
  tlv,
} from '../../server/src/ca/der';
import { basicConstraintsValue, keyUsageValue } from '../../server/src/ca/x509Parts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('DER', () => {
  it.each([
    ['1.2.840.10045.4.3.2', '06082a8648ce3d040302'],
    ['1.3.6.1.5.5.7.1.26', '06082b0601050507011a'],
    ['2.16.840.1.114569.1.1.4', '060a6086480186ff09010104'],
    ['2.5.29.32.0', '0604551d2000'],
  ])('encodes and decodes the OID %s', (dotted, der) => {
    expect(hex(oid(dotted))).toBe(der);
    expect(decodeOid(decodeOne(oid(dotted)).value)).toBe(dotted);
  });

  it('uses long-form lengths past 127 octets and reads them back', () => {
    const big = tlv(0x04, new Uint8Array(300));
    expect(hex(big.subarray(0, 4))).toBe('0482012c');
    expect(decodeOne(big).value).toHaveLength(300);
    const seq = sequence(big, ia5('x'));
    expect(children(decodeOne(seq)).map((c) => c.tag)).toEqual([0x04, 0x16]);
  });

  it.each([
    ['indefinite length', '3080'],
    ['non-minimal long form', '30810100'],
    ['leading zero length octet', '3082000100'],
    ['truncated', '3005010101'],
    ['trailing data', '300000'],
  ])('rejects %s', (_n, h) => {
    expect(() => decodeOne(Buffer.from(h, 'hex'))).toThrow(DerError);
  });

  it('writes key usage and basic constraints in minimal DER', () => {
    expect(hex(keyUsageValue([0]))).toBe('03020780');
    expect(hex(keyUsageValue([5, 6]))).toBe('03020106');
    expect(hex(keyUsageValue([0, 8]))).toBe('0303078080');
    expect(hex(basicConstraintsValue(false))).toBe('3000');
    expect(hex(basicConstraintsValue(true))).toBe('30030101ff');
    expect(hex(basicConstraintsValue(true, 0))).toBe('30060101ff020100');
  });

  it('refuses non-ASCII IA5Strings', () => {
    expect(() => ia5('é')).toThrow(DerError);
  });
});

describe('DER for certificates', () => {
  it('writes UTCTime through 2049 and GeneralizedTime from 2050, in whole seconds, and reads both back', () => {
    const utc = encodeTime(new Date('2026-11-23T13:14:15.999Z'));
    expect(Buffer.from(utc).toString('latin1')).toBe('\x17\x0d261123131415Z');
    expect(decodeTime(decodeOne(utc)).toISOString()).toBe('2026-11-23T13:14:15.000Z');
    const generalized = encodeTime(new Date('2050-01-01T00:00:00Z'));
    expect(Buffer.from(generalized).toString('latin1')).toBe('\x18\x0f20500101000000Z');
    expect(decodeTime(decodeOne(generalized)).toISOString()).toBe('2050-01-01T00:00:00.000Z');
    expect(decodeTime(decodeOne(Buffer.from('170d3439313233313233353935395a', 'hex'))).getUTCFullYear()).toBe(
      2049,
    );
    expect(decodeTime(decodeOne(Buffer.from('170d3530303130313030303030305a', 'hex'))).getUTCFullYear()).toBe(
      1950,
    );
  });

  it.each([
    ['fractions', '1811' + Buffer.from('20261123131415.5Z').toString('hex')],
    ['a local time', '170c' + Buffer.from('261123131415').toString('hex')],
    ['February 30th', '170d' + Buffer.from('260230000000Z').toString('hex')],
    ['hour 24', '170d' + Buffer.from('261123240000Z').toString('hex')],
    ['an OCTET STRING', '040d' + Buffer.from('261123131415Z').toString('hex')],
  ])('refuses %s as a certificate time', (_name, der) => {
    expect(() => decodeTime(decodeOne(Buffer.from(der, 'hex')))).toThrow(DerError);
  });

  it('turns r || s into an ECDSA-Sig-Value with minimal, positive INTEGERs', () => {
    const r = Buffer.alloc(32, 0);
    r[31] = 0x05; // small r: leading zero octets dropped
    const s = Buffer.alloc(32, 0xff); // high bit set: a 00 octet keeps it positive
    expect(hex(ecdsaSignatureToDer(Buffer.concat([r, s])))).toBe(`3026020105022100${'ff'.repeat(32)}`);
    expect(() => ecdsaSignatureToDer(new Uint8Array(63))).toThrow(DerError);
  });

  it('writes a serial INTEGER as given, with a 00 octet only when the top bit is set', () => {
    expect(hex(integerFromHex('7f01'))).toBe('02027f01');
    expect(hex(integerFromHex('8001'))).toBe('0203008001');
    expect(() => integerFromHex('abc')).toThrow(DerError);
  });
});
