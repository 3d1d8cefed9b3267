// The SHAKEN end-entity lint: every rule of the ATIS-1000080 profile (docs/conformance.md), checked on the DER with our own reader and
// node:crypto for the key and the signature. The issuer runs it on the TBSCertificate before the CA key signs
// (lintShakenTbsCertificate), then checks the signature alone (lintCertificateSignature).
import { createPublicKey } from 'node:crypto';
import { type Binary, TAG, bytesEqual, children, oid, sequence, toBytes } from '../der';
import { MAX_LIFETIME_DAYS, bitLength } from '../profile';
import type { X509Certificate } from '../x509';
import type { TnAuthEntry } from '../tnEntries';
import { OID } from '../x509Parts';
import { checkSubjectStrings, checkTimeEncoding } from './common';
import {
  CN_FORM,
  DELEGATE_CN_FORM,
  type Leaf,
  checkCrlDistributionPoint,
  checkExtensionSet,
  checkKeyExtensions,
  checkPolicy,
  checkTnAuthList,
} from './leafExtensions';
import {
  type Finding,
  type IssuerFacts,
  type LintInput,
  certificateParts,
  checkSignatureShape,
  isEcdsaWithSha256,
  issuerFacts,
  nameAttributes,
  newReport,
  onP256,
  signatureVerifies,
  startLint,
  validityOf,
  verifiesWith,
} from './parse';

export interface LintOptions {
  /** The issuing CA: enables the issuer name, AKI and signature checks. */
  issuer?: X509Certificate | IssuerFacts;
  /**
   * Verify the signature with the issuer's key (the default). The issuer turns it off only for a self-tested
   * in-process signer; the signature's encoding is checked either way.
   */
  verifySignature?: boolean;
  /**
   * `shaken` (the default): a provider's certificate, its TNAuthList one SPC. `delegate`: a delegate certificate
   * an STI-SCA issues (docs/delegates.md), its TNAuthList numbers and ranges only, its CN `SHAKEN <SPC> Delegate`,
   * its validity within the issuer's.
   */
  profile?: 'shaken' | 'delegate';
  /** The SPC the RA approved; the TNAuthList and CN must carry exactly it (a delegate: the CN, its STI-SCA's SPC). */
  expectedSpc?: string;
  /** A delegate's TNAuthList entries, which the certificate must list exactly, in this order. */
  expectedEntries?: readonly TnAuthEntry[];
  /** The one policy OID required (else any of the known SHAKEN CPs, with a warning otherwise). */
  policyOid?: string;
  /** The CRL URL required in the distribution point. */
  crlUrl?: string;
  /** The indirect CRL issuer's Name DER that cRLIssuer must equal byte for byte. */
  crlIssuerName?: Binary;
  maxValidityDays?: number;
}

const DAY_MS = 86_400_000;

const KNOWN_SUBJECT_ATTRIBUTES = new Set<string>([
  OID.commonName,
  OID.countryName,
  OID.organizationName,
  OID.serialNumber,
]);

/** AlgorithmIdentifier { id-ecPublicKey, prime256v1 }: the only key SHAKEN allows. */
const EC_P256_ALGORITHM = sequence(oid(OID.ecPublicKey), oid(OID.prime256v1));

/** A signed SHAKEN certificate: everything the table says, its signature included. */
export function lintShakenCertificate(cert: X509Certificate | Binary, options: LintOptions = {}): Finding[] {
  return lintLeaf(cert, options, true);
}

/** The TBSCertificate about to be signed: every rule but the signature's, which does not exist yet. */
export function lintShakenTbsCertificate(tbs: Binary, options: Omit<LintOptions, 'verifySignature'> = {}) {
  return lintLeaf({ tbsCertificate: tbs }, options, false);
}

/**
 * The signature of a certificate whose TBSCertificate already passed lintShakenTbsCertificate: the outer
 * algorithm, the signature's encoding and (unless told not to) its value. The TBSCertificate is not read again.
 */
