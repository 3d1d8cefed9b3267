// The rules of zlint's ATIS-1000080, US SHAKEN CP and RFC 5280 lints that the portal's own lint ports
// (docs/conformance.md maps them): each one broken on a certificate or TBSCertificate built wrong on purpose.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CertificateTemplate,
  encodeTbsCertificate,
  signCertificate,
  subjectPublicKeyInfo,
} from '../../server/src/ca/certificate';
import { type ExportedCa, createCaHierarchy } from '../../server/src/ca/hierarchy';
import {
  type Finding,
  lintShakenCaCertificate,
  lintShakenCertificate,
  lintShakenTbsCertificate,
} from '../../server/src/ca/lint';
import {
  SHAKEN_CP_OID,
  certificateValidity,
  newSerial,
  shakenExtensions,
  shakenSubject,
} from '../../server/src/ca/profile';
import { generateP256KeyPair } from '../../server/src/ca/signer';
import { TAG, children, decodeOne, ia5, oid, sequence, tlv, utf8 } from '../../server/src/ca/der';
import { Extension, SubjectAlternativeNameExtension } from '../../server/src/ca/x509';
import {
  KEY_USAGE,
  OID,
  authorityKeyIdentifierValue,
  basicConstraintsValue,
  certificatePoliciesValue,
  crlDistributionPointsValue,
  extension,
  keyIdentifier,
  keyUsageValue,
  subjectKeyIdentifierValue,
} from '../../server/src/ca/x509Parts';

const DAY = 86_400_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const CRL_URL = 'https://ca.example.com/crl/root.crl';
const CP_1_3 = '2.16.840.1.114569.1.1.3';

let hierarchy: { root: ExportedCa; crlSigner: ExportedCa; intermediate: ExportedCa };
let subjectKeys: CryptoKeyPair;

beforeAll(async () => {
  hierarchy = await createCaHierarchy({ organization: 'Example STI-CA', crlUrl: CRL_URL, now: NOW });
  subjectKeys = await generateP256KeyPair();
});

const errorRules = (f: Finding[]) =>
  [...new Set(f.filter((x) => x.severity === 'error').map((x) => x.rule))].sort();

/** A Name from [OID, string tag, text] attributes, one per RDN, encoded exactly as given. */
const name = (...attrs: [string, number, string][]) =>
  sequence(...attrs.map(([o, tag, text]) => tlv(0x31, sequence(oid(o), tlv(tag, utf8.encode(text))))));
const P = TAG.printableString;
const U = 0x0c; // UTF8String

type Template = Omit<CertificateTemplate, 'extensions'> & { extensions: Extension[] };
const without = (t: Template, o: string) => (t.extensions = t.extensions.filter((e) => e.type !== o));

