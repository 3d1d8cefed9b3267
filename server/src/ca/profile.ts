// The SHAKEN end-entity profile (ATIS-1000080 v005 and the US SHAKEN CP; docs/conformance.md): serials, lifetime and the exact
// subject and extensions. Pure functions; the issuer signs and lints what they produce.
import { randomFillSync } from 'node:crypto';
import { type Binary, toArrayBuffer } from './der';
import { assertSpc } from './tnAuthList';
import { type TnAuthEntry, encodeTnEntries } from './tnEntries';
import { Extension } from './x509';
import {
  KEY_USAGE,
  OID,
  SHAKEN_CP_OID,
  authorityKeyIdentifierValue,
  basicConstraintsValue,
  certificatePoliciesValue,
  crlDistributionPointsValue,
  encodeName,
  extensionDer,
  keyUsageValue,
  subjectKeyIdentifierValue,
  tnAuthListExtensionDer,
} from './x509Parts';

export { SHAKEN_CP_OID };

export const MAX_LIFETIME_DAYS = 365;
/** Backdating absorbs verifiers' clock skew. */
export const BACKDATE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

export const SERIAL_BYTES = 20;

/**
 * 20 CSPRNG bytes, top bit cleared so the INTEGER is positive and fits 20 octets (RFC 5280 §4.1.2.2).
 * A zero first octet is drawn again, so the DER is minimal and the value has at least 153 bits.
 */
export function newSerial(): string {
  for (;;) {
    const bytes = randomOctets(SERIAL_BYTES);
    bytes[0] &= 0x7f;
    if (bytes[0] !== 0) return bytes.toString('hex');
  }
}

// CSPRNG output drawn 4 KB at a time (each OpenSSL call has a fixed cost; Node's randomUUID pools the same way).
// Octets handed out are zeroed in the pool, so none is ever given twice.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomOctets(n: number): Buffer {
  if (poolOffset + n > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = Buffer.from(pool.subarray(poolOffset, poolOffset + n));
  pool.fill(0, poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

/** A serial the signer may use: lower-case or upper-case hex of a positive, minimal, ≤ 20-octet, ≥ 64-bit INTEGER. */
export function assertSerial(serial: string): void {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(serial)) throw new ProfileError('serial must be hex, whole octets');
  const bytes = Buffer.from(serial, 'hex');
  if (bytes.length > SERIAL_BYTES) throw new ProfileError('serial longer than 20 octets');
  if (bytes[0] & 0x80) throw new ProfileError('serial must be positive (top bit clear)');
  if (bytes[0] === 0) throw new ProfileError('serial must not start with a zero octet');
  if (bitLength(bytes) < 64) throw new ProfileError('serial must carry at least 64 bits');
}

export function bitLength(bytes: Uint8Array): number {
  const i = bytes.findIndex((b) => b !== 0);
  if (i < 0) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]));
}

/**
 * notBefore = now − 5 min; notAfter = the end of the paid period, capped at `maxDays`. The cap counts from
 * notBefore, so the whole validity period (what verifiers and the lint measure) is never above `maxDays`.
 */
export function certificateValidity(
  now: Date,
  paidUntil: Date,
  maxDays = MAX_LIFETIME_DAYS,
): { notBefore: Date; notAfter: Date } {
  if (!Number.isInteger(maxDays) || maxDays < 1 || maxDays > MAX_LIFETIME_DAYS) {
    throw new ProfileError(`the lifetime must be 1 to ${MAX_LIFETIME_DAYS} days`);
  }
  if (paidUntil.getTime() <= now.getTime()) throw new ProfileError('the subscription is not paid beyond now');
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  const cap = notBefore.getTime() + maxDays * DAY_MS;
  // X.509 times carry whole seconds: truncate so the encoded notAfter is never later than computed.
  const notAfter = new Date(Math.floor(Math.min(paidUntil.getTime(), cap) / 1000) * 1000);
  return { notBefore: new Date(Math.floor(notBefore.getTime() / 1000) * 1000), notAfter };
}

export const shakenCommonName = (spc: string) => `SHAKEN ${spc}`;

/** `C=US, O=<company>, CN=SHAKEN <SPC>` in DER order (printed `CN=SHAKEN <SPC>, O=<company>, C=US`). */
export function shakenSubject(spc: string, companyName: string): Uint8Array {
  return providerSubject(spc, companyName, shakenCommonName(spc));
}

/** `C=US, O=<company>, CN=<commonName>` for a certificate of the provider holding `spc`. */
export function providerSubject(spc: string, companyName: string, commonName: string): Uint8Array {
  assertSpc(spc);
  const company = companyName.trim();
  if (!company) throw new ProfileError('the company name is required');
  if (company.length > 64)
    throw new ProfileError('the company name is longer than 64 characters (ub-organization-name)');
  return encodeName([
    { type: 'C', value: 'US' },
    { type: 'O', value: company },
    { type: 'CN', value: commonName },
  ]);
}

export interface ShakenExtensionParams {
  spc: string;
  subjectKeyId: Uint8Array;
  issuerKeyId: Uint8Array;
  policyOid: string;
  crlUrl: string;
  /** DER of the CRL issuer's Name, for an indirect CRL (the STI-PA's), copied byte for byte. */
  crlIssuerName?: Binary;
}

/** The extensions that depend on the CA and its configuration only, not on the provider. */
export interface ShakenCaExtensions {
  keyUsage: Uint8Array;
  basicConstraints: Uint8Array;
  authorityKeyIdentifier: Uint8Array;
  certificatePolicies: Uint8Array;
  crlDistributionPoints: Uint8Array;
}

