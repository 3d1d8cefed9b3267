// What every lint shares: our own reading of a Certificate or a TBSCertificate (no schema library is shared with
// the builder, so a bug there cannot hide itself), the findings and their reporters, and the signature checks.
import { type KeyObject, createPublicKey, verify as verifySignature } from 'node:crypto';
import {
  type Binary,
  DerError,
  TAG,
  type Tlv,
  bytesEqual,
  children,
  decodeOid,
  decodeOne,
  decodeTime,
  hex,
  oid,
  sequence,
  toBytes,
} from '../der';
import { X509Certificate } from '../x509';
import { OID, keyIdentifierFromSpki } from '../x509Parts';

export type Severity = 'error' | 'warning';

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
}

/** What the lint reads of the issuing CA. An issuer computes it once; a certificate is read on each call. */
export interface IssuerFacts {
  /** The CA's subject Name DER. */
  subject: Uint8Array;
  /** The CA's SubjectPublicKeyInfo DER. */
  spki: Uint8Array;
  /** Its subject key identifier (or, without one, the SHA-1 of its key). */
  keyId: Uint8Array;
  notAfter: Date;
  /** The key, parsed once for signature checks (OpenSSL's SPKI decoding costs several signatures). */
  key: KeyObject;
}

export function issuerFacts(issuer: X509Certificate | IssuerFacts): IssuerFacts {
  if (!(issuer instanceof X509Certificate)) return issuer;
  const spki = toBytes(issuer.publicKey.rawData);
  const ski = issuer.extensions.find((x) => x.type === OID.subjectKeyIdentifier);
  return {
    subject: toBytes(issuer.subjectName.toArrayBuffer()),
    spki,
    keyId: ski ? decodeOne(ski.value, TAG.octetString).value : keyIdentifierFromSpki(spki),
    notAfter: issuer.notAfter,
    key: publicKeyOf(spki),
  };
}

export const publicKeyOf = (spki: Uint8Array) =>
  createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });

export interface ParsedExtension {
  oid: string;
  critical: boolean;
  /** `critical` was encoded although FALSE, which DER forbids. */
  explicitFalse: boolean;
  value: Uint8Array;
}

/** The fields of a TBSCertificate, and, when a whole Certificate was read, its signature parts. */
export interface Parsed {
  tbs: Tlv;
  version: number;
  serial: Uint8Array;
  tbsSignatureAlg: Tlv;
  /** Absent when only the TBSCertificate was read (the lint before signing). */
  signed?: { outerSignatureAlg: Tlv; signature: Tlv };
  issuer: Tlv;
  validity: Tlv;
  subject: Tlv;
  spki: Tlv;
  uniqueIds: boolean;
  extensions: ParsedExtension[] | undefined;
}

function parseExtension(ext: Tlv): ParsedExtension {
  const parts = children(ext);
  const criticalTlv = parts.length === 3 ? parts[1] : undefined;
  if (criticalTlv && (criticalTlv.tag !== TAG.boolean || criticalTlv.value.length !== 1))
    throw new DerError('bad critical flag');
  const valueTlv = parts[parts.length - 1];
  if (parts[0].tag !== TAG.oid || valueTlv.tag !== TAG.octetString || parts.length > 3)
    throw new DerError('bad Extension');
  const critical = criticalTlv ? criticalTlv.value[0] !== 0 : false;
  return {
    oid: decodeOid(parts[0].value),
    critical,
    explicitFalse: !!criticalTlv && !critical,
    value: valueTlv.value,
  };
}

