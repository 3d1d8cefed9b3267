// The account key's fingerprint in an SPC token's atc (ATIS-1000080, RFC 9448 §6), in the forms deployed clients
// write it: a SHA-256 over the key's SubjectPublicKeyInfo DER (ATIS-1000080's) or over its RFC 7638 JWK thumbprint
// input (the RFC 8555 §8.1 thumbprint), as `SHA256 ` and colon-separated hex pairs in either case, or as base64url.
// A fingerprint matches a key only when its digest is one of that key's two: never another key's, another hash's, or
// a digest cut short.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

const HEX_FORM = /^SHA256[ \t]+((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})$/i;
const BASE64URL_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 digest a fingerprint carries, when it is written in one of the accepted forms; else null. */
export function fingerprintDigest(claimed: string): Buffer | null {
  const s = claimed.trim();
  const hex = HEX_FORM.exec(s);
  if (hex) return Buffer.from(hex[1].replace(/:/g, ''), 'hex');
  if (!BASE64URL_FORM.test(s)) return null;
  const digest = Buffer.from(s, 'base64url');
  // one spelling per digest: the last character's unused bits must be zero
  return digest.toString('base64url') === s ? digest : null;
}

// RFC 7638 §3.2: the required members of each key type, in lexicographic order
const THUMBPRINT_MEMBERS: Record<string, string[]> = {
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
  OKP: ['crv', 'kty', 'x'],
};

/** The RFC 7638 JWK thumbprint of a public key (SHA-256), as bytes. */
export function jwkThumbprintDigest(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' }) as Record<string, unknown>;
  const members = THUMBPRINT_MEMBERS[String(jwk.kty)];
  if (!members) throw new Error(`no JWK thumbprint for key type ${String(jwk.kty)}`);
  const input = `{${members.map((m) => `${JSON.stringify(m)}:${JSON.stringify(jwk[m])}`).join(',')}}`;
  return createHash('sha256').update(input, 'utf8').digest();
}

/** Does `claimed` fingerprint this key (its public half), in any of the accepted forms? */
export function fingerprintMatches(claimed: string, keyObject: KeyObject): boolean {
  const digest = fingerprintDigest(claimed);
  if (!digest) return false;
  const key = keyObject.type === 'private' ? createPublicKey(keyObject) : keyObject;
  const spki = createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest();
  return digest.equals(spki) || digest.equals(jwkThumbprintDigest(key));
}
