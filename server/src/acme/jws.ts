// The checks RFC 8555 §6.2 asks of every ACME POST: a JWS in the flattened JSON serialization, no unprotected
// header, an asymmetric algorithm the server supports (ES256, RS256), a nonce, the URL the request was sent to, and
// either the account key itself (`jwk`: newAccount, revokeCert by the certificate's key) or the account's URL
// (`kid`: every other request), never both; then the signature, checked with node:crypto. Whether the nonce is one the
// server gave and unused, and which account a `kid` names, are the caller's (its store): this module only asks.
// Each refusal is the RFC 8555 §6.7 problem type the RFC names for it.
import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import type { JWK } from 'jose';
import { AcmeProblem } from './problems';

/** The account key algorithms accepted (RFC 8555 §6.2: ES256 and RS256; never "none" or a MAC). */
export const ACME_JWS_ALGORITHMS = ['ES256', 'RS256'] as const;
export type AcmeJwsAlgorithm = (typeof ACME_JWS_ALGORITHMS)[number];
/** The smallest RSA account key accepted, in bits. */
export const MIN_RSA_BITS = 2048;

export interface AcmeProtectedHeader {
  alg: AcmeJwsAlgorithm;
  nonce: string;
  url: string;
  jwk?: JWK;
  kid?: string;
}

export interface VerifiedAcmeRequest {
  header: AcmeProtectedHeader;
  /** The parsed payload; null for a POST-as-GET (an empty payload, RFC 8555 §6.3). */
  payload: unknown;
  /** The key that signed: the header's `jwk`, or the account key its `kid` names. */
  key: JWK;
}

export interface VerifyOptions {
  /** The URL the request was received at, as the server publishes it. */
  url: string;
  /** `jwk`: the request must carry the key (newAccount); `kid`: an account URL (the rest); `either`: revokeCert. */
  keyFrom: 'jwk' | 'kid' | 'either';
  /** The account key of an account URL, or null when there is no such account. */
  accountKey?: (kid: string) => Promise<JWK | null>;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeSegment(segment: string, what: string): Buffer {
  if (!BASE64URL.test(segment)) throw new AcmeProblem('malformed', `The JWS ${what} is not base64url`);
  return Buffer.from(segment, 'base64url');
}

function parseJson(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AcmeProblem('malformed', `The JWS ${what} is not JSON`);
  }
}

/** A JSON object (not null, not an array): what every ACME payload and JWS part must be. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request body as a flattened JWS: exactly `protected`, `payload` and `signature`, each a string. */
function flattened(body: unknown): { protected: string; payload: string; signature: string } {
  if (!isObject(body)) throw new AcmeProblem('malformed', 'The request body is not a JWS');
  if ('signatures' in body)
    throw new AcmeProblem('malformed', 'The JWS must use the flattened JSON serialization');
  if ('header' in body) throw new AcmeProblem('malformed', 'The JWS must not have an unprotected header');
  const { protected: p, payload, signature } = body;
  if (typeof p !== 'string' || typeof payload !== 'string' || typeof signature !== 'string')
    throw new AcmeProblem('malformed', 'The JWS needs protected, payload and signature');
  const extra = Object.keys(body).filter((k) => !['protected', 'payload', 'signature'].includes(k));
  if (extra.length) throw new AcmeProblem('malformed', `The JWS has unexpected members: ${extra.join(', ')}`);
  return { protected: p, payload, signature };
}

/** The protected header, checked for what every ACME request needs. */
function protectedHeader(segment: string, opts: VerifyOptions): AcmeProtectedHeader {
  const header = parseJson(decodeSegment(segment, 'protected header'), 'protected header');
  if (!isObject(header)) throw new AcmeProblem('malformed', 'The JWS protected header is not an object');
  const { alg, nonce, url, jwk, kid } = header;
  // RFC 7797's unencoded payloads, or any extension a verifier must understand: ACME uses none
  if ('crit' in header || 'b64' in header)
    throw new AcmeProblem('malformed', 'The JWS protected header must not have crit or b64');
  if (typeof alg !== 'string' || !(ACME_JWS_ALGORITHMS as readonly string[]).includes(alg))
    throw new AcmeProblem(
      'badSignatureAlgorithm',
      `The JWS algorithm ${JSON.stringify(alg)} is not supported`,
      {
        algorithms: [...ACME_JWS_ALGORITHMS],
      },
    );
  if (typeof nonce !== 'string' || nonce === '' || !BASE64URL.test(nonce))
    throw new AcmeProblem('badNonce', 'The JWS protected header has no valid nonce');
  if (typeof url !== 'string') throw new AcmeProblem('malformed', 'The JWS protected header has no url');
  if (url !== opts.url)
    throw new AcmeProblem('unauthorized', `The JWS was signed for ${url}, not for ${opts.url}`);
  if ((jwk === undefined) === (kid === undefined))
    throw new AcmeProblem('malformed', 'The JWS protected header must have exactly one of jwk and kid');
  if (jwk !== undefined && opts.keyFrom === 'kid')
    throw new AcmeProblem('malformed', 'This request must name its account with kid, not carry a jwk');
  if (kid !== undefined && opts.keyFrom === 'jwk')
    throw new AcmeProblem('malformed', 'This request must carry the account key as jwk, not a kid');
  if (kid !== undefined && (typeof kid !== 'string' || kid === ''))
    throw new AcmeProblem('malformed', 'The JWS kid is not an account URL');
  if (jwk !== undefined && !isObject(jwk)) throw new AcmeProblem('malformed', 'The JWS jwk is not a JWK');
  return {
    alg: alg as AcmeJwsAlgorithm,
    nonce,
    url,
    ...(jwk !== undefined ? { jwk: jwk as JWK } : {}),
    ...(kid !== undefined ? { kid: kid as string } : {}),
  };
}

