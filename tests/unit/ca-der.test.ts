import { describe, expect, it } from 'vitest';
import { DerError, children, decodeOid, decodeOne, ia5, oid, sequence, tlv } from '../../server/src/ca/der';
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