describe('end-entity rules ported from zlint', () => {
  async function leafTemplate(): Promise<Template> {
    return {
      serial: newSerial(),
      subject: shakenSubject('073K', 'Acme Telecom'),
      issuer: hierarchy.intermediate.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: subjectKeys.publicKey,
      ...certificateValidity(NOW, new Date(NOW.getTime() + 90 * DAY)),
      extensions: shakenExtensions({
        spc: '073K',
        subjectKeyId: await keyIdentifier(subjectKeys.publicKey),
        issuerKeyId: await keyIdentifier(hierarchy.intermediate.signer.publicKey),
        policyOid: SHAKEN_CP_OID,
        crlUrl: CRL_URL,
        crlIssuerName: hierarchy.crlSigner.certificate.subjectName.toArrayBuffer(),
      }),
    };
  }

  async function leafErrors(mutate: (t: Template) => void, policyOid = SHAKEN_CP_OID) {
    const t = await leafTemplate();
    mutate(t);
    const cert = await signCertificate(t, hierarchy.intermediate.signer);
    return errorRules(
      lintShakenCertificate(cert, {
        issuer: hierarchy.intermediate.certificate,
        expectedSpc: '073K',
        policyOid,
      }),
    );
  }

  const subject = (...o: [number, string][]) =>
    name(
      [OID.countryName, P, 'US'],
      ...o.map(([tag, text]) => [OID.organizationName, tag, text] as [string, number, string]),
      [OID.commonName, P, 'SHAKEN 073K'],
    );

  it('the unmodified template is clean', async () => {
    expect(await leafErrors(() => {})).toEqual([]);
  });

  it.each<[string, (t: Template) => void, string[]]>([
    // e_subject_organization_name_max_length
    ['an O of 65 characters', (t) => void (t.subject = subject([U, 'A'.repeat(65)])), ['subject-length']],
    // e_subject_printable_string_badalpha
    ['a PrintableString O with "&"', (t) => void (t.subject = subject([P, 'AT&T'])), ['subject-encoding']],
    // e_subject_dn_not_printable_characters
    ['a control character in O', (t) => void (t.subject = subject([U, 'Acme\u0001'])), ['subject-encoding']],
    // e_subject_dn_serial_number_not_printable_string, e_subject_dn_serial_number_max_length
    [
      'a UTF8String serialNumber of 65 characters',
      (t) =>
        void (t.subject = name(
          [OID.countryName, P, 'US'],
          [OID.organizationName, U, 'Acme'],
          [OID.serialNumber, U, '1'.repeat(65)],
          [OID.commonName, P, 'SHAKEN 073K'],
        )),
      ['subject-encoding', 'subject-length'],
    ],
  ])('reports %s', async (_label, mutate, rules) => {
    expect(await leafErrors(mutate)).toEqual(rules);
  });

  it('wants a subject serialNumber under CP 1.3 (e_us_cp_subject_sn_shall), not under CP 1.4', async () => {
    const cp13 = (t: Template) => {
      without(t, OID.certificatePolicies);
      t.extensions.push(extension(OID.certificatePolicies, false, certificatePoliciesValue([CP_1_3])));
    };
    expect(await leafErrors(cp13, CP_1_3)).toEqual(['subject-serial-number']);
    const withSerial = (t: Template) => {
      cp13(t);
      t.subject = name(
        [OID.countryName, P, 'US'],
        [OID.organizationName, U, 'Acme'],
        [OID.serialNumber, P, '073K-1'],
        [OID.commonName, P, 'SHAKEN 073K'],
      );
    };
    expect(await leafErrors(withSerial, CP_1_3)).toEqual([]);
  });

  it('wants UTCTime for a time before 2050 (e_wrong_time_format_pre2050)', async () => {
    const t = await leafTemplate();
    const tbs = encodeTbsCertificate(t, await subjectPublicKeyInfo(subjectKeys.publicKey));
    const fields = children(decodeOne(tbs, TAG.sequence)).map((f) => f.raw);
    const generalized = (d: Date) =>
      tlv(TAG.generalizedTime, utf8.encode(`${d.toISOString().replace(/[-:T]|\.\d+/g, '')}`));
    fields[4] = sequence(generalized(t.notBefore), generalized(t.notAfter));
    const findings = lintShakenTbsCertificate(sequence(...fields), {
      issuer: hierarchy.intermediate.certificate,
      expectedSpc: '073K',
      policyOid: SHAKEN_CP_OID,
    });
    expect(errorRules(findings)).toEqual(['validity-encoding']);
  });
});

