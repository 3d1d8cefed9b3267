// Verifies an SPC token (the STI-PA's ES256 JWT) before the RA lets the CA issue: signature by a certificate
// that chains to the configured STI-PA root, exp, jti not replayed, and an `atc` claim matching the request.
// No HTTP and no env in here: fetching the x5u and remembering jtis are the caller's, passed in.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, errors as joseErrors } from 'jose';
import { bytesEqual, toArrayBuffer, toBytes } from './der';
import { fingerprintMatches } from './fingerprint';
import { decodeBase64Loose, decodeTnAuthList, encodeTnAuthList, SPC_RE, tkvalueMatches } from './tnAuthList';
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  X509Certificate,
} from './x509';

export type SpcTokenFailure =
  | 'bad_format'
  | 'bad_signature'
  | 'untrusted_x5u'
  | 'x5u_not_https'
  | 'expired'
  | 'replayed'
  | 'wrong_tktype'
  | 'tkvalue_mismatch'
  | 'wrong_spc'
  | 'wrong_ca_flag'
  | 'fingerprint_mismatch';

export class SpcTokenError extends Error {
  override readonly name = 'SpcTokenError';
  constructor(
    readonly reason: SpcTokenFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifySpcTokenOptions {
  /** The STI-PA root(s), PEM; one string may hold several certificates. */
  trustAnchorsPem: string[];
  /** true with a real STI-PA; the local simulator serves its certificate over plain http. */
  requireHttpsX5u: boolean;
  /** Fetches the x5u: PEM (possibly a chain, leaf first) or DER. */
  fetchCertificate(url: string): Promise<string | Uint8Array>;
  /** The provider's OCN on file. */
  expectedSpc: string;
  /** The `ca` flag of the certificate requested (false: an end-entity certificate). */
  expectedCa?: boolean;
  /**
   * The account key's fingerprint, when the request carries one: `SHA256 AA:BB:…` of its SPKI as the portal asked
   * the STI-PA for it (hex pairs compare in any case), or, for ACME, the account key itself, fingerprinted in any
   * form deployed clients write (fingerprintMatches).
   */
  expectedFingerprint?: string | KeyObject;
  now: Date;
  /** Atomically: true when `jti` was already used; otherwise records it (until `exp`) and answers false. */
  jtiSeen(jti: string, exp: Date): Promise<boolean>;
  /** Remembers x5u certificates whose path to the root verified (see createX5uCache); none: fetch every time. */
  x5uCache?: X5uCache;
}

/** An x5u certificate whose path to a trust anchor verified, with its key. */
interface TrustedX5u {
  leaf: X509Certificate;
  key: KeyObject;
  /** The anchors it was verified against: other anchors mean another verification. */
  anchors: string;
  /** Verified until (ms): then the x5u is fetched and its path verified again. */
  until: number;
}

export interface X5uCache {
  get(url: string): TrustedX5u | undefined;
  set(url: string, value: TrustedX5u): void;
  delete(url: string): void;
  readonly ttlMs: number;
}

/**
 * The STI-PA signs every token with the same certificate, so its x5u is fetched and its path verified once per
 * `ttlMs` (as call verifiers cache x5u certificates), not on each issuance. The leaf's validity is still checked
 * on every use, and a token whose signature fails with a remembered certificate makes it fetched again (the
 * STI-PA may have rotated it). At most `max` URLs are kept.
 */
export function createX5uCache(ttlMs = 10 * 60_000, max = 32): X5uCache {
  const entries = new Map<string, TrustedX5u>();
  return {
    ttlMs,
    get: (url) => entries.get(url),
    set(url, value) {
      entries.delete(url);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(url, value);
    },
    delete: (url) => void entries.delete(url),
  };
}

export interface VerifiedSpcToken {
  spc: string;
  /** The DER the certificate's TNAuthList extension must carry. */
  tnAuthListDer: Uint8Array;
  jti: string;
  exp: Date;
  x5u: string;
  fingerprint: string | undefined;
}

const MAX_CHAIN = 5;

const fail = (reason: SpcTokenFailure, message: string) => new SpcTokenError(reason, message);

/** The refusal of a token whose jti was used before (for a caller that spends the jti itself, later). */
export const replayedToken = () => fail('replayed', 'this SPC token was already used; request a new one');

/** Upper-case hex pairs after the algorithm name: `sha256 aa:bb` and `SHA256 AA:BB` compare equal. */
export function normalizeFingerprint(fp: string): string {
  return fp.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Does the token's fingerprint name the expected one: the same string in any case and spacing, or this key's? */
function fingerprintExpected(fingerprint: string, expected: string | KeyObject): boolean {
  return typeof expected === 'string'
    ? normalizeFingerprint(fingerprint) === normalizeFingerprint(expected)
    : fingerprintMatches(fingerprint, expected);
}

/** The header's x5u, once the header is an ES256 JWT header whose x5u is an http(s) URL (https when required). */
function x5uOf(token: string, requireHttps: boolean | undefined): string {
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
  } catch {
    throw fail('bad_format', 'the SPC token header is not valid JSON');
  }
  if (header.alg !== 'ES256')
    throw fail('bad_format', `the SPC token must be signed with ES256, not ${String(header.alg)}`);
  if (header.typ !== undefined && String(header.typ).toUpperCase() !== 'JWT')
    throw fail('bad_format', `unexpected token type ${String(header.typ)}`);
  if (typeof header.x5u !== 'string' || !header.x5u) throw fail('bad_format', 'the SPC token has no x5u');
  const x5u = header.x5u;
  let x5uUrl: URL;
  try {
    x5uUrl = new URL(x5u);
  } catch {
    throw fail('bad_format', 'the SPC token x5u is not a URL');
  }
  if (x5uUrl.protocol !== 'https:' && (requireHttps || x5uUrl.protocol !== 'http:'))
    throw fail('x5u_not_https', `the SPC token x5u must be an https URL, got ${x5uUrl.protocol}`);
  return x5u;
}

export async function verifySpcToken(token: string, opts: VerifySpcTokenOptions): Promise<VerifiedSpcToken> {
  if (!SPC_RE.test(opts.expectedSpc))
    throw fail('wrong_spc', `the provider's OCN "${opts.expectedSpc}" is not a valid SPC`);
  if (typeof token !== 'string' || token.trim().split('.').length !== 3)
    throw fail('bad_format', 'the SPC token is not a compact JWT');
  token = token.trim();

  const x5u = x5uOf(token, opts.requireHttpsX5u);

  const anchors = opts.trustAnchorsPem.join('\n');
  const remembered = opts.x5uCache?.get(x5u);
  const usable =
    remembered &&
    remembered.anchors === anchors &&
    opts.now.getTime() < remembered.until &&
    validAt(remembered.leaf, opts.now);
  let payloadBytes = usable ? await verifiedPayload(token, remembered.key).catch(() => undefined) : undefined;
  if (!payloadBytes) {
    if (remembered) opts.x5uCache?.delete(x5u);
    const leaf = await trustedLeaf(x5u, opts);
    const key = leafKey(leaf);
    payloadBytes = await verifiedPayload(token, key);
    opts.x5uCache?.set(x5u, { leaf, key, anchors, until: opts.now.getTime() + opts.x5uCache.ttlMs });
  }

  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payloadBytes));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    payload = parsed as Record<string, unknown>;
  } catch {
    throw fail('bad_format', 'the SPC token payload is not a JSON object');
  }

  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp))
    throw fail('bad_format', 'the SPC token has no exp');
  const exp = new Date(payload.exp * 1000);
  if (exp.getTime() <= opts.now.getTime())
    throw fail('expired', 'the SPC token has expired; request a new one');
  if (typeof payload.jti !== 'string' || !payload.jti) throw fail('bad_format', 'the SPC token has no jti');
  const jti = payload.jti;

  const atc = payload.atc;
  if (!atc || typeof atc !== 'object' || Array.isArray(atc))
    throw fail('bad_format', 'the SPC token has no atc claim');
  const { tktype, tkvalue, ca, fingerprint } = atc as Record<string, unknown>;
  if (typeof tktype !== 'string' || tktype.toLowerCase() !== 'tnauthlist')
    throw fail('wrong_tktype', `atc.tktype must be TNAuthList, got ${JSON.stringify(tktype)}`);
  if (typeof tkvalue !== 'string') throw fail('bad_format', 'atc.tkvalue is missing');
  const expectedDer = encodeTnAuthList(opts.expectedSpc);
  if (!tkvalueMatches(tkvalue, expectedDer)) {
    const other = spcOf(tkvalue);
    if (other) throw fail('wrong_spc', `the SPC token is for OCN ${other}, not ${opts.expectedSpc}`);
    throw fail('tkvalue_mismatch', 'atc.tkvalue is not the TNAuthList of the certificate');
  }
  const expectedCa = opts.expectedCa ?? false;
  if (ca !== expectedCa) throw fail('wrong_ca_flag', `atc.ca must be ${expectedCa}`);
  if (fingerprint !== undefined && typeof fingerprint !== 'string')
    throw fail('bad_format', 'atc.fingerprint is not a string');
  if (
    opts.expectedFingerprint !== undefined &&
    (fingerprint === undefined || !fingerprintExpected(fingerprint, opts.expectedFingerprint))
  )
    throw fail('fingerprint_mismatch', 'atc.fingerprint does not match the account key');

  // Last, so that only a token accepted in every other respect is spent.
  if (await opts.jtiSeen(jti, exp)) throw replayedToken();

  return { spc: opts.expectedSpc, tnAuthListDer: expectedDer, jti, exp, x5u, fingerprint };
}

