import { describe, expect, it } from 'vitest';
import {
  TN_AUTH_LIST_OID,
  TnAuthListError,
  decodeBase64Loose,
  decodeTnAuthList,
  encodeTnAuthList,
  tkvalueMatches,
  tnAuthListToBase64,
} from '../../server/src/ca/tnAuthList';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const fromHex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));

describe('TNAuthList', () => {
  it('has the RFC 8226 OID', () => {
    expect(TN_AUTH_LIST_OID).toBe('1.3.6.1.5.5.7.1.26');
  });

  it('encodes 073K as the SHAKEN test vector', () => {
    expect(hex(encodeTnAuthList('073K'))).toBe('3008A00616043037334B');
  });

  it('round-trips SPCs', () => {
    for (const spc of ['073K', '1234', 'ABCD', '0000', '999Z']) {
      const der = encodeTnAuthList(spc);
      expect(der).toHaveLength(10);
      expect(decodeTnAuthList(der)).toBe(spc);
      expect(decodeTnAuthList(der.buffer as ArrayBuffer)).toBe(spc);
    }
  });

  it('refuses to encode an SPC that is not four upper-case letters or digits', () => {
    for (const spc of ['', '073', '073KK', '073k', '07 K', 'ÄBCD', '073-']) {
      expect(() => encodeTnAuthList(spc), spc).toThrow(TnAuthListError);
    }
  });

  it.each([
    ['empty', ''],
    ['truncated', '3008A00616043037334'],
    ['short by one byte', '3008A00616043037'],
    ['trailing byte', '3008A00616043037334B00'],
    ['not a SEQUENCE', '3108A00616043037334B'],
    ['empty list', '3000'],
    ['two entries', '3010A00616043037334BA00616043132333'.padEnd(36, '4')],
    ['range choice [1]', '3008A10616043037334B'],
    ['one choice [2]', '3008A20616043037334B'],
    ['implicit [0] instead of explicit', '300680043037334B'],
    ['UTF8String instead of IA5String', '3008A006 0C043037334B'.replace(' ', '')],
    ['lower-case SPC', '3008A00616043037336B'],
    ['three-character SPC', '3007A005160330373'.padEnd(18, '3')],
    ['indefinite length', '3080A00616043037334B0000'],
    ['non-minimal length', '308108A00616043037334B'],
    ['two values inside [0]', '300CA00A16043037334B16020000'],
  ])('rejects malformed input: %s', (_name, h) => {
    expect(() => decodeTnAuthList(fromHex(h))).toThrow(TnAuthListError);
  });

  it('rejects a two-entry list built from valid entries', () => {
    const entry = encodeTnAuthList('073K').subarray(2);
    const two = new Uint8Array([0x30, entry.length * 2, ...entry, ...entry]);
    expect(() => decodeTnAuthList(two)).toThrow(/exactly one TNEntry/);
  });

  describe('tkvalue', () => {
    const der = encodeTnAuthList('073K');

    it('is standard padded base64 when produced', () => {
      expect(tnAuthListToBase64(der)).toBe('MAigBhYEMDczSw==');
    });

    it('matches padded or unpadded, base64 or base64url', () => {
      for (const v of ['MAigBhYEMDczSw==', 'MAigBhYEMDczSw', ' MAigBhYEMDczSw== '])
        expect(tkvalueMatches(v, der), v).toBe(true);
      // A value whose base64 uses + and / differs between the alphabets.
      const odd = fromHex('fbff3e');
      expect(tkvalueMatches('+/8+', odd)).toBe(true);
      expect(tkvalueMatches('-_8-', odd)).toBe(true);
    });

    it('does not match another SPC, garbage, or sloppy padding', () => {
      expect(tkvalueMatches(tnAuthListToBase64(encodeTnAuthList('073L')), der)).toBe(false);
      for (const v of [
        '',
        'MAigBhYEMDczSw=',
        'MAigBhYEMDczSw===',
        'MAig*hYEMDczSw==',
        'MAigBhYEMDczS',
        '+/8-_',
      ]) {
        expect(tkvalueMatches(v, der), v).toBe(false);
      }
      expect(() => decodeBase64Loose('a')).toThrow(TnAuthListError);
    });
  });
});
