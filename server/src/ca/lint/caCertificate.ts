// The SHAKEN rules for the CA's own certificates (ATIS-1000080 and the US SHAKEN CP; docs/conformance.md): a root, an intermediate or the CRL
// signer, checked before it is signed (the hierarchy) and after (a device's signature, an operator-supplied CA_DIR).
import { type Binary, TAG, bytesEqual, children, decodeOid, decodeOne } from '../der';
import type { X509Certificate } from '../x509';
import { KEY_USAGE, OID } from '../x509Parts';
import {
  type Finding,
  type IssuerFacts,
  type LintInput,
  type Parsed,
  type ParsedExtension,
  type Report,
  commonNameOf,
  isEcdsaWithSha256,
  issuerFacts,
  nameAttributes,
  selfFacts,
  signatureVerifies,
  startLint,
  validityOf,
} from './parse';
import {
  checkCaEncodings,
  checkCaExtensionSet,
  checkCaFields,
  checkIntermediateAki,
  checkIntermediateProfile,
  checkStiScaProfile,
} from './caRules';

export interface CaLintOptions {
  /** `sti-sca`: a provider's subordinate CA (docs/delegates.md), an intermediate's rules and its own. */
  role: 'root' | 'intermediate' | 'crl-signer' | 'sti-sca';
  /** The root, for an intermediate or the CRL signer: enables the issuer name, AKI and signature checks. */
  issuer?: X509Certificate | IssuerFacts;
  /** The intermediate's one policy OID (anyPolicy is refused by checkIntermediateProfile). */
  policyOid?: string;
  /** An STI-SCA's SPC: its TNAuthList and CN must carry exactly it. */
  expectedSpc?: string;
}

const ANY_POLICY = '2.5.29.32.0';

/** One CA lint run: the report, the parsed certificate and its extensions by OID (the last of each). */
export interface CaRun extends Report {
  p: Parsed;
  root: boolean;
  byOid: Map<string, ParsedExtension>;
  options: CaLintOptions;
}

/**
 * Checks a root, intermediate or STI-SCA against the SHAKEN rules, e.g. an operator-supplied CA (`CA_DIR`) before
 * the portal issues under it: CN with SHAKEN (and ROOT), keyCertSign and CA:TRUE critical, ES256/P-256, no
 * TNAuthList; a root has no policies and no CRLDP; an intermediate has exactly one policy and a CRLDP.
 */
export function lintShakenCaCertificate(cert: X509Certificate | Binary, options: CaLintOptions): Finding[] {
  return lintCa(cert, options);
}

/** The same rules on the TBSCertificate of a CA certificate about to be signed (no signature to check yet). */
export function lintShakenCaTbsCertificate(tbs: Binary, options: CaLintOptions): Finding[] {
  return lintCa({ tbsCertificate: tbs }, options);
}

function lintCa(input: LintInput, options: CaLintOptions): Finding[] {
  const { report, p } = startLint(input);
  if (!p) return report.findings;
  const root = options.role === 'root';
  const run: CaRun = {
    ...report,
    p,
    root,
    options,
    byOid: new Map((p.extensions ?? []).map((e) => [e.oid, e])),
  };
  let issuer: IssuerFacts | undefined;
  try {
    issuer = root
      ? selfFacts(p, run.byOid.get(OID.subjectKeyIdentifier))
      : options.issuer && issuerFacts(options.issuer);
  } catch (err) {
    run.error('issuer', `malformed: ${(err as Error).message}`);
  }
  checkBasics(run);
  checkCaFields(run);
  checkCaExtensionSet(run);
  checkCaExtensions(run);
  checkCaEncodings(run);
  if (root) checkRootOnly(run);
  else if (options.role === 'crl-signer') checkCrlSignerOnly(run);
  else {
    checkIntermediateOnly(run);
    checkIntermediateProfile(run);
  }
  if (issuer) checkIssuer(run, issuer);
  else {
    if (!root) checkIntermediateAki(run);
    run.warning('issuer', 'no issuer given: issuer name, AKI and signature not checked');
  }
  return run.findings;
}

function checkBasics({ p, root, error, check }: CaRun): void {
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
}