/** Private members of a JWK: an account key sent with any of them is refused. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The account key as a public JWK the algorithm can use: P-256 for ES256, RSA of MIN_RSA_BITS or more for RS256. */
export function checkAccountKey(jwk: JWK, alg: AcmeJwsAlgorithm): void {
  if (PRIVATE_MEMBERS.some((m) => m in jwk))
    throw new AcmeProblem('badPublicKey', 'The account key must be a public key');
  if (alg === 'ES256') {
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string')
      throw new AcmeProblem('badPublicKey', 'An ES256 account key must be a P-256 EC key');
    return;
  }
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string')
    throw new AcmeProblem('badPublicKey', 'An RS256 account key must be an RSA key');
  const hex = Buffer.from(jwk.n, 'base64url').toString('hex');
  const bits = hex ? BigInt(`0x${hex}`).toString(2).length : 0;
  if (bits < MIN_RSA_BITS)
    throw new AcmeProblem('badPublicKey', `An RSA account key must have at least ${MIN_RSA_BITS} bits`);
}

/**
 * Checks an ACME POST body (RFC 8555 §6.2–§6.4) and answers its header, its payload and the key that signed it;
 * throws an AcmeProblem for anything else. The nonce is only checked for its form: the caller consumes it.
 */
export async function verifyAcmeRequest(body: unknown, opts: VerifyOptions): Promise<VerifiedAcmeRequest> {
  const jws = flattened(body);
  const header = protectedHeader(jws.protected, opts);
  let key: JWK;
  if (header.jwk) {
    key = header.jwk;
  } else {
    const found = opts.accountKey ? await opts.accountKey(header.kid as string) : null;
    if (!found) throw new AcmeProblem('accountDoesNotExist', 'No account has this kid');
    key = found;
  }
  checkAccountKey(key, header.alg);
  if (!signatureVerifies(jws, key, header.alg))
    throw new AcmeProblem('malformed', 'The JWS signature does not verify');
  const bytes = decodeSegment(jws.payload, 'payload');
  const payload = bytes.length === 0 ? null : parseJson(bytes, 'payload');
  return { header, payload, key };
}

/** Public keys of the accounts seen lately, by their JWK: importing a key costs more than verifying with it. */
const keyObjects = new Map<string, KeyObject>();
const MAX_KEY_OBJECTS = 1000;

function keyObjectOf(jwk: JWK): KeyObject {
  const id = JSON.stringify([jwk.kty, jwk.crv, jwk.x, jwk.y, jwk.n, jwk.e]);
  let key = keyObjects.get(id);
  if (!key) {
    try {
      key = createPublicKey({ key: jwk as never, format: 'jwk' });
    } catch {
      throw new AcmeProblem('badPublicKey', 'The account key is not a valid public key');
    }
    if (keyObjects.size >= MAX_KEY_OBJECTS) keyObjects.delete(keyObjects.keys().next().value as string);
    keyObjects.set(id, key);
  }
  return key;
}

/**
 * The JWS signature over `protected.payload` (RFC 7515 §5.2), checked with node:crypto at once: ES256 as the
 * 64-byte r‖s of JWA, RS256 as RSASSA-PKCS1-v1_5 with SHA-256.
 */
function signatureVerifies(
  jws: { protected: string; payload: string; signature: string },
  jwk: JWK,
  alg: AcmeJwsAlgorithm,
): boolean {
  const signature = decodeSegment(jws.signature, 'signature');
  if (alg === 'ES256' && signature.length !== 64) return false;
  const key = keyObjectOf(jwk);
  const input = Buffer.from(`${jws.protected}.${jws.payload}`, 'ascii');
  try {
    return alg === 'ES256'
      ? verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature)
      : verify('sha256', input, key, signature);
  } catch {
    return false;
  }
}