/** The JWS payload once its ES256 signature verifies with `key`. */
async function verifiedPayload(token: string, key: KeyObject): Promise<Uint8Array> {
  try {
    return (await compactVerify(token, key, { algorithms: ['ES256'] })).payload;
  } catch (err) {
    if (
      err instanceof joseErrors.JWSSignatureVerificationFailed ||
      err instanceof joseErrors.JOSEAlgNotAllowed
    )
      throw fail('bad_signature', 'the SPC token signature does not verify with the x5u certificate');
    throw fail('bad_format', 'the SPC token is not a valid JWS');
  }
}

/** The SPC a tkvalue names, when it is a well-formed one-entry TNAuthList. */
function spcOf(tkvalue: string): string | undefined {
  try {
    return decodeTnAuthList(decodeBase64Loose(tkvalue));
  } catch {
    return undefined;
  }
}

/** Certificates from PEM (any number) or one DER. */
export function parseCertificates(data: string | Uint8Array): X509Certificate[] {
  if (typeof data === 'string' && data.includes('-----BEGIN')) {
    return PemConverter.decode(data).map((der) => new X509Certificate(der));
  }
  const der = typeof data === 'string' ? Buffer.from(data, 'base64') : data;
  return [new X509Certificate(toArrayBuffer(der))];
}