/** A TBSCertificate's fields (RFC 5280 §4.1.2), and the signature parts when read from a Certificate. */
function parseTbs(tbs: Tlv, signed?: Parsed['signed']): Parsed {
  const fields = children(tbs);
  let i = 0;
  let version = 1;
  if (fields[i]?.tag === 0xa0) {
    const v = children(fields[i++]);
    if (v.length !== 1 || v[0].tag !== TAG.integer || v[0].value.length !== 1)
      throw new DerError('bad version');
    version = v[0].value[0] + 1;
  }
  const serial = fields[i++];
  if (serial?.tag !== TAG.integer) throw new DerError('serial is not an INTEGER');
  const [tbsSignatureAlg, issuer, validity, subject, spki] = fields.slice(i, i + 5);
  i += 5;
  if (!spki || validity.tag !== TAG.sequence) throw new DerError('truncated TBSCertificate');
  let uniqueIds = false;
  let extensions: ParsedExtension[] | undefined;
  for (const f of fields.slice(i)) {
    if (f.tag === 0x81 || f.tag === 0x82 || f.tag === 0xa1 || f.tag === 0xa2) uniqueIds = true;
    else if (f.tag === 0xa3) extensions = children(children(f)[0]).map(parseExtension);
    else throw new DerError(`unexpected TBSCertificate field 0x${f.tag.toString(16)}`);
  }
  // One literal (no spreads): this runs on every certificate issued.
  return {
    tbs,
    version,
    serial: serial.value,
    tbsSignatureAlg,
    signed,
    issuer,
    validity,
    subject,
    spki,
    uniqueIds,
    extensions,
  };
}

/** A Certificate's three parts, the TBSCertificate left unread. */
export function certificateParts(der: Uint8Array): { tbs: Tlv; outerSignatureAlg: Tlv; signature: Tlv } {
  const [tbs, outerSignatureAlg, signature, ...rest] = children(decodeOne(der, TAG.sequence));
  if (!tbs || !outerSignatureAlg || !signature || rest.length)
    throw new DerError('a Certificate has three parts');
  return { tbs, outerSignatureAlg, signature };
}

function parseCertificate(der: Uint8Array): Parsed {
  const { tbs, outerSignatureAlg, signature } = certificateParts(der);
  return parseTbs(tbs, { outerSignatureAlg, signature });
}

/** notBefore and notAfter, read from the DER (a malformed time throws, for the caller's check to report). */
export function validityOf(p: Parsed): { notBefore: Date; notAfter: Date } {
  const times = children(p.validity);
  if (times.length !== 2) throw new DerError('Validity has two times');
  return { notBefore: decodeTime(times[0]), notAfter: decodeTime(times[1]) };
}

const isMinimalPositiveInteger = (n: Tlv) =>
  n.tag === TAG.integer &&
  n.value.length > 0 &&
  n.value.length <= 33 &&
  !(n.value[0] & 0x80) &&
  !(n.value.length > 1 && n.value[0] === 0 && !(n.value[1] & 0x80)) &&
  n.value.some((b) => b !== 0);

/** The signature BIT STRING holds one ECDSA-Sig-Value: two positive, minimal INTEGERs of at most 33 octets. */
export function checkSignatureShape(signature: Tlv): string | undefined {
  const bits = signature.value;
  if (signature.tag !== TAG.bitString || bits[0] !== 0) return 'malformed signature BIT STRING';
  const parts = children(decodeOne(bits.subarray(1), TAG.sequence));
  const ok = parts.length === 2 && parts.every(isMinimalPositiveInteger);
  return ok ? undefined : 'the signature is not an ECDSA-Sig-Value of two positive INTEGERs';
}

/** Whether the signature BIT STRING over `tbs` verifies with the issuer's key. */
export function verifiesWith(issuer: IssuerFacts, tbs: Tlv, signature: Tlv): boolean {
  return verifySignature(
    'sha256',
    tbs.raw,
    { key: issuer.key, dsaEncoding: 'der' },
    signature.value.subarray(1),
  );
}

export function signatureVerifies(p: Parsed, issuer: IssuerFacts): boolean {
  return p.signed ? verifiesWith(issuer, p.tbs, p.signed.signature) : false;
}

// P-256 (SEC 2 §2.4.2): y² = x³ − 3x + b over GF(p).
const P256_P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const P256_P_MINUS_3 = P256_P - 3n;

