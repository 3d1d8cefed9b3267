// TNAuthList (RFC 8226), as SHAKEN uses it: exactly one entry, the `spc` choice.
//   TNAuthorizationList ::= SEQUENCE SIZE (1..MAX) OF TNEntry
//   TNEntry ::= CHOICE { spc [0] ServiceProviderCode, range [1] ..., one [2] ... }   -- EXPLICIT tags
//   ServiceProviderCode ::= IA5String
// For `073K`: 30 08 A0 06 16 04 30 37 33 4B.
import { type Binary, DerError, TAG, ascii, children, decodeOne, ia5, sequence, tlv, toBytes } from './der';

export const TN_AUTH_LIST_OID = '1.3.6.1.5.5.7.1.26';

/** An SPC as it goes into a certificate: the US OCN, four upper-case letters or digits. */
export const SPC_RE = /^[0-9A-Z]{4}$/;

export class TnAuthListError extends Error {
  override readonly name = 'TnAuthListError';
}

export function assertSpc(spc: string): void {
  if (!SPC_RE.test(spc))
    throw new TnAuthListError(`SPC must be four upper-case letters or digits, got ${JSON.stringify(spc)}`);
}

/** The DER of the extension value for one SPC. */
export function encodeTnAuthList(spc: string): Uint8Array {
  assertSpc(spc);
  return sequence(tlv(0xa0, ia5(spc)));
}

/** The SPC of a one-entry TNAuthList; anything else (ranges, numbers, several entries, bad DER) throws. */
export function decodeTnAuthList(der: Binary): string {
  try {
    const list = decodeOne(der, TAG.sequence);
    const entries = children(list);
    if (entries.length !== 1)
      throw new TnAuthListError(`expected exactly one TNEntry, found ${entries.length}`);
    const entry = entries[0];
    if (entry.tag !== 0xa0) throw new TnAuthListError('only the spc choice ([0]) is accepted');
    const inner = children(entry);
    if (inner.length !== 1 || inner[0].tag !== TAG.ia5String)
      throw new TnAuthListError('spc must be one IA5String');
    const spc = ascii(inner[0].value);
    assertSpc(spc);
    return spc;
  } catch (err) {
    if (err instanceof TnAuthListError) throw err;
    if (err instanceof DerError) throw new TnAuthListError(`malformed TNAuthList: ${err.message}`);
    throw err;
  }
}

/** Standard base64, padded: what the SPC token's `tkvalue` carries. */
export function tnAuthListToBase64(der: Binary): string {
  return Buffer.from(toBytes(der)).toString('base64');
}

/**
 * Decodes base64 or base64url, padded or not; throws on any other character or an impossible length, so a
 * sloppy token cannot compare equal by accident (Buffer.from alone silently skips bad characters).
 */
export function decodeBase64Loose(text: string): Uint8Array {
  const s = text.trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(s)) throw new TnAuthListError('not base64 or base64url');
  const body = s.replace(/=+$/, '');
  if (body.length % 4 === 1) throw new TnAuthListError('impossible base64 length');
  if (s.length !== body.length && s.length % 4 !== 0) throw new TnAuthListError('wrong base64 padding');
  if (/[+/]/.test(body) && /[-_]/.test(body)) throw new TnAuthListError('mixed base64 alphabets');
  return new Uint8Array(Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

/** True when an SPC token's `tkvalue` decodes to exactly `der` (e.g. the certificate's TNAuthList). */
export function tkvalueMatches(tkvalue: string, der: Binary): boolean {
  let decoded: Uint8Array;
  try {
    decoded = decodeBase64Loose(tkvalue);
  } catch {
    return false;
  }
  return Buffer.compare(Buffer.from(decoded), Buffer.from(toBytes(der))) === 0;
}
