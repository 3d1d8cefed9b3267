// The rules of zlint's ATIS-1000080, US SHAKEN CP and RFC 5280 lints for CA certificates that caCertificate.ts's
// first pass does not make: the extension set, the subject, the serial's entropy, the key usage's encoding, the
// identifiers and the intermediate's CRL distribution point and policy. (Key usage's exact value and cRLIssuer
// are not here.)
import { TAG, ascii, bytesEqual, children, decodeOid, decodeOne } from '../der';
import { bitLength } from '../profile';
import { OID } from '../x509Parts';
import type { CaRun } from './caCertificate';
import { checkSubjectStrings, checkTimeEncoding } from './common';
import { KNOWN_SHAKEN_POLICIES, SHAKEN_CP_1_3_OID } from './leafExtensions';
import { TnAuthListError, decodeTnAuthList } from '../tnAuthList';
import { commonNameOf, isEcdsaWithSha256, nameAttributes } from './parse';

const ANY_POLICY = '2.5.29.32.0';

/** The extensions ATIS-1000080 specifies for a CA certificate (the TNAuthList is the tn-auth-list rule's). */
const CA_EXTENSIONS: Record<string, string> = {
  [OID.keyUsage]: 'key-usage',
  [OID.basicConstraints]: 'basic-constraints',
  [OID.subjectKeyIdentifier]: 'subject-key-identifier',
  [OID.authorityKeyIdentifier]: 'authority-key-identifier',
  [OID.certificatePolicies]: 'certificate-policies',
  [OID.crlDistributionPoints]: 'crl-distribution-points',
};
const CRITICAL = new Set<string>([OID.keyUsage, OID.basicConstraints]);

/** Each extension once, DER-encoded, specified for a CA, critical exactly when it must be. */
export function checkCaExtensionSet({ p, error }: CaRun): void {
  const seen = new Set<string>();
  for (const e of p.extensions ?? []) {
    if (seen.has(e.oid)) error('extension-duplicate', `extension ${e.oid} appears more than once`);
    seen.add(e.oid);
    if (e.explicitFalse) error('extension-der', `extension ${e.oid} encodes the DEFAULT critical FALSE`);
    const rule = CA_EXTENSIONS[e.oid];
    if (!rule && e.oid !== OID.tnAuthList) error('forbidden-extension', `forbidden extension ${e.oid}`);
    if (rule && !CRITICAL.has(e.oid) && e.critical) error(rule, `the ${rule} extension must be non-critical`);
  }
  if (p.uniqueIds) error('unique-ids', 'issuerUniqueID/subjectUniqueID are not allowed');
}

/** One C=US, one O, one CN; the strings and the times as RFC 5280 wants them; a 64-bit serial; one algorithm. */
export function checkCaFields(run: CaRun): void {
  const { p, error, check } = run;
  check('subject', () => {
    const { attrs } = nameAttributes(p.subject);
    const count = (o: string) => attrs.filter((a) => a.oid === o).length;
    const c = attrs.find((a) => a.oid === OID.countryName);
    if (count(OID.countryName) !== 1 || c?.text !== 'US')
      error('subject-country', 'the subject must have exactly one C=US');
    if (count(OID.organizationName) !== 1 || !attrs.find((a) => a.oid === OID.organizationName)?.text.trim())
      error('subject-organization', "the subject must have exactly one O, the STI-CA's legal name");
    if (count(OID.commonName) !== 1) error('subject-cn', 'the subject must have exactly one CN');
    checkSubjectStrings(run, attrs);
  });
  checkTimeEncoding(run, p);
  if (bitLength(p.serial) < 64)
    error('serial-entropy', `the serial has ${bitLength(p.serial)} bits, at least 64 required`);
  if (
    p.signed &&
    (!isEcdsaWithSha256(p.signed.outerSignatureAlg) ||
      !bytesEqual(p.signed.outerSignatureAlg.raw, p.tbsSignatureAlg.raw))
  )
    error(
      'signature-algorithm',
      'the outer signature algorithm is not the TBSCertificate’s ecdsa-with-SHA256',
    );
}

/**
 * Key usage in DER (no trailing zero octet, the unused bits all zero and counted, at least one bit, nine at most),
 * with no encipherment bit on an EC key; pathLenConstraint not negative; SKI the 160-bit SHA-1 of RFC 5280.
 */
export function checkCaEncodings({ byOid, error, check }: CaRun): void {
  const ku = byOid.get(OID.keyUsage);
  if (ku) check('key-usage', () => checkKeyUsageBits(decodeOne(ku.value, TAG.bitString).value, error));
  const bc = byOid.get(OID.basicConstraints);
  if (bc)
    check('basic-constraints', () => {
      const pathLen = children(decodeOne(bc.value, TAG.sequence)).find((x) => x.tag === TAG.integer);
      if (pathLen && (pathLen.value.length === 0 || pathLen.value[0] & 0x80))
        error('basic-constraints', 'pathLenConstraint is negative');
    });
  const ski = byOid.get(OID.subjectKeyIdentifier);
  if (ski)
    check('subject-key-identifier', () => {
      const length = decodeOne(ski.value, TAG.octetString).value.length;
      if (length !== 20)
        error(
          'subject-key-identifier',
          `the subject key identifier has ${length} octets, 20 (SHA-1) required`,
        );
    });
}

/** An intermediate linted without its issuer: still an AKI with a keyIdentifier (checked against it otherwise). */
export function checkIntermediateAki({ byOid, error, check }: CaRun): void {
  const aki = byOid.get(OID.authorityKeyIdentifier);
  check('authority-key-identifier', () => {
    if (!aki) return error('authority-key-identifier', 'the authority key identifier is missing');
    if (!children(decodeOne(aki.value, TAG.sequence)).some((x) => x.tag === 0x80))
      error('authority-key-identifier', 'the authority key identifier has no keyIdentifier');
  });
}

