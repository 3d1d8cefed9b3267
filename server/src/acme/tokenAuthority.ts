// The portal's token authority for delegate customers (RFC 9447, RFC 9448; docs/acme.md, "Delegate certificates by
// ACME"): the STI-PA vouches for a provider's SPC, and the portal, which holds the provider's inventory, vouches for
// the numbers a provider handed to one of its customers. It signs an authority token (an ES256 JWT whose `atc`
// names a TNAuthList of numbers, `ca` false, and the fingerprint of the customer's account key) for a customer's
// ACME account, and the ACME server accepts, for a delegate order, such tokens only.
//
// Its key is derived from the key-encryption key, as the nonces' key is: every server holds the same one and
// nothing is stored. Its certificate, at the tokens' x5u, is self-signed: it names the key for readers; the ACME
// server checks a token against the key itself, never against what an x5u would fetch.
import {
  randomUUID,
  createECDH,
  createHmac,
  createPrivateKey,
  createPublicKey,
  webcrypto,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';
import { fingerprintMatches, x509 } from '../ca';
import { isObject } from './jws';

/** How long an authority token may be presented: long enough to answer the challenge it was asked for. */
export const TOKEN_LIFETIME_S = 10 * 60;

// P-256's group order: a private scalar is 1 to n - 1
const P256_N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export interface TokenAuthority {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Its certificate in PEM, made once per process. */
  certificatePem(): Promise<string>;
}

/** The token authority's key, derived from the key-encryption key (HMAC-SHA-256, counter until a valid scalar). */
export function tokenAuthorityOf(kek: Uint8Array): TokenAuthority {
  let d: Buffer;
  let counter = 0;
  do {
    d = createHmac('sha256', Buffer.from(kek)).update(`acme-token-authority-v1:${counter++}`).digest();
  } while (BigInt(`0x${d.toString('hex')}`) === 0n || BigInt(`0x${d.toString('hex')}`) >= P256_N);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    d: d.toString('base64url'),
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
  const publicKey = createPublicKey(privateKey);
  let pem: Promise<string> | undefined;
  return {
    privateKey,
    publicKey,
    certificatePem: () => (pem ??= selfSigned(jwk)),
  };
}

async function selfSigned(jwk: webcrypto.JsonWebKey): Promise<string> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = {
    privateKey: await webcrypto.subtle.importKey('jwk', jwk, algorithm, false, ['sign']),
    publicKey: await webcrypto.subtle.importKey('jwk', { ...jwk, d: undefined }, algorithm, true, ['verify']),
  };
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=SHAKEN portal token authority',
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 365 * 24 * 3600_000),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    ],
  });
  return cert.toString('pem');
}

/** What an authority token vouches for: the TNAuthList (base64 DER) for the key `fingerprint` names. */
export interface AuthorityClaim {
  tkvalue: string;
  fingerprint: string;
}

/** An ES256 authority token, `typ` JWT, `x5u` the authority's certificate, for `claim` until now + TOKEN_LIFETIME_S. */
export async function signAuthorityToken(
  ta: TokenAuthority,
  x5u: string,
  claim: AuthorityClaim,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = {
    iat,
    exp: iat + TOKEN_LIFETIME_S,
    jti: randomUUID(),
    atc: { tktype: 'TNAuthList', tkvalue: claim.tkvalue, ca: false, fingerprint: claim.fingerprint },
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', x5u })
    .sign(ta.privateKey);
}

/** Why a token was refused: said in the challenge's error. */
export class AuthorityTokenError extends Error {}

/**
 * RFC 9448 §6's checks of a token presented for a delegate order: signed by this authority (its key, its x5u), not
 * expired, `tktype` TNAuthList, `tkvalue` the order's identifier (`sameList` compares), `ca` false, and the
 * fingerprint of the account's key. Answers its `jti` and expiry, for the caller to spend once.
 */
export async function verifyAuthorityToken(
  ta: TokenAuthority,
  token: string,
  expected: { x5u: string; sameList: (tkvalue: string) => boolean; accountKey: KeyObject; now: Date },
): Promise<{ jti: string; exp: Date }> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new AuthorityTokenError('it is not a JWT');
  }
  if (header.alg !== 'ES256') throw new AuthorityTokenError('it must be signed with ES256');
  if (header.x5u !== expected.x5u)
    throw new AuthorityTokenError(`its x5u must be this portal's token authority, ${expected.x5u}`);
  let payload: unknown;
  try {
    const verified = await compactVerify(token, ta.publicKey, { algorithms: ['ES256'] });
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch {
    throw new AuthorityTokenError("its signature is not this portal's token authority's");
  }
  if (!isObject(payload) || !isObject(payload.atc)) throw new AuthorityTokenError('it has no atc claim');
  const { exp, jti, atc } = payload as { exp: unknown; jti: unknown; atc: Record<string, unknown> };
  if (typeof exp !== 'number' || exp * 1000 <= expected.now.getTime())
    throw new AuthorityTokenError('it has expired; ask the token authority for a new one');
  if (typeof jti !== 'string' || jti === '') throw new AuthorityTokenError('it has no jti');
  if (atc.tktype !== 'TNAuthList') throw new AuthorityTokenError('its tktype must be TNAuthList');
  if (typeof atc.tkvalue !== 'string' || !expected.sameList(atc.tkvalue))
    throw new AuthorityTokenError("its tkvalue is not the order's TNAuthList");
  if (atc.ca !== false)
    throw new AuthorityTokenError('its ca must be false: delegate certificates are not CAs');
  if (typeof atc.fingerprint !== 'string' || !fingerprintMatches(atc.fingerprint, expected.accountKey))
    throw new AuthorityTokenError("its fingerprint is not this account's key");
  return { jti, exp: new Date(exp * 1000) };
}