function checkCaExtensions(run: CaRun): void {
  const { byOid, options, error, check } = run;
  if (options.role === 'sti-sca') checkStiScaProfile(run);
  else if (byOid.has(OID.tnAuthList)) error('tn-auth-list', 'a CA certificate carries no TNAuthList');
  if (!byOid.get(OID.subjectKeyIdentifier))
    error('subject-key-identifier', 'the subject key identifier is missing');
  if (options.role === 'crl-signer') return checkCrlSignerExtensions(run);
  const ku = byOid.get(OID.keyUsage);
  check('key-usage', () => {
    if (!ku || !ku.critical) return error('key-usage', 'key usage must be present and critical');
    const bits = decodeOne(ku.value, TAG.bitString).value;
    if (!((bits[1] ?? 0) & (0x80 >> KEY_USAGE.keyCertSign)))
      error('key-usage', 'key usage lacks keyCertSign');
    // ATIS-1000080 v005 §6.4.1 (zlint e_atis_ext_key_usage_ca): keyCertSign is the single value, no cRLSign.
    else if (bits.length > 2 || (bits[1] ?? 0) & ~(0x80 >> KEY_USAGE.keyCertSign))
      error('key-usage', 'key usage must be keyCertSign alone (ATIS-1000080 v005)');
  });
  const bc = byOid.get(OID.basicConstraints);
  check('basic-constraints', () => {
    if (!bc || !bc.critical)
      return error('basic-constraints', 'basic constraints must be present and critical');
    const [ca] = children(decodeOne(bc.value, TAG.sequence));
    if (ca?.tag !== TAG.boolean || ca.value[0] === 0)
      error('basic-constraints', 'basic constraints must say CA:TRUE');
  });
}

/**
 * The CRL signer (the CRLs the portal publishes are signed by a dedicated certificate, never by the
 * intermediate): key usage cRLSign alone and CA:FALSE, both critical, so that it can sign nothing but CRLs.
 */
function checkCrlSignerExtensions({ byOid, error, check }: CaRun): void {
  const ku = byOid.get(OID.keyUsage);
  check('key-usage', () => {
    if (!ku || !ku.critical) return error('key-usage', 'key usage must be present and critical');
    const bits = decodeOne(ku.value, TAG.bitString).value;
    if (bits.length !== 2 || bits[1] !== 0x80 >> KEY_USAGE.cRLSign)
      error('key-usage', 'the CRL signer’s key usage must be cRLSign alone');
  });
  const bc = byOid.get(OID.basicConstraints);
  check('basic-constraints', () => {
    if (!bc || !bc.critical)
      return error('basic-constraints', 'basic constraints must be present and critical');
    const [ca] = children(decodeOne(bc.value, TAG.sequence));
    if (ca?.tag === TAG.boolean && ca.value[0] !== 0)
      error('basic-constraints', 'the CRL signer must say CA:FALSE');
  });
}

/** The CRL signer names no policy and no CRL of its own: it is no STI certificate and no CA. */
function checkCrlSignerOnly({ byOid, error }: CaRun): void {
  if (byOid.has(OID.certificatePolicies))
    error('certificate-policies', 'the CRL signer carries no certificate policies');
  if (byOid.has(OID.crlDistributionPoints))
    error('crl-distribution-points', 'the CRL signer carries no CRL distribution point');
}

function checkRootOnly({ p, byOid, error }: CaRun): void {
  if (byOid.get(OID.certificatePolicies))
    error('certificate-policies', 'a SHAKEN root carries no certificate policies');
  if (byOid.has(OID.crlDistributionPoints))
    error('crl-distribution-points', 'a SHAKEN root carries no CRL distribution point');
  if (!bytesEqual(p.issuer.raw, p.subject.raw)) error('issuer-name', 'a root is self-issued');
}

function checkIntermediateOnly({ byOid, options, error, check }: CaRun): void {
  const policies = byOid.get(OID.certificatePolicies);
  check('certificate-policies', () => {
    if (!policies)
      return error('certificate-policies', 'an intermediate carries exactly one policy, found none');
    const list = children(decodeOne(policies.value, TAG.sequence));
    if (list.length !== 1)
      return error('certificate-policies', `${list.length} policies, exactly one required`);
    const policy = decodeOid(children(list[0])[0].value);
    if (policy !== ANY_POLICY && options.policyOid && policy !== options.policyOid) {
      error('certificate-policies', `policy ${policy} is not the configured ${options.policyOid}`);
    }
  });
  const crlDp = byOid.get(OID.crlDistributionPoints);
  if (!crlDp) return error('crl-distribution-points', 'the CRL distribution point is missing');
  check('crl-distribution-points', () => {
    // ATIS-1000080 v004+ §6.4.1 (zlint e_atis_ext_crl_distribution_struct_ca): one point, with cRLIssuer.
    const points = children(decodeOne(crlDp.value, TAG.sequence));
    if (points.length !== 1)
      return error('crl-distribution-points', `${points.length} distribution points, exactly one required`);
    if (!children(points[0]).some((f) => f.tag === 0xa2))
      error(
        'crl-distribution-points',
        'cRLIssuer is missing: the distribution point must name the CRL issuer',
      );
  });
}

function checkIssuer({ p, root, byOid, error, check }: CaRun, issuer: IssuerFacts): void {
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
  // Before signing there is no signature yet: the hierarchy checks it on the signed certificate.
  if (!p.signed) return;
  const signature = p.signed.signature;
  check('signature', () => {
    if (signature.value[0] !== 0 || !signatureVerifies(p, issuer))
      error('signature', "the signature does not verify with the issuer's key");
  });
}
