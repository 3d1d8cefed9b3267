// The extensions of a SHAKEN end-entity certificate, rule by rule (ATIS-1000080; docs/conformance.md).
import { TAG, ascii, bytesEqual, children, decodeOid, decodeOne, hex, toBytes } from '../der';
import { SPC_RE, TnAuthListError, decodeTnAuthList } from '../tnAuthList';
import { type TnAuthEntry, decodeTnEntries } from '../tnEntries';
import { KEY_USAGE, OID, SHAKEN_CP_OID, keyIdentifierFromSpki, keyUsageValue } from '../x509Parts';
import type { LintOptions } from './leaf';
import {
  type IssuerFacts,
  type Parsed,
  type ParsedExtension,
  type Report,
  commonNameOf,
  nameAttributes,
} from './parse';

/** US SHAKEN CP 1.3: its end-entity subjects must carry a serialNumber (CP 1.4 made it optional). */
export const SHAKEN_CP_1_3_OID = '2.16.840.1.114569.1.1.3';
export const KNOWN_SHAKEN_POLICIES = [SHAKEN_CP_OID, SHAKEN_CP_1_3_OID];
export const CN_FORM = /^SHAKEN [0-9A-Z]{4}$/;
export const DELEGATE_CN_FORM = /^SHAKEN [0-9A-Z]{4} Delegate$/;

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

/** Key usage: digitalSignature only. */
const DIGITAL_SIGNATURE_ONLY = keyUsageValue([KEY_USAGE.digitalSignature]);

/** One lint run over a parsed certificate: the report, the options and what the checks share. */
export interface Leaf extends Report {
  p: Parsed;
  options: LintOptions;
  issuer: IssuerFacts | undefined;
  subject: () => ReturnType<typeof nameAttributes>;
  byOid: Map<string, ParsedExtension>;
}

/** Which extensions are there: none missing, none forbidden, none twice, each critical as required. */
export function checkExtensionSet({ p, byOid, error }: Leaf): void {
  const exts = p.extensions ?? [];
  if (!p.extensions) error('extensions', 'the certificate has no extensions');
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
}

/** Runs `fn` on the value of extension `oidValue` when present, findings under `rule`. */
function onExtension(l: Leaf, rule: string, oidValue: string, fn: (value: Uint8Array) => void): void {
  const e = l.byOid.get(oidValue);
  if (e) l.check(rule, () => fn(e.value));
}

export function checkKeyExtensions(l: Leaf): void {
  const { p, issuer, error, warning } = l;
  onExtension(l, 'key-usage', OID.keyUsage, (v) => {
    if (!bytesEqual(v, DIGITAL_SIGNATURE_ONLY)) error('key-usage', 'key usage must be digitalSignature only');
  });
  onExtension(l, 'basic-constraints', OID.basicConstraints, (v) => {
    const parts = children(decodeOne(v, TAG.sequence));
    if (parts.length === 0) return;
    if (parts[0].tag === TAG.boolean && parts[0].value[0] === 0)
      error('basic-constraints', 'cA FALSE must be omitted in DER');
    if (parts[0].tag === TAG.boolean && parts[0].value[0] !== 0)
      error('basic-constraints', 'basic constraints say CA:TRUE');
    if (parts.some((x) => x.tag === TAG.integer))
      error('basic-constraints', 'pathLenConstraint is not allowed on an end entity');
  });
  onExtension(l, 'subject-key-identifier', OID.subjectKeyIdentifier, (v) => {
    const keyId = decodeOne(v, TAG.octetString).value;
    if (!bytesEqual(keyId, keyIdentifierFromSpki(p.spki.raw))) {
      error('subject-key-identifier', 'the subject key identifier is not the SHA-1 of the public key');
    }
  });
  onExtension(l, 'authority-key-identifier', OID.authorityKeyIdentifier, (v) => {
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
}

export function checkPolicy(l: Leaf): void {
  const { options, error, warning, subject } = l;
  onExtension(l, 'certificate-policies', OID.certificatePolicies, (v) => {
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
    if (policy === SHAKEN_CP_1_3_OID && !subject().attrs.some((a) => a.oid === OID.serialNumber))
      error('subject-serial-number', 'under SHAKEN CP 1.3 the subject must carry a serialNumber');
  });
}

export function checkCrlDistributionPoint(l: Leaf): void {
  const { options, error } = l;
  onExtension(l, 'crl-distribution-points', OID.crlDistributionPoints, (v) => {
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
    } else {
      // ATIS-1000080 v004+ §6.4.1 (zlint e_atis_ext_crl_distribution_struct): always, not only with CRL_URL.
      error('crl-issuer', 'cRLIssuer is missing: the distribution point must name the CRL issuer');
    }
  });
}

/** A delegate's TNAuthList: numbers and ranges only (RFC 8226, strictly), exactly the entries expected. */
function checkDelegateTnAuthList(l: Leaf): void {
  const { options, error } = l;
  onExtension(l, 'tn-auth-list', OID.tnAuthList, (v) => {
    let entries: TnAuthEntry[];
    try {
      entries = decodeTnEntries(v);
    } catch (err) {
      if (err instanceof TnAuthListError) return error('tn-auth-list', err.message);
      throw err;
    }
    if (entries.some((e) => 'spc' in e))
      error('tn-auth-list', 'a delegate certificate lists numbers and ranges, never an SPC');
    const expected = options.expectedEntries;
    if (expected && !sameEntries(entries, expected))
      error('tn-auth-list', 'the TNAuthList is not the numbers approved for the delegate');
  });
}

/** True when the decoded entries are the expected ones, in order, field by field (entry by entry, not as JSON). */
function sameEntries(decoded: readonly TnAuthEntry[], expected: readonly TnAuthEntry[]): boolean {
  if (decoded.length !== expected.length) return false;
  for (let i = 0; i < decoded.length; i++) {
    const d = decoded[i];
    const e = expected[i];
    if ('spc' in e) {
      if (!('spc' in d) || d.spc !== e.spc) return false;
    } else if ('one' in e) {
      if (!('one' in d) || d.one !== e.one) return false;
    } else if (!('range' in d) || d.range.start !== e.range.start || d.range.count !== e.range.count) {
      return false;
    }
  }
  return true;
}

export function checkTnAuthList(l: Leaf): void {
  if (l.options.profile === 'delegate') return checkDelegateTnAuthList(l);
  const { options, error, subject } = l;
  onExtension(l, 'tn-auth-list', OID.tnAuthList, (v) => {
    let spc: string;
    try {
      spc = decodeTnAuthList(v);
    } catch (err) {
      if (err instanceof TnAuthListError) return error('tn-auth-list', err.message);
      throw err;
    }
    if (options.expectedSpc && spc !== options.expectedSpc)
      error('tn-auth-list', `TNAuthList SPC ${spc} is not ${options.expectedSpc}`);
    const cn = commonNameOf(subject());
    if (cn && CN_FORM.test(cn) && cn.slice(7) !== spc)
      error('tn-auth-list', `TNAuthList SPC ${spc} differs from the CN ${cn}`);
    if (!SPC_RE.test(spc)) error('tn-auth-list', `SPC ${spc} is malformed`);
  });
}
