// The SHAKEN end-entity lint: every rule of DOMAIN.md's table, checked on the DER of a certificate with our own
// reader (so a bug in the builder cannot hide itself; no schema library is shared with it) and node:crypto for
// the key and the signature.
import { type KeyObject, createPublicKey, verify as verifySignature } from 'node:crypto';
import {
  type Binary,
  DerError,
  TAG,
  type Tlv,
  ascii,
  bytesEqual,
  children,
  decodeOid,
  decodeOne,
  decodeTime,
  hex,
  oid,
  sequence,
  toBytes,
} from './der';
import { MAX_LIFETIME_DAYS, bitLength } from './profile';
import { SPC_RE, TnAuthListError, decodeTnAuthList } from './tnAuthList';
import { X509Certificate } from './x509';
import { KEY_USAGE, OID, SHAKEN_CP_OID, keyIdentifierFromSpki, keyUsageValue } from './x509Parts';

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

const publicKeyOf = (spki: Uint8Array) =>
  createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });

export interface LintOptions {
  /** The issuing CA: enables the issuer name, AKI and signature checks. */
  issuer?: X509Certificate | IssuerFacts;
  /**
   * Verify the signature with the issuer's key (the default). The issuer turns it off only for a self-tested
   * in-process signer; the signature's encoding is checked either way.
   */
  verifySignature?: boolean;
  /** The SPC the RA approved; the TNAuthList and CN must carry exactly it. */
  expectedSpc?: string;
  /** The one policy OID required (else any of the known SHAKEN CPs, with a warning otherwise). */
  policyOid?: string;
  /** The CRL URL required in the distribution point. */
  crlUrl?: string;
  /** The indirect CRL issuer's Name DER that cRLIssuer must equal byte for byte. */
  crlIssuerName?: Binary;
  maxValidityDays?: number;
}

const utf8Decoder = new TextDecoder();
const KNOWN_SHAKEN_POLICIES = [SHAKEN_CP_OID, '2.16.840.1.114569.1.1.3'];
const DAY_MS = 86_400_000;

/** Names for the usual suspects, so a finding says which forbidden extension it saw. */
const EXTENSION_NAMES: Record<string, string> = {
  [OID.subjectAltName]: 'subject alternative name',
  [OID.issuerAltName]: 'issuer alternative name',
  [OID.extKeyUsage]: 'extended key usage',
  [OID.authorityInfoAccess]: 'authority information access (AIA/OCSP)',
  [OID.netscapeComment]: 'Netscape comment',
};

const REQUIRED: { oid: string; rule: string; critical: boolean }[] = [
  { oid: OID.keyUsage, rule: 'key-usage', critical: true },
  { oid: OID.basicConstraints, rule: 'basic-constraints', critical: true },
  { oid: OID.subjectKeyIdentifier, rule: 'subject-key-identifier', critical: false },
  { oid: OID.authorityKeyIdentifier, rule: 'authority-key-identifier', critical: false },
  { oid: OID.certificatePolicies, rule: 'certificate-policies', critical: false },
  { oid: OID.crlDistributionPoints, rule: 'crl-distribution-points', critical: false },
  { oid: OID.tnAuthList, rule: 'tn-auth-list', critical: false },
];

const ALLOWED = new Set(REQUIRED.map((r) => r.oid));
const KNOWN_SUBJECT_ATTRIBUTES = new Set<string>([
  OID.commonName,
  OID.countryName,
  OID.organizationName,
  OID.serialNumber,
]);

interface ParsedExtension {
  oid: string;
  critical: boolean;
  /** `critical` was encoded although FALSE, which DER forbids. */
  explicitFalse: boolean;
  value: Uint8Array;
}

interface Parsed {
  tbs: Tlv;
  version: number;
  serial: Uint8Array;
  tbsSignatureAlg: Tlv;
  outerSignatureAlg: Tlv;
  signature: Tlv;
  issuer: Tlv;
  validity: Tlv;
  subject: Tlv;
  spki: Tlv;
  uniqueIds: boolean;
  extensions: ParsedExtension[] | undefined;
}