describe('CA certificate rules ported from zlint', () => {
  async function intermediateTemplate(): Promise<Template> {
    const key = hierarchy.intermediate.signer.publicKey;
    return {
      serial: newSerial(),
      subject: name(
        [OID.countryName, P, 'US'],
        [OID.organizationName, P, 'Example STI-CA'],
        [OID.commonName, P, 'Example SHAKEN Intermediate CA'],
      ),
      issuer: hierarchy.root.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: key,
      notBefore: NOW,
      notAfter: new Date(NOW.getTime() + 365 * DAY),
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign])),
        extension(OID.basicConstraints, true, basicConstraintsValue(true, 0)),
        extension(OID.subjectKeyIdentifier, false, subjectKeyIdentifierValue(await keyIdentifier(key))),
        extension(
          OID.authorityKeyIdentifier,
          false,
          authorityKeyIdentifierValue(await keyIdentifier(hierarchy.root.signer.publicKey)),
        ),
        extension(OID.certificatePolicies, false, certificatePoliciesValue([SHAKEN_CP_OID])),
        extension(
          OID.crlDistributionPoints,
          false,
          crlDistributionPointsValue(CRL_URL, hierarchy.crlSigner.certificate.subjectName.toArrayBuffer()),
        ),
      ],
    };
  }

  async function caFindings(mutate: (t: Template) => void, withIssuer = true, policyOid?: string) {
    const t = await intermediateTemplate();
    mutate(t);
    const cert = await signCertificate(t, hierarchy.root.signer);
    return lintShakenCaCertificate(cert, {
      role: 'intermediate',
      issuer: withIssuer ? hierarchy.root.certificate : undefined,
      policyOid,
    });
  }
  const caErrors = async (mutate: (t: Template) => void, withIssuer = true) =>
    errorRules(await caFindings(mutate, withIssuer, SHAKEN_CP_OID));
  const replace = (t: Template, e: Extension) => {
    without(t, e.type);
    t.extensions.push(e);
  };

  it('the unmodified template is clean', async () => {
    expect(await caFindings(() => {}, true, SHAKEN_CP_OID)).toEqual([]);
  });

  // e_atis_ext_key_usage_ca (ATIS-1000080 v005): keyCertSign is the single value.
  it('reports keyCertSign with cRLSign on an intermediate', async () => {
    const ku = extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign, KEY_USAGE.cRLSign]));
    expect(await caErrors((t) => replace(t, ku))).toEqual(['key-usage']);
  });

  // e_atis_ext_crl_distribution_struct_ca: the one distribution point names its CRL issuer.
  it('reports an intermediate CRL distribution point without cRLIssuer', async () => {
    const dp = extension(OID.crlDistributionPoints, false, crlDistributionPointsValue(CRL_URL));
    expect(await caErrors((t) => replace(t, dp))).toEqual(['crl-distribution-points']);
  });

  it.each<[string, (t: Template) => void, string[]]>([
    // e_atis_ext_not_specified_ca
    [
      'a SAN added',
      (t) =>
        void t.extensions.push(new SubjectAlternativeNameExtension([{ type: 'dns', value: 'ca.example' }])),
      ['forbidden-extension'],
    ],
    // e_ext_duplicate_extension
    [
      'the policies twice',
      (t) =>
        void t.extensions.push(
          extension(OID.certificatePolicies, false, certificatePoliciesValue([SHAKEN_CP_OID])),
        ),
      ['extension-duplicate'],
    ],
    // e_atis_subject_key_identifier_size_ca
    [
      'an 8-octet SKI',
      (t) =>
        replace(
          t,
          extension(OID.subjectKeyIdentifier, false, subjectKeyIdentifierValue(new Uint8Array(8).fill(7))),
        ),
      ['subject-key-identifier'],
    ],
    // e_ext_subject_key_identifier_critical
    [
      'a critical SKI',
      (t) => {
        const ski = t.extensions.find((e) => e.type === OID.subjectKeyIdentifier)!;
        replace(t, extension(OID.subjectKeyIdentifier, true, new Uint8Array(ski.value)));
      },
      ['subject-key-identifier'],
    ],
    // e_atis_serial_number_size_ca
    ['a 7-bit serial', (t) => void (t.serial = '7f'), ['serial-entropy']],
    // e_atis_subject_o_required_ca
    [
      'no O',
      (t) => void (t.subject = name([OID.countryName, P, 'US'], [OID.commonName, P, 'Example SHAKEN CA'])),
      ['subject-organization'],
    ],
    // e_atis_subject_c_us_ca, e_atis_subject_c_iso_ca, e_atis_subject_dn_ca
    [
      'C=CA and two CNs',
      (t) =>
        void (t.subject = name(
          [OID.countryName, P, 'CA'],
          [OID.organizationName, P, 'Example'],
          [OID.commonName, P, 'Example SHAKEN CA'],
          [OID.commonName, P, 'Other SHAKEN CA'],
        )),
      ['subject-cn', 'subject-country'],
    ],
    // e_subject_common_name_max_length
    [
      'a CN of 65 characters',
      (t) =>
        void (t.subject = name(
          [OID.countryName, P, 'US'],
          [OID.organizationName, P, 'Example'],
          [OID.commonName, P, `SHAKEN ${'x'.repeat(58)}`],
        )),
      ['subject-length'],
    ],
    // e_ecdsa_allowed_ku
    [
      'keyEncipherment on an EC key',
      (t) => replace(t, extension(OID.keyUsage, true, keyUsageValue([2, KEY_USAGE.keyCertSign]))),
      ['key-usage'],
    ],
    // e_incorrect_ku_encoding, e_superfluous_ku_encoding
    [
      'a key usage with a trailing zero octet',
      (t) => replace(t, extension(OID.keyUsage, true, tlv(TAG.bitString, Uint8Array.of(0, 0x04, 0x00)))),
      ['key-usage'],
    ],
    // e_path_len_constraint_zero_or_less
    [
      'a negative pathLenConstraint',
      (t) =>
        replace(
          t,
          extension(
            OID.basicConstraints,
            true,
            sequence(tlv(TAG.boolean, Uint8Array.of(0xff)), tlv(TAG.integer, Uint8Array.of(0xff))),
          ),
        ),
      ['basic-constraints'],
    ],
    // e_atis_ext_crl_distribution_ca
    [
      'two CRL distribution points',
      (t) =>
        replace(
          t,
          extension(
            OID.crlDistributionPoints,
            false,
            sequence(
              ...[CRL_URL, `${CRL_URL}2`].map(
                (u) => children(decodeOne(crlDistributionPointsValue(u)))[0].raw,
              ),
            ),
          ),
        ),
      ['crl-distribution-points'],
    ],
    [
      'an ldap CRL URL',
      (t) =>
        replace(
          t,
          extension(
            OID.crlDistributionPoints,
            false,
            sequence(sequence(tlv(0xa0, tlv(0xa0, ia5('ldap://x/crl', 0x86))))),
          ),
        ),
      ['crl-distribution-points'],
    ],
  ])('reports %s', async (_label, mutate, rules) => {
    expect(await caErrors(mutate)).toEqual(rules);
  });

  it('wants an AKI with a keyIdentifier on an intermediate linted without its issuer', async () => {
    expect(await caErrors((t) => without(t, OID.authorityKeyIdentifier), false)).toEqual([
      'authority-key-identifier',
    ]);
    const serialOnly = extension(OID.authorityKeyIdentifier, false, sequence(tlv(0x82, Uint8Array.of(1))));
    expect(await caErrors((t) => replace(t, serialOnly), false)).toEqual(['authority-key-identifier']);
  });

  it('wants a US SHAKEN CP on the intermediate (e_shaken_certificate_policies_id_ca), anyPolicy included', async () => {
    const policy = (o: string) => (t: Template) =>
      replace(t, extension(OID.certificatePolicies, false, certificatePoliciesValue([o])));
    expect(errorRules(await caFindings(policy('1.2.3.4')))).toEqual(['certificate-policies']);
    expect(errorRules(await caFindings(policy(CP_1_3)))).toEqual([]);
    expect(errorRules(await caFindings(policy('2.5.29.32.0')))).toEqual(['certificate-policies']);
  });
});

