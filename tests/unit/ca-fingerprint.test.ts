// The account key's fingerprint in an SPC token: every form deployed clients write for the same key matches it, and
// nothing else does (another key, another hash, a digest cut short, the forms a broken hook writes).
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { type JWK, calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { fingerprintDigest, fingerprintMatches, jwkThumbprintDigest } from '../../server/src/ca';

const ec = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const colonHex = (b: Buffer) => b.toString('hex').match(/../g)!.join(':');
const spkiOf = (k: KeyObject) => k.export({ type: 'spki', format: 'der' });
const sha = (name: string, data: Buffer | string) => createHash(name).update(data).digest();

/** Every accepted form of the key's two digests: `SHA256 ` + colon hex (upper, lower) and base64url. */
function forms(key: KeyObject): string[] {
  const digests = [sha('sha256', spkiOf(key)), jwkThumbprintDigest(key)];
  return digests.flatMap((d) => [
    `SHA256 ${colonHex(d).toUpperCase()}`,
    `SHA256 ${colonHex(d)}`,
    d.toString('base64url'),
  ]);
}

describe('fingerprintMatches', () => {
  for (const [name, make] of [
    ['EC P-256', ec],
    ['RSA', rsa],
  ] as const) {
    it(`accepts every form of a ${name} key's fingerprint`, () => {
      const { publicKey, privateKey } = make();
      const all = forms(publicKey);
      expect(all).toHaveLength(6);
      for (const form of all) {
        expect(fingerprintMatches(form, publicKey), form).toBe(true);
        // the key may be given by its private half
        expect(fingerprintMatches(form, privateKey), form).toBe(true);
      }
      // as ATIS-1000080 writes it, and as clients vary it: the name in lower case, spaces around
      const [atis] = all;
      for (const variant of [atis.replace('SHA256', 'sha256'), ` ${atis} `, atis.replace(' ', '  ')])
        expect(fingerprintMatches(variant, publicKey), variant).toBe(true);
    });
  }

  it('computes the RFC 7638 thumbprint as jose does (EC and RSA)', async () => {
    for (const { publicKey } of [ec(), rsa()]) {
      const expected = await calculateJwkThumbprint(publicKey.export({ format: 'jwk' }) as JWK);
      expect(jwkThumbprintDigest(publicKey).toString('base64url')).toBe(expected);
    }
  });

  it("refuses another key's fingerprint, in every form", () => {
    const { publicKey } = ec();
    for (const form of [...forms(ec().publicKey), ...forms(rsa().publicKey)])
      expect(fingerprintMatches(form, publicKey), form).toBe(false);
  });

  it('refuses near misses: another hash, a digest cut short or spelled otherwise', () => {
    const { publicKey } = ec();
    const spki = spkiOf(publicKey);
    const digest = sha('sha256', spki);
    const upper = colonHex(digest).toUpperCase();
    const misses = [
      // another hash, under its own name and under SHA256's
      `SHA1 ${colonHex(sha('sha1', spki)).toUpperCase()}`,
      `SHA384 ${colonHex(sha('sha384', spki)).toUpperCase()}`,
      `SHA256 ${colonHex(sha('sha384', spki)).toUpperCase()}`,
      `SHA1 ${upper}`,
      `SHA512 ${upper}`,
      // cut short, or one octet changed
      `SHA256 ${upper.slice(0, -3)}`,
      `SHA256 ${upper.slice(0, -1)}`,
      `SHA256 ${upper.slice(0, -2)}${upper.endsWith('00') ? '01' : '00'}`,
      digest.toString('base64url').slice(0, -1),
      // hex without the name or without colons, base64 with padding
      upper,
      `SHA256 ${upper.replace(/:/g, '')}`,
      `SHA256:${upper}`,
      digest.toString('base64'),
      // a digest of something else of the key: its PEM text, or nothing at all (an RSA tool run on an EC key)
      `SHA256 ${colonHex(sha('sha256', publicKey.export({ type: 'spki', format: 'pem' }) as string)).toUpperCase()}`,
      `SHA256 ${colonHex(sha('sha256', '')).toUpperCase()}`,
      '',
      'SHA256 ',
    ];
    for (const miss of misses) expect(fingerprintMatches(miss, publicKey), miss).toBe(false);
  });

  it('reads one spelling per digest (base64url with unused bits set is refused)', () => {
    const digest = sha('sha256', 'x');
    const canonical = digest.toString('base64url');
    expect(fingerprintDigest(canonical)).toEqual(digest);
    const last = canonical.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // the last of 43 characters carries 4 bits of the digest and 2 unused ones
    const noisy = canonical.slice(0, -1) + alphabet[alphabet.indexOf(last) + 1];
    expect(Buffer.from(noisy, 'base64url')).toEqual(digest);
    expect(fingerprintDigest(noisy)).toBeNull();
  });
});