function parseCertificate(der: Uint8Array): Parsed {
  const [tbs, outerSignatureAlg, signature, ...rest] = children(decodeOne(der, TAG.sequence));
  if (!tbs || !outerSignatureAlg || !signature || rest.length)
    throw new DerError('a Certificate has three parts');
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
    else if (f.tag === 0xa3) {
      const [list] = children(f);
      extensions = children(list).map((ext) => {
        const parts = children(ext);
        const explicit = parts.length === 3;
        const criticalTlv = explicit ? parts[1] : undefined;
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
      });
    } else throw new DerError(`unexpected TBSCertificate field 0x${f.tag.toString(16)}`);
  }
  return {
    tbs,
    version,
    serial: serial.value,
    tbsSignatureAlg,
    outerSignatureAlg,
    signature,
    issuer,
    validity,
    subject,
    spki,
    uniqueIds,
    extensions,
  };
}

/** notBefore and notAfter, read from the DER (a malformed time throws, for the caller's check to report). */
function validityOf(p: Parsed): { notBefore: Date; notAfter: Date } {
  const times = children(p.validity);
  if (times.length !== 2) throw new DerError('Validity has two times');
  return { notBefore: decodeTime(times[0]), notAfter: decodeTime(times[1]) };
}

/** The signature BIT STRING holds one ECDSA-Sig-Value: two positive, minimal INTEGERs of at most 33 octets. */
function checkSignatureShape(p: Parsed): string | undefined {
  const bits = p.signature.value;
  if (p.signature.tag !== TAG.bitString || bits[0] !== 0) return 'malformed signature BIT STRING';
  const parts = children(decodeOne(bits.subarray(1), TAG.sequence));
  const ok =
    parts.length === 2 &&
    parts.every(
      (n) =>
        n.tag === TAG.integer &&
        n.value.length > 0 &&
        n.value.length <= 33 &&
        !(n.value[0] & 0x80) &&
        !(n.value.length > 1 && n.value[0] === 0 && !(n.value[1] & 0x80)) &&
        n.value.some((b) => b !== 0),
    );
  return ok ? undefined : 'the signature is not an ECDSA-Sig-Value of two positive INTEGERs';
}