function checkKeyUsageBits(bits: Uint8Array, error: CaRun['error']): void {
  const unused = bits[0];
  const body = bits.subarray(1);
  if (body.length === 0 || body.every((b) => b === 0)) return error('key-usage', 'key usage has no bit set');
  const last = body[body.length - 1];
  if (unused > 7 || last === 0 || last & ((1 << unused) - 1) || !(last & (1 << unused)))
    error('key-usage', 'key usage is not a DER BIT STRING (unused bits wrong or a trailing zero octet)');
  if (body.length > 2 || (body.length === 2 && body[1] & 0x7f))
    error('key-usage', 'key usage has more than nine bits');
  const has = (bit: number) => Boolean((body[bit >> 3] ?? 0) & (0x80 >> (bit & 7)));
  if (has(2) || has(3))
    error('key-usage', 'keyEncipherment and dataEncipherment are not allowed with an EC key');
}

/**
 * The intermediate's one CRL distribution point: a distributionPoint with exactly one http(s) URL and no
 * reasons; its one policy one of the US SHAKEN CPs. anyPolicy is refused: ATIS-1000080 admits it but zlint's
 * e_shaken_certificate_policies_id_ca does not, and not one of zlint's lints may fail.
 */
export function checkIntermediateProfile({ byOid, options, error, check }: CaRun): void {
  const dp = byOid.get(OID.crlDistributionPoints);
  if (dp)
    check('crl-distribution-points', () => {
      const points = children(decodeOne(dp.value, TAG.sequence));
      if (points.length !== 1)
        return error('crl-distribution-points', `${points.length} distribution points, exactly one required`);
      const fields = children(points[0]);
      if (fields.some((f) => f.tag === 0x81 || f.tag === 0xa1))
        error('crl-distribution-points', 'reasons are not allowed');
      const dpName = fields.find((f) => f.tag === 0xa0);
      const fullName = dpName && children(dpName).find((f) => f.tag === 0xa0);
      const names = fullName ? children(fullName) : [];
      if (names.length !== 1 || names[0].tag !== 0x86 || !/^https?:\/\/\S+$/.test(ascii(names[0].value)))
        error('crl-distribution-points', 'the distribution point must name exactly one http(s) URL');
    });
  const policies = byOid.get(OID.certificatePolicies);
  if (policies)
    check('certificate-policies', () => {
      const list = children(decodeOne(policies.value, TAG.sequence));
      if (list.length !== 1) return;
      const policy = decodeOid(children(list[0])[0].value);
      if (policy === ANY_POLICY)
        error('certificate-policies', 'anyPolicy: a US SHAKEN certificate policy OID itself is required');
      else if (!options.policyOid && !KNOWN_SHAKEN_POLICIES.includes(policy))
        error('certificate-policies', `policy ${policy} is not a US SHAKEN certificate policy`);
    });
}

/**
 * An STI-SCA (docs/delegates.md): a TNAuthList, non-critical, of exactly one SPC (the expected one when given), the
 * CN `SHAKEN <SPC> STI-SCA`, and pathLenConstraint 0 so that it issues end-entity certificates only. (zlint's
 * e_atis_tn_auth_list_ca forbids a TNAuthList on every CA: ATIS-1000092 puts one on the STI-SCA.)
 */
export function checkStiScaProfile({ p, byOid, options, error, check }: CaRun): void {
  const tn = byOid.get(OID.tnAuthList);
  check('tn-auth-list', () => {
    if (!tn) return error('tn-auth-list', "an STI-SCA carries a TNAuthList with the provider's SPC");
    if (tn.critical) error('tn-auth-list', 'the TNAuthList must be non-critical');
    let spc: string;
    try {
      spc = decodeTnAuthList(tn.value);
    } catch (err) {
      if (err instanceof TnAuthListError) return error('tn-auth-list', err.message);
      throw err;
    }
    if (options.expectedSpc && spc !== options.expectedSpc)
      error('tn-auth-list', `TNAuthList SPC ${spc} is not ${options.expectedSpc}`);
    const cn = commonNameOf(nameAttributes(p.subject));
    if (cn !== `SHAKEN ${spc} STI-SCA`)
      error('subject-cn', `CN ${JSON.stringify(cn)} is not "SHAKEN ${spc} STI-SCA"`);
  });
  // zlint e_us_cp_subject_sn_shall_ca: under CP 1.3 a CA with a TNAuthList names a serialNumber too.
  const policies = byOid.get(OID.certificatePolicies);
  if (policies)
    check('subject-serial-number', () => {
      const oids = children(decodeOne(policies.value, TAG.sequence)).map((x) =>
        decodeOid(children(x)[0].value),
      );
      if (
        oids.includes(SHAKEN_CP_1_3_OID) &&
        !nameAttributes(p.subject).attrs.some((a) => a.oid === OID.serialNumber)
      )
        error('subject-serial-number', 'under SHAKEN CP 1.3 an STI-SCA must carry a serialNumber');
    });
  const bc = byOid.get(OID.basicConstraints);
  if (bc)
    check('basic-constraints', () => {
      const pathLen = children(decodeOne(bc.value, TAG.sequence)).find((x) => x.tag === TAG.integer);
      if (!pathLen || pathLen.value.length !== 1 || pathLen.value[0] !== 0)
        error(
          'basic-constraints',
          'an STI-SCA has pathLenConstraint 0: it issues end-entity certificates only',
        );
    });
}