export function shakenCaExtensions(
  p: Pick<ShakenExtensionParams, 'issuerKeyId' | 'policyOid' | 'crlUrl' | 'crlIssuerName'>,
): ShakenCaExtensions {
  assertHttpUrl(p.crlUrl);
  if (!/^[0-2](\.(0|[1-9]\d*))+$/.test(p.policyOid))
    throw new ProfileError(`not a policy OID: ${p.policyOid}`);
  return {
    keyUsage: extensionDer(OID.keyUsage, true, keyUsageValue([KEY_USAGE.digitalSignature])),
    basicConstraints: extensionDer(OID.basicConstraints, true, basicConstraintsValue(false)),
    authorityKeyIdentifier: extensionDer(
      OID.authorityKeyIdentifier,
      false,
      authorityKeyIdentifierValue(p.issuerKeyId),
    ),
    certificatePolicies: extensionDer(
      OID.certificatePolicies,
      false,
      certificatePoliciesValue([p.policyOid]),
    ),
    crlDistributionPoints: extensionDer(
      OID.crlDistributionPoints,
      false,
      crlDistributionPointsValue(p.crlUrl, p.crlIssuerName),
    ),
  };
}

/**
 * Exactly the extensions of the table, nothing else, as the DER the issuer signs. An issuer passes the CA's
 * part computed once (`ca`); it must have been made from the same parameters.
 */
export function shakenExtensionsDer(p: ShakenExtensionParams, ca = shakenCaExtensions(p)): Uint8Array[] {
  return endEntityExtensionsDer(p, ca, tnAuthListExtensionDer(p.spc));
}

/** The end-entity extensions in the table's order, with the certificate's own TNAuthList extension last. */
function endEntityExtensionsDer(
  p: { subjectKeyId: Uint8Array },
  ca: ReturnType<typeof shakenCaExtensions>,
  tnAuthList: Uint8Array,
): Uint8Array[] {
  return [
    ca.keyUsage,
    ca.basicConstraints,
    extensionDer(OID.subjectKeyIdentifier, false, subjectKeyIdentifierValue(p.subjectKeyId)),
    ca.authorityKeyIdentifier,
    ca.certificatePolicies,
    ca.crlDistributionPoints,
    tnAuthList,
  ];
}

/** The same as @peculiar/x509 objects, for templates a caller edits (the lint's tests). */
export const shakenExtensions = (p: ShakenExtensionParams): Extension[] =>
  shakenExtensionsDer(p).map((der) => new Extension(toArrayBuffer(der)));

export function assertHttpUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProfileError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ProfileError(`the CRL URL must be http or https: ${url}`);
}

// The STI-SCA and its delegate certificates (RFC 9060, ATIS-1000092; docs/delegates.md).

/** The CN of a provider's subordinate CA: `SHAKEN <SPC> STI-SCA`. */
export const stiScaCommonName = (spc: string) => `SHAKEN ${spc} STI-SCA`;
/** The CN of a delegate certificate the STI-SCA of `spc` issues: `SHAKEN <SPC> Delegate`. */
export const delegateCommonName = (spc: string) => `SHAKEN ${spc} Delegate`;

/**
 * The STI-SCA (a CA certificate our intermediate issues to the provider holding `spc`): keyCertSign alone and
 * CA:TRUE pathLen 0, both critical (it issues end-entity certificates only; its delegates' revocations go on
 * the CA's indirect CRL, so no cRLSign); SKI, AKI, the one policy, the CRL distribution point as every
 * certificate the CA issues, and a TNAuthList with the provider's SPC.
 */
export function stiScaExtensionsDer(p: ShakenExtensionParams, ca = shakenCaExtensions(p)): Uint8Array[] {
  return [
    extensionDer(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign])),
    extensionDer(OID.basicConstraints, true, basicConstraintsValue(true, 0)),
    extensionDer(OID.subjectKeyIdentifier, false, subjectKeyIdentifierValue(p.subjectKeyId)),
    ca.authorityKeyIdentifier,
    ca.certificatePolicies,
    ca.crlDistributionPoints,
    tnAuthListExtensionDer(p.spc),
  ];
}

export interface DelegateExtensionParams extends Omit<ShakenExtensionParams, 'spc'> {
  /** The numbers the delegate may sign for: `one` and `range` entries, no SPC. */
  entries: readonly TnAuthEntry[];
}

/**
 * A delegate end-entity certificate (issued by an STI-SCA): the SHAKEN end-entity extensions, the same in all
 * but the TNAuthList, which lists numbers and ranges and never an SPC.
 */
export function delegateExtensionsDer(p: DelegateExtensionParams, ca = shakenCaExtensions(p)): Uint8Array[] {
  if (p.entries.length === 0) throw new ProfileError('a delegate certificate lists at least one number');
  if (p.entries.some((e) => 'spc' in e))
    throw new ProfileError('a delegate certificate lists numbers and ranges, never an SPC');
  return endEntityExtensionsDer(p, ca, extensionDer(OID.tnAuthList, false, encodeTnEntries(p.entries)));
}

/**
 * A delegate's validity: certificateValidity, and never past its issuer's notAfter (RFC 5280 path validation
 * would accept it, but a delegate must not outlive the authority it was delegated under).
 */
export function delegateValidity(
  now: Date,
  paidUntil: Date,
  issuerNotAfter: Date,
  maxDays = MAX_LIFETIME_DAYS,
): { notBefore: Date; notAfter: Date } {
  const v = certificateValidity(
    now,
    new Date(Math.min(paidUntil.getTime(), issuerNotAfter.getTime())),
    maxDays,
  );
  if (v.notAfter.getTime() <= v.notBefore.getTime())
    throw new ProfileError('the issuing STI-SCA expires before the delegate could begin');
  return v;
}