function signatureVerifies(p: Parsed, issuer: IssuerFacts): boolean {
  return verifySignature(
    'sha256',
    p.tbs.raw,
    { key: issuer.key, dsaEncoding: 'der' },
    p.signature.value.subarray(1),
  );
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

interface NameAttribute {
  oid: string;
  tag: number;
  text: string;
}

/** A Name's attributes in order, and whether an RDN holds more than one. */
function nameAttributes(name: Tlv): { attrs: NameAttribute[]; multiValued: boolean } {
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

const commonNameOf = (name: { attrs: NameAttribute[] }) =>
  name.attrs.find((a) => a.oid === OID.commonName)?.text;

/** AlgorithmIdentifier { ecdsa-with-SHA256 } with the parameters absent (RFC 5758 §3.2), as DER allows only. */
const ECDSA_WITH_SHA256 = sequence(oid(OID.ecdsaWithSha256));

const isEcdsaWithSha256 = (alg: Tlv) => bytesEqual(alg.raw, ECDSA_WITH_SHA256);

/** AlgorithmIdentifier { id-ecPublicKey, prime256v1 }: the only key SHAKEN allows. */
const EC_P256_ALGORITHM = sequence(oid(OID.ecPublicKey), oid(OID.prime256v1));

/** Key usage: digitalSignature only. */
const DIGITAL_SIGNATURE_ONLY = keyUsageValue([KEY_USAGE.digitalSignature]);

/**
 * What both lints start from: the findings list with its reporters, and the certificate parsed by our own DER
 * reader. `p` is null when the input is not a DER certificate at all.
 */
function startLint(cert: X509Certificate | Binary) {
  const findings: Finding[] = [];
  const error = (rule: string, message: string) => findings.push({ rule, severity: 'error', message });
  const warning = (rule: string, message: string) => findings.push({ rule, severity: 'warning', message });
  // Each check guards its own parsing, so one malformed part does not hide the findings of the others.
  const check = (rule: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      error(rule, `malformed: ${(err as Error).message}`);
    }
  };
  try {
    const der = cert instanceof X509Certificate ? toBytes(cert.rawData) : toBytes(cert);
    return { findings, error, warning, check, p: parseCertificate(der) as Parsed | null };
  } catch (err) {
    error('der', `not a DER certificate: ${(err as Error).message}`);
    return { findings, error, warning, check, p: null };
  }
}

export function lintShakenCertificate(cert: X509Certificate | Binary, options: LintOptions = {}): Finding[] {
  const { findings, error, warning, check, p } = startLint(cert);
  if (!p) return findings;
  const issuer = options.issuer ? issuerFacts(options.issuer) : undefined;

  check('version', () => {
    if (p.version !== 3) error('version', `version is v${p.version}, must be v3`);
  });

  check('serial', () => {
    const s = p.serial;
    if (s.length === 0) return error('serial', 'empty serial');
    if (s[0] & 0x80) error('serial-positive', 'the serial is negative');
    if (s.every((b) => b === 0)) error('serial-positive', 'the serial is zero');
    if (s.length > 1 && ((s[0] === 0 && !(s[1] & 0x80)) || (s[0] === 0xff && s[1] & 0x80))) {
      error('serial-der', 'the serial INTEGER is not minimally encoded');
    }
    if (s.length > 20) error('serial-length', `the serial has ${s.length} octets, at most 20 allowed`);
    if (bitLength(s) < 64)
      error('serial-entropy', `the serial has ${bitLength(s)} bits, at least 64 required`);
  });

  check('signature-algorithm', () => {
    if (!isEcdsaWithSha256(p.tbsSignatureAlg))
      error('signature-algorithm', 'the signature algorithm is not ecdsa-with-SHA256');
    if (!bytesEqual(p.tbsSignatureAlg.raw, p.outerSignatureAlg.raw)) {
      error('signature-algorithm', 'the inner and outer signature algorithms differ');
    }
  });

  check('public-key', () => {
    const [alg, key] = children(p.spki);
    if (!bytesEqual(alg.raw, EC_P256_ALGORITHM))
      return error('public-key', 'the key is not an EC P-256 (prime256v1) key');
    const point = key.value.subarray(1);
    if (key.tag === TAG.bitString && key.value[0] === 0 && point.length === 65 && point[0] === 4) {
      if (!onP256(point)) error('public-key', 'the EC point is not on the P-256 curve');
    } else if (point.length === 33 && (point[0] === 2 || point[0] === 3)) {
      warning('public-key', 'the EC point is compressed');
      try {
        createPublicKey({ key: Buffer.from(p.spki.raw), format: 'der', type: 'spki' });
      } catch {
        error('public-key', 'the EC point is not on the P-256 curve');
      }
    } else error('public-key', 'the EC point is malformed');
  });

  let subjectName: ReturnType<typeof nameAttributes> | undefined;
  const subjectAttributes = () => (subjectName ??= nameAttributes(p.subject));

  check('subject', () => {
    const { attrs, multiValued } = subjectAttributes();
    if (multiValued) error('subject-rdn', 'the subject has a multi-valued RDN');
    const cns = attrs.filter((a) => a.oid === OID.commonName);
    const cs = attrs.filter((a) => a.oid === OID.countryName);
    const os = attrs.filter((a) => a.oid === OID.organizationName);
    if (cns.length !== 1)
      error('subject-cn', `the subject has ${cns.length} CN attributes, exactly one required`);
    else if (!/^SHAKEN [0-9A-Z]{4}$/.test(cns[0].text)) {
      error('subject-cn', `CN ${JSON.stringify(cns[0].text)} is not "SHAKEN <SPC>" with exactly one space`);
    } else if (options.expectedSpc && cns[0].text !== `SHAKEN ${options.expectedSpc}`) {
      error('subject-cn', `CN ${JSON.stringify(cns[0].text)} does not carry the SPC ${options.expectedSpc}`);
    }
    if (cs.length !== 1 || cs[0].text !== 'US')
      error('subject-country', 'the subject must have exactly one C=US');
    else if (cs[0].tag !== TAG.printableString) error('subject-country', 'C must be a PrintableString');
    if (os.length !== 1 || !os[0].text.trim())
      error('subject-organization', "the subject must have exactly one O, the provider's legal name");
    for (const a of attrs.filter((x) => !KNOWN_SUBJECT_ATTRIBUTES.has(x.oid)))
      warning('subject-attributes', `unexpected subject attribute ${a.oid}`);
  });

  check('validity', () => {
    const { notBefore, notAfter } = validityOf(p);
    const span = notAfter.getTime() - notBefore.getTime();
    if (span <= 0) error('validity-order', 'notBefore is not before notAfter');
    const maxDays = options.maxValidityDays ?? MAX_LIFETIME_DAYS;
    if (span > maxDays * DAY_MS) {
      error(
        'validity-period',
        `the validity period is ${(span / DAY_MS).toFixed(2)} days, at most ${maxDays} allowed`,
      );
    }
    if (issuer && notAfter.getTime() > issuer.notAfter.getTime()) {
      warning('validity-issuer', 'the certificate outlives its issuing CA certificate');
    }
  });

  if (p.uniqueIds) error('unique-ids', 'issuerUniqueID/subjectUniqueID are not allowed');

  const exts = p.extensions ?? [];
  if (!p.extensions) error('extensions', 'the certificate has no extensions');
  const byOid = new Map<string, ParsedExtension>();
  for (const e of exts) {
    if (byOid.has(e.oid)) error('extension-duplicate', `extension ${e.oid} appears more than once`);
    byOid.set(e.oid, e);
    if (e.explicitFalse) error('extension-der', `extension ${e.oid} encodes the DEFAULT critical FALSE`);
  }
  for (const e of exts.filter((x) => !ALLOWED.has(x.oid))) {
    error(
      'forbidden-extension',
      `forbidden extension ${EXTENSION_NAMES[e.oid] ?? e.oid}${e.critical ? ' (critical)' : ''}`,
    );
  }
  for (const r of REQUIRED) {
    const e = byOid.get(r.oid);
    if (!e) error(r.rule, `the ${r.rule} extension is missing`);
    else if (e.critical !== r.critical)
      error(r.rule, `the ${r.rule} extension must be ${r.critical ? 'critical' : 'non-critical'}`);
  }

  const ext = (r: string, oidValue: string, fn: (value: Uint8Array) => void) => {
    const e = byOid.get(oidValue);
    if (e) check(r, () => fn(e.value));
  };

  ext('key-usage', OID.keyUsage, (v) => {
    if (!bytesEqual(v, DIGITAL_SIGNATURE_ONLY)) error('key-usage', 'key usage must be digitalSignature only');
  });

  ext('basic-constraints', OID.basicConstraints, (v) => {
    const parts = children(decodeOne(v, TAG.sequence));
    if (parts.length === 0) return;
    if (parts[0].tag === TAG.boolean && parts[0].value[0] === 0)
      error('basic-constraints', 'cA FALSE must be omitted in DER');
    if (parts[0].tag === TAG.boolean && parts[0].value[0] !== 0)
      error('basic-constraints', 'basic constraints say CA:TRUE');
    if (parts.some((x) => x.tag === TAG.integer))
      error('basic-constraints', 'pathLenConstraint is not allowed on an end entity');
  });

  ext('subject-key-identifier', OID.subjectKeyIdentifier, (v) => {
    const keyId = decodeOne(v, TAG.octetString).value;
    if (!bytesEqual(keyId, keyIdentifierFromSpki(p.spki.raw))) {
      error('subject-key-identifier', 'the subject key identifier is not the SHA-1 of the public key');
    }
  });

  ext('authority-key-identifier', OID.authorityKeyIdentifier, (v) => {
    const parts = children(decodeOne(v, TAG.sequence));
    const keyId = parts.find((x) => x.tag === 0x80);
    if (!keyId) return error('authority-key-identifier', 'the authority key identifier has no keyIdentifier');
    if (parts.length !== 1)
      warning('authority-key-identifier', 'the authority key identifier carries more than the keyIdentifier');
    if (issuer && !bytesEqual(keyId.value, issuer.keyId)) {
      error(
        'authority-key-identifier',
        `AKI ${hex(keyId.value)} is not the issuer's SKI ${hex(issuer.keyId)}`,
      );
    }
  });

  ext('certificate-policies', OID.certificatePolicies, (v) => {
    const policies = children(decodeOne(v, TAG.sequence));
    if (policies.length !== 1)
      return error('certificate-policies', `${policies.length} policies, exactly one required`);
    const [policyId, qualifiers] = children(policies[0]);
    const policy = decodeOid(policyId.value);
    if (qualifiers) error('certificate-policies', 'policy qualifiers (CPS, user notice) are not allowed');
    if (options.policyOid && policy !== options.policyOid) {
      error('certificate-policies', `policy ${policy} is not the configured ${options.policyOid}`);
    } else if (!options.policyOid && !KNOWN_SHAKEN_POLICIES.includes(policy)) {
      warning('certificate-policies', `policy ${policy} is not a known SHAKEN certificate policy`);
    }
  });

  ext('crl-distribution-points', OID.crlDistributionPoints, (v) => {
    const points = children(decodeOne(v, TAG.sequence));
    if (points.length !== 1)
      return error('crl-distribution-points', `${points.length} distribution points, exactly one required`);
    const fields = children(points[0]);
    const dpName = fields.find((f) => f.tag === 0xa0);
    if (fields.some((f) => f.tag === 0x81 || f.tag === 0xa1))
      error('crl-distribution-points', 'reasons are not allowed');
    const fullName = dpName && children(dpName).find((f) => f.tag === 0xa0);
    const names = fullName ? children(fullName) : [];
    const uris = names.filter((n) => n.tag === 0x86).map((n) => ascii(n.value));
    if (uris.length !== 1 || names.length !== 1) {
      error(
        'crl-distribution-points',
        `the distribution point must name exactly one URL, found ${uris.length} URL(s) in ${names.length} name(s)`,
      );
    } else {
      if (!/^https?:\/\/\S+$/.test(uris[0]))
        error('crl-distribution-points', `the CRL URL ${uris[0]} is not http(s)`);
      if (options.crlUrl && uris[0] !== options.crlUrl)
        error('crl-distribution-points', `the CRL URL ${uris[0]} is not ${options.crlUrl}`);
    }
    const crlIssuer = fields.find((f) => f.tag === 0xa2);
    const expected = options.crlIssuerName ? toBytes(options.crlIssuerName) : undefined;
    if (crlIssuer) {
      const gns = children(crlIssuer);
      if (gns.length !== 1 || gns[0].tag !== 0xa4)
        return error('crl-issuer', 'cRLIssuer must be exactly one directoryName');
      const [name] = children(gns[0]);
      if (expected && !bytesEqual(name.raw, expected))
        error('crl-issuer', "cRLIssuer is not the CRL issuer's name byte for byte");
    } else if (expected) {
      error('crl-issuer', 'cRLIssuer is missing');
    }
  });

  ext('tn-auth-list', OID.tnAuthList, (v) => {
    let spc: string;
    try {
      spc = decodeTnAuthList(v);
    } catch (err) {
      if (err instanceof TnAuthListError) return error('tn-auth-list', err.message);
      throw err;
    }
    if (options.expectedSpc && spc !== options.expectedSpc)
      error('tn-auth-list', `TNAuthList SPC ${spc} is not ${options.expectedSpc}`);
    const cn = commonNameOf(subjectAttributes());
    if (cn && /^SHAKEN [0-9A-Z]{4}$/.test(cn) && cn.slice(7) !== spc)
      error('tn-auth-list', `TNAuthList SPC ${spc} differs from the CN ${cn}`);
    if (!SPC_RE.test(spc)) error('tn-auth-list', `SPC ${spc} is malformed`);
  });

  check('signature', () => {
    const shape = checkSignatureShape(p);
    if (shape) error('signature', shape);
  });
  if (issuer) {
    check('issuer-name', () => {
      if (!bytesEqual(p.issuer.raw, issuer.subject))
        error('issuer-name', "the issuer name is not the CA's subject byte for byte");
    });
    if (options.verifySignature !== false) {
      check('signature', () => {
        if (!signatureVerifies(p, issuer))
          error('signature', "the signature does not verify with the issuer's key");
      });
    }
  } else {
    warning('issuer', 'no issuer given: issuer name, AKI and signature not checked');
  }

  return findings;
}

/** A root is its own issuer. */
function selfFacts(p: Parsed, ski: ParsedExtension | undefined): IssuerFacts {
  return {
    subject: p.subject.raw,
    spki: p.spki.raw,
    keyId: ski ? decodeOne(ski.value, TAG.octetString).value : keyIdentifierFromSpki(p.spki.raw),
    notAfter: validityOf(p).notAfter,
    key: publicKeyOf(p.spki.raw),
  };
}

// ---- the CA certificates (DOMAIN.md, below the table) ----

export interface CaLintOptions {
  role: 'root' | 'intermediate';
  /** The root, for an intermediate: enables the issuer name, AKI and signature checks. */
  issuer?: X509Certificate;
  /** The intermediate's one policy OID (anyPolicy 2.5.29.32.0 is also accepted). */
  policyOid?: string;
}

const ANY_POLICY = '2.5.29.32.0';

/**
 * Checks a root or intermediate against the SHAKEN rules, e.g. an operator-supplied CA (`CA_DIR`) before
 * the portal issues under it: CN with SHAKEN (and ROOT), keyCertSign and CA:TRUE critical, ES256/P-256, no
 * TNAuthList; a root has no policies and no CRLDP; an intermediate has exactly one policy and a CRLDP.
 */
export function lintShakenCaCertificate(cert: X509Certificate | Binary, options: CaLintOptions): Finding[] {
  const { findings, error, check, p } = startLint(cert);
  if (!p) return findings;
  const root = options.role === 'root';
  const byOid = new Map((p.extensions ?? []).map((e) => [e.oid, e]));
  let issuer: IssuerFacts | undefined;
  try {
    issuer = root
      ? selfFacts(p, byOid.get(OID.subjectKeyIdentifier))
      : options.issuer && issuerFacts(options.issuer);
  } catch (err) {
    error('issuer', `malformed: ${(err as Error).message}`);
  }

  if (p.version !== 3) error('version', `version is v${p.version}, must be v3`);
  if (p.serial.length === 0 || p.serial[0] & 0x80 || p.serial.length > 20 || p.serial.every((b) => b === 0)) {
    error('serial', 'the serial must be positive and at most 20 octets');
  }
  check('signature-algorithm', () => {
    if (!isEcdsaWithSha256(p.tbsSignatureAlg))
      error('signature-algorithm', 'the signature algorithm is not ecdsa-with-SHA256');
  });
  check('public-key', () => {
    const [alg] = children(p.spki);
    const [algOid, curve] = children(alg);
    if (
      decodeOid(algOid.value) !== OID.ecPublicKey ||
      curve?.tag !== TAG.oid ||
      decodeOid(curve.value) !== OID.prime256v1
    ) {
      error('public-key', 'the key is not an EC P-256 (prime256v1) key');
    }
  });
  check('subject-cn', () => {
    const cn = commonNameOf(nameAttributes(p.subject)) ?? '';
    if (!cn.includes('SHAKEN')) error('subject-cn', `CN ${JSON.stringify(cn)} does not contain "SHAKEN"`);
    if (root && !cn.includes('ROOT'))
      error('subject-cn', `the root CN ${JSON.stringify(cn)} does not contain "ROOT"`);
  });
  check('validity-order', () => {
    const { notBefore, notAfter } = validityOf(p);
    if (notAfter.getTime() <= notBefore.getTime())
      error('validity-order', 'notBefore is not before notAfter');
  });

  const ku = byOid.get(OID.keyUsage);
  check('key-usage', () => {
    if (!ku || !ku.critical) return error('key-usage', 'key usage must be present and critical');
    const bits = decodeOne(ku.value, TAG.bitString).value;
    if (!((bits[1] ?? 0) & (0x80 >> KEY_USAGE.keyCertSign)))
      error('key-usage', 'key usage lacks keyCertSign');
  });
  const bc = byOid.get(OID.basicConstraints);
  check('basic-constraints', () => {
    if (!bc || !bc.critical)
      return error('basic-constraints', 'basic constraints must be present and critical');
    const [ca] = children(decodeOne(bc.value, TAG.sequence));
    if (ca?.tag !== TAG.boolean || ca.value[0] === 0)
      error('basic-constraints', 'basic constraints must say CA:TRUE');
  });
  const ski = byOid.get(OID.subjectKeyIdentifier);
  if (!ski) error('subject-key-identifier', 'the subject key identifier is missing');
  if (byOid.has(OID.tnAuthList)) error('tn-auth-list', 'a CA certificate carries no TNAuthList');

  const policies = byOid.get(OID.certificatePolicies);
  if (root) {
    if (policies) error('certificate-policies', 'a SHAKEN root carries no certificate policies');
    if (byOid.has(OID.crlDistributionPoints))
      error('crl-distribution-points', 'a SHAKEN root carries no CRL distribution point');
    if (!bytesEqual(p.issuer.raw, p.subject.raw)) error('issuer-name', 'a root is self-issued');
  } else {
    check('certificate-policies', () => {
      if (!policies)
        return error('certificate-policies', 'an intermediate carries exactly one policy, found none');
      const list = children(decodeOne(policies.value, TAG.sequence));
      if (list.length !== 1)
        return error('certificate-policies', `${list.length} policies, exactly one required`);
      const policy = decodeOid(children(list[0])[0].value);
      if (policy !== ANY_POLICY && options.policyOid && policy !== options.policyOid) {
        error(
          'certificate-policies',
          `policy ${policy} is not the configured ${options.policyOid} or anyPolicy`,
        );
      }
    });
    if (!byOid.has(OID.crlDistributionPoints))
      error('crl-distribution-points', 'the CRL distribution point is missing');
  }

  if (issuer) {
    check('issuer-name', () => {
      if (!bytesEqual(p.issuer.raw, issuer.subject))
        error('issuer-name', "the issuer name is not the issuer's subject");
    });
    check('authority-key-identifier', () => {
      const aki = byOid.get(OID.authorityKeyIdentifier);
      if (!aki) {
        if (!root) error('authority-key-identifier', 'the authority key identifier is missing');
        return;
      }
      const keyId = children(decodeOne(aki.value, TAG.sequence)).find((x) => x.tag === 0x80);
      if (!keyId || !bytesEqual(keyId.value, issuer.keyId))
        error('authority-key-identifier', "the AKI is not the issuer's SKI");
    });
    check('signature', () => {
      if (p.signature.value[0] !== 0 || !signatureVerifies(p, issuer))
        error('signature', "the signature does not verify with the issuer's key");
    });
  } else {
    findings.push({
      rule: 'issuer',
      severity: 'warning',
      message: 'no issuer given: issuer name, AKI and signature not checked',
    });
  }
  return findings;
}