describe('the CRL signer (cRLSign only, CA:FALSE, no policy, no CRL of its own)', () => {
  const lint = (cert: Parameters<typeof lintShakenCaCertificate>[0], withIssuer = true) =>
    lintShakenCaCertificate(cert, {
      role: 'crl-signer',
      issuer: withIssuer ? hierarchy.root.certificate : undefined,
    });
  /** The hierarchy's own CRL signer, re-signed with one extension replaced, added or dropped. */
  async function variant(change: (extensions: Extension[]) => Extension[]) {
    const cert = hierarchy.crlSigner.certificate;
    const tbs = {
      serial: newSerial(),
      subject: cert.subjectName.toArrayBuffer(),
      issuer: cert.issuerName.toArrayBuffer(),
      subjectPublicKey: hierarchy.crlSigner.signer.publicKey,
      notBefore: cert.notBefore,
      notAfter: cert.notAfter,
      extensions: change(cert.extensions.map((e) => new Extension(e.rawData))),
    };
    return lint(await signCertificate(tbs, hierarchy.root.signer));
  }
  const swap = (e: Extension) => (list: Extension[]) => [...list.filter((x) => x.type !== e.type), e];

  it('passes as the hierarchy makes it, and is checked against its root', async () => {
    expect(lint(hierarchy.crlSigner.certificate)).toEqual([]);
    const other = await createCaHierarchy({ organization: 'Other STI-CA', crlUrl: CRL_URL, now: NOW });
    const rules = errorRules(
      lintShakenCaCertificate(hierarchy.crlSigner.certificate, {
        role: 'crl-signer',
        issuer: other.root.certificate,
      }),
    );
    expect(rules).toEqual(['authority-key-identifier', 'issuer-name', 'signature']);
  });

  it.each<[string, Extension, string]>([
    [
      'keyCertSign beside cRLSign',
      extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign, KEY_USAGE.cRLSign])),
      'key-usage',
    ],
    ['digitalSignature instead', extension(OID.keyUsage, true, keyUsageValue([0])), 'key-usage'],
    [
      'a non-critical key usage',
      extension(OID.keyUsage, false, keyUsageValue([KEY_USAGE.cRLSign])),
      'key-usage',
    ],
    ['CA:TRUE', extension(OID.basicConstraints, true, basicConstraintsValue(true, 0)), 'basic-constraints'],
    [
      'a policy',
      extension(OID.certificatePolicies, false, certificatePoliciesValue([SHAKEN_CP_OID])),
      'certificate-policies',
    ],
    [
      'a CRL distribution point',
      extension(OID.crlDistributionPoints, false, crlDistributionPointsValue(CRL_URL)),
      'crl-distribution-points',
    ],
  ])('refuses %s', async (_, e, rule) => {
    expect(errorRules(await variant(swap(e)))).toEqual([rule]);
  });

  it('refuses a CRL signer without basic constraints or without a subject key identifier', async () => {
    expect(errorRules(await variant((l) => l.filter((e) => e.type !== OID.basicConstraints)))).toEqual([
      'basic-constraints',
    ]);
    expect(errorRules(await variant((l) => l.filter((e) => e.type !== OID.subjectKeyIdentifier)))).toEqual([
      'subject-key-identifier',
    ]);
  });
});