/** Trust anchors parsed once per PEM (the configured root rarely changes; parsing costs more than verifying). */
const anchorCache = new Map<string, X509Certificate[]>();
function parsedAnchors(pem: string): X509Certificate[] {
  let certs = anchorCache.get(pem);
  if (!certs) {
    certs = parseCertificates(pem);
    if (anchorCache.size >= 16) anchorCache.clear();
    anchorCache.set(pem, certs);
  }
  return certs;
}

function isCa(cert: X509Certificate): boolean {
  const bc = cert.getExtension(BasicConstraintsExtension);
  if (!bc?.ca) return false;
  const ku = cert.getExtension(KeyUsagesExtension);
  return !ku || (ku.usages & KeyUsageFlags.keyCertSign) !== 0;
}

const sameName = (a: X509Certificate, issuerOf: X509Certificate) =>
  bytesEqual(toBytes(a.subjectName.toArrayBuffer()), toBytes(issuerOf.issuerName.toArrayBuffer()));

const validAt = (cert: X509Certificate, now: Date) =>
  cert.notBefore.getTime() <= now.getTime() && now.getTime() <= cert.notAfter.getTime();

/** Fetches the x5u and returns its leaf once a path leaf → intermediates → anchor verifies at `now`. */
async function trustedLeaf(x5u: string, opts: VerifySpcTokenOptions): Promise<X509Certificate> {
  let anchors: X509Certificate[];
  try {
    anchors = opts.trustAnchorsPem.flatMap(parsedAnchors);
  } catch {
    throw fail('untrusted_x5u', 'the configured STI-PA trust anchor is not a valid certificate');
  }
  if (anchors.length === 0) throw fail('untrusted_x5u', 'no STI-PA trust anchor is configured');

  let certs: X509Certificate[];
  try {
    certs = parseCertificates(await opts.fetchCertificate(x5u));
  } catch {
    throw fail('untrusted_x5u', 'the x5u certificate could not be fetched or read');
  }
  if (certs.length === 0) throw fail('untrusted_x5u', 'the x5u holds no certificate');
  const [leaf, ...pool] = certs;
  if (!validAt(leaf, opts.now))
    throw fail('untrusted_x5u', 'the x5u certificate is expired or not yet valid');

  let current = leaf;
  for (let depth = 0; depth <= MAX_CHAIN; depth++) {
    for (const anchor of anchors) {
      if (
        sameName(anchor, current) &&
        isCa(anchor) &&
        validAt(anchor, opts.now) &&
        (await signedBy(current, anchor))
      )
        return leaf;
    }
    const next = await findIssuer(current, pool, opts.now);
    if (!next) break;
    pool.splice(pool.indexOf(next), 1);
    current = next;
  }
  throw fail('untrusted_x5u', 'the x5u certificate does not chain to the STI-PA root');
}

async function findIssuer(cert: X509Certificate, pool: X509Certificate[], now: Date) {
  for (const candidate of pool) {
    if (
      sameName(candidate, cert) &&
      isCa(candidate) &&
      validAt(candidate, now) &&
      (await signedBy(cert, candidate))
    )
      return candidate;
  }
  return undefined;
}

async function signedBy(cert: X509Certificate, issuer: X509Certificate): Promise<boolean> {
  try {
    return await cert.verify({ publicKey: issuer, signatureOnly: true });
  } catch {
    return false;
  }
}

/** The leaf's public key, which must be P-256 for ES256. */
function leafKey(leaf: X509Certificate): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(leaf.publicKey.rawData), format: 'der', type: 'spki' });
  } catch {
    throw fail('untrusted_x5u', 'the x5u certificate key cannot be read');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw fail('untrusted_x5u', 'the x5u certificate key is not EC P-256');
  return key;
}