export function lintCertificateSignature(
  cert: Binary,
  options: { issuer: IssuerFacts; verifySignature?: boolean },
): Finding[] {
  const { findings, error, check } = newReport();
  check('signature', () => {
    const { tbs, outerSignatureAlg, signature } = certificateParts(toBytes(cert));
    if (!isEcdsaWithSha256(outerSignatureAlg))
      error('signature-algorithm', 'the signature algorithm is not ecdsa-with-SHA256');
    const shape = checkSignatureShape(signature);
    if (shape) return error('signature', shape);
    if (options.verifySignature !== false && !verifiesWith(options.issuer, tbs, signature))
      error('signature', "the signature does not verify with the issuer's key");
  });
  return findings;
}

function lintLeaf(input: LintInput, options: LintOptions, signed: boolean): Finding[] {
  const { report, p } = startLint(input);
  if (!p) return report.findings;
  let subjectName: ReturnType<typeof nameAttributes> | undefined;
  const l: Leaf = {
    findings: report.findings,
    error: report.error,
    warning: report.warning,
    check: report.check,
    p,
    options,
    issuer: options.issuer ? issuerFacts(options.issuer) : undefined,
    subject: () => (subjectName ??= nameAttributes(p.subject)),
    byOid: new Map(),
  };
  checkHeader(l);
  checkPublicKey(l);
  checkSubject(l);
  checkValidity(l);
  if (p.uniqueIds) l.error('unique-ids', 'issuerUniqueID/subjectUniqueID are not allowed');
  checkExtensionSet(l);
  checkKeyExtensions(l);
  checkPolicy(l);
  checkCrlDistributionPoint(l);
  checkTnAuthList(l);
  if (signed) checkSignature(l);
  else if (l.issuer) checkIssuerName(l);
  if (!l.issuer) l.warning('issuer', 'no issuer given: issuer name, AKI and signature not checked');
  return l.findings;
}

function checkHeader({ p, error, check }: Leaf): void {
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
    if (p.signed && !bytesEqual(p.tbsSignatureAlg.raw, p.signed.outerSignatureAlg.raw)) {
      error('signature-algorithm', 'the inner and outer signature algorithms differ');
    }
  });
}

function checkPublicKey({ p, error, warning, check }: Leaf): void {
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
}

function checkSubject(l: Leaf): void {
  const { options, error, warning, check, subject } = l;
  check('subject', () => {
    const { attrs, multiValued } = subject();
    checkSubjectStrings(l, attrs);
    if (multiValued) error('subject-rdn', 'the subject has a multi-valued RDN');
    const cns = attrs.filter((a) => a.oid === OID.commonName);
    const cs = attrs.filter((a) => a.oid === OID.countryName);
    const os = attrs.filter((a) => a.oid === OID.organizationName);
    if (cns.length !== 1)
      error('subject-cn', `the subject has ${cns.length} CN attributes, exactly one required`);
    else if (options.profile === 'delegate') {
      if (!DELEGATE_CN_FORM.test(cns[0].text))
        error('subject-cn', `CN ${JSON.stringify(cns[0].text)} is not "SHAKEN <SPC> Delegate"`);
      else if (options.expectedSpc && cns[0].text !== `SHAKEN ${options.expectedSpc} Delegate`)
        error(
          'subject-cn',
          `CN ${JSON.stringify(cns[0].text)} does not carry the SPC ${options.expectedSpc}`,
        );
    } else if (!CN_FORM.test(cns[0].text)) {
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
}

function checkValidity(l: Leaf): void {
  const { p, options, issuer, error, warning, check } = l;
  checkTimeEncoding(l, p);
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
      if (options.profile === 'delegate')
        error('validity-issuer', 'a delegate certificate outlives its issuing STI-SCA');
      else warning('validity-issuer', 'the certificate outlives its issuing CA certificate');
    }
  });
}

function checkIssuerName({ p, issuer, error, check }: Leaf): void {
  if (!issuer) return;
  check('issuer-name', () => {
    if (!bytesEqual(p.issuer.raw, issuer.subject))
      error('issuer-name', "the issuer name is not the CA's subject byte for byte");
  });
}

function checkSignature(l: Leaf): void {
  const { p, options, issuer, error, check } = l;
  check('signature', () => {
    const shape = p.signed ? checkSignatureShape(p.signed.signature) : 'the certificate is not signed';
    if (shape) error('signature', shape);
  });
  if (!issuer) return;
  checkIssuerName(l);
  if (options.verifySignature !== false) {
    check('signature', () => {
      if (!signatureVerifies(p, issuer))
        error('signature', "the signature does not verify with the issuer's key");
    });
  }
}