/** Whether an uncompressed point `04 || x || y` lies on P-256 (a few BigInt operations, no key parsing). */
export function onP256(point: Uint8Array): boolean {
  const x = BigInt(`0x${hex(point.subarray(1, 33))}`);
  const y = BigInt(`0x${hex(point.subarray(33, 65))}`);
  if (x >= P256_P || y >= P256_P) return false;
  // x < p, so x·(x² + p − 3) + b = x³ − 3x + b (mod p) is never negative: one reduction per side.
  return (y * y) % P256_P === (x * (x * x + P256_P_MINUS_3) + P256_B) % P256_P;
}

export interface NameAttribute {
  oid: string;
  tag: number;
  text: string;
}

const utf8Decoder = new TextDecoder();

/** A Name's attributes in order, and whether an RDN holds more than one. */
export function nameAttributes(name: Tlv): { attrs: NameAttribute[]; multiValued: boolean } {
  const attrs: NameAttribute[] = [];
  let multiValued = false;
  for (const rdn of children(name)) {
    const atvs = children(rdn);
    if (atvs.length !== 1) multiValued = true;
    for (const atv of atvs) {
      const [type, value] = children(atv);
      attrs.push({ oid: decodeOid(type.value), tag: value.tag, text: utf8Decoder.decode(value.value) });
    }
  }
  return { attrs, multiValued };
}

export const commonNameOf = (name: { attrs: NameAttribute[] }) =>
  name.attrs.find((a) => a.oid === OID.commonName)?.text;

/** AlgorithmIdentifier { ecdsa-with-SHA256 } with the parameters absent (RFC 5758 §3.2), as DER allows only. */
const ECDSA_WITH_SHA256 = sequence(oid(OID.ecdsaWithSha256));

export const isEcdsaWithSha256 = (alg: Tlv) => bytesEqual(alg.raw, ECDSA_WITH_SHA256);

/** A root is its own issuer. */
export function selfFacts(p: Parsed, ski: ParsedExtension | undefined): IssuerFacts {
  return {
    subject: p.subject.raw,
    spki: p.spki.raw,
    keyId: ski ? decodeOne(ski.value, TAG.octetString).value : keyIdentifierFromSpki(p.spki.raw),
    notAfter: validityOf(p).notAfter,
    key: publicKeyOf(p.spki.raw),
  };
}

/** The findings of one lint run and how checks add to them. */
export interface Report {
  findings: Finding[];
  error(rule: string, message: string): void;
  warning(rule: string, message: string): void;
  /** Runs one check; a part too malformed to read becomes an error of that rule, not a crash. */
  check(rule: string, fn: () => void): void;
}

export function newReport(): Report {
  const findings: Finding[] = [];
  const error = (rule: string, message: string) => void findings.push({ rule, severity: 'error', message });
  const warning = (rule: string, message: string) =>
    void findings.push({ rule, severity: 'warning', message });
  // Each check guards its own parsing, so one malformed part does not hide the findings of the others.
  const check = (rule: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      error(rule, `malformed: ${(err as Error).message}`);
    }
  };
  return { findings, error, warning, check };
}

/** What the lints lint: a signed certificate, or the TBSCertificate about to be signed. */
export type LintInput = X509Certificate | Binary | { tbsCertificate: Binary };

/**
 * What every lint starts from: the report and the input parsed by our own DER reader. `p` is null when the input
 * is not a DER certificate (or TBSCertificate) at all.
 */
export function startLint(input: LintInput): { report: Report; p: Parsed | null } {
  const report = newReport();
  try {
    if (input instanceof X509Certificate) return { report, p: parseCertificate(toBytes(input.rawData)) };
    if ('tbsCertificate' in input)
      return { report, p: parseTbs(decodeOne(toBytes(input.tbsCertificate), TAG.sequence)) };
    return { report, p: parseCertificate(toBytes(input)) };
  } catch (err) {
    report.error('der', `not a DER certificate: ${(err as Error).message}`);
    return { report, p: null };
  }
}
