import { execFileSync } from 'node:child_process';
import { createHash, webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CertificateTemplate, signCertificate } from '../../server/src/ca/certificate';
import {
  type ExportedCa,
  createCaHierarchy,
  createIntermediateCa,
  loadCa,
} from '../../server/src/ca/hierarchy';
import {
  IssuanceError,
  type ShakenCertificateRequest,
  ShakenIssuer,
  buildShakenCertificate,
} from '../../server/src/ca/issuer';
import { lintShakenCaCertificate, lintShakenCertificate } from '../../server/src/ca/lint';
import { signCrl } from '../../server/src/ca/crl';
import { crlToPem } from '../../server/src/ca/pem';
import {
  ProfileError,
  SHAKEN_CP_OID,
  assertSerial,
  certificateValidity,
  newSerial,
  shakenExtensions,
  shakenSubject,
} from '../../server/src/ca/profile';
import { type Signer, SoftwareSigner, generateP256KeyPair } from '../../server/src/ca/signer';
import { TAG, children, decodeOne, ia5, sequence, tlv } from '../../server/src/ca/der';
import {
  AuthorityInfoAccessExtension,
  ExtendedKeyUsageExtension,
  Extension,
  Name,
  SubjectAlternativeNameExtension,
  X509Certificate,
} from '../../server/src/ca/x509';
import {
  OID,
  basicConstraintsValue,
  certificatePoliciesValue,
  crlDistributionPointsValue,
  encodeName,
  extension,
  keyIdentifier,
  keyUsageValue,
  tnAuthListExtension,
} from '../../server/src/ca/x509Parts';

const CRL_URL = 'https://authenticate-api-stg.iconectiv.com/download/v1/crl';
const DAY = 86_400_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const hexOf = (b: ArrayBuffer | Uint8Array) =>
  Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('hex');

let hierarchy: { root: ExportedCa; crlSigner: ExportedCa; intermediate: ExportedCa };
let subjectKeys: CryptoKeyPair;
let leaf: X509Certificate;
/** The STI-PA CRL issuer's name, as DER taken from its CRL (here: built with a PrintableString O to show it is kept). */
const crlIssuerDer = encodeName([
  { type: 'C', value: 'US' },
  { type: 'serialNumber', value: 'STIPA' },
  { type: 'CN', value: 'STI-PA CRL' },
]);

function request(overrides: Partial<ShakenCertificateRequest> = {}): ShakenCertificateRequest {
  return {
    spc: '073K',
    companyName: 'Acme Telecom, Inc.',
    subjectPublicKey: subjectKeys.publicKey,
    serial: newSerial(),
    ...certificateValidity(NOW, new Date(NOW.getTime() + 200 * DAY)),
    issuer: { certificate: hierarchy.intermediate.certificate, signer: hierarchy.intermediate.signer },
    policyOid: SHAKEN_CP_OID,
    crl: { url: CRL_URL, issuerDn: crlIssuerDer },
    ...overrides,
  };
}

beforeAll(async () => {
  hierarchy = await createCaHierarchy({
    organization: 'Example STI-CA',
    crlUrl: 'https://ca.example.com/crl/root.crl',
    now: NOW,
  });
  subjectKeys = await generateP256KeyPair();
  leaf = await buildShakenCertificate(request());
});

const ext = (cert: X509Certificate, oid: string) => {
  const found = cert.extensions.filter((e) => e.type === oid);
  expect(found, oid).toHaveLength(1);
  return { critical: found[0].critical, value: hexOf(found[0].value) };
};

describe('CA hierarchy', () => {
  it('builds a SHAKEN root: CA:TRUE, keyCertSign alone critical, SKI, nothing else, 20 years', async () => {
    const root = hierarchy.root.certificate;
    expect(root.subject).toContain('SHAKEN ROOT');
    expect(root.subject).toBe(root.issuer);
    expect(await root.isSelfSigned()).toBe(true);
    expect(root.extensions.map((e) => e.type).sort()).toEqual(
      [OID.subjectKeyIdentifier, OID.keyUsage, OID.basicConstraints].sort(),
    );
    expect(ext(root, OID.keyUsage)).toEqual({ critical: true, value: '03020204' });
    expect(ext(root, OID.basicConstraints)).toEqual({ critical: true, value: '30030101ff' });
    expect(ext(root, OID.subjectKeyIdentifier).value).toBe(
      '0414' + hexOf(await keyIdentifier(hierarchy.root.signer.publicKey)),
    );
    const years = (root.notAfter.getTime() - root.notBefore.getTime()) / (365.25 * DAY);
    expect(Math.round(years)).toBe(20);
    expect(root.signatureAlgorithm).toMatchObject({ name: 'ECDSA', hash: { name: 'SHA-256' } });
    expect(root.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
  });

  it('builds a SHAKEN intermediate under it: pathLen 0, SKI/AKI, one policy, the CRL DP given', async () => {
    const inter = hierarchy.intermediate.certificate;
    const root = hierarchy.root.certificate;
    expect(inter.subject).toContain('SHAKEN Intermediate');
    expect(inter.issuer).toBe(root.subject);
    expect(await inter.verify({ publicKey: root.publicKey, signatureOnly: true })).toBe(true);
    expect(ext(inter, OID.keyUsage)).toEqual({ critical: true, value: '03020204' });
    expect(ext(inter, OID.basicConstraints)).toEqual({ critical: true, value: '30060101ff020100' });
    const rootSki = hexOf(await keyIdentifier(hierarchy.root.signer.publicKey));
    expect(ext(inter, OID.authorityKeyIdentifier)).toEqual({ critical: false, value: `30168014${rootSki}` });
    expect(ext(inter, OID.certificatePolicies)).toEqual({
      critical: false,
      value: '300e300c060a6086480186ff09010104',
    });
    expect(ext(inter, OID.crlDistributionPoints).value).toBe(
      hexOf(
        crlDistributionPointsValue(
          'https://ca.example.com/crl/root.crl',
          hierarchy.crlSigner.certificate.subjectName.toArrayBuffer(),
        ),
      ),
    );
    expect(inter.extensions.some((e) => e.type === OID.tnAuthList)).toBe(false);
    expect(inter.notAfter.getTime()).toBeLessThanOrEqual(root.notAfter.getTime());
  });

  it('exports PKCS#8 keys that load back into a signer for the same certificate', async () => {
    const { intermediate, root } = hierarchy;
    expect(intermediate.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(intermediate.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    const loaded = await loadCa(
      new X509Certificate(intermediate.certificatePem),
      intermediate.privateKeyPkcs8,
    );
    const cert = await buildShakenCertificate(request({ issuer: loaded }));
    expect(await cert.verify({ publicKey: intermediate.certificate.publicKey, signatureOnly: true })).toBe(
      true,
    );
    await expect(loadCa(intermediate.certificate, root.privateKeyPkcs8)).rejects.toThrow(/does not belong/);
  });
});

describe('CA lint', () => {
  const errors = (f: { rule: string; severity: string }[]) =>
    [...new Set(f.filter((x) => x.severity === 'error').map((x) => x.rule))].sort();

  it('passes the generated root and intermediate', () => {
    expect(lintShakenCaCertificate(hierarchy.root.certificate, { role: 'root' })).toEqual([]);
    const inter = lintShakenCaCertificate(hierarchy.intermediate.certificate, {
      role: 'intermediate',
      issuer: hierarchy.root.certificate,
      policyOid: SHAKEN_CP_OID,
    });
    expect(inter).toEqual([]);
  });

  it('tells a root from an intermediate and either from a leaf', () => {
    expect(errors(lintShakenCaCertificate(hierarchy.intermediate.certificate, { role: 'root' }))).toEqual([
      'authority-key-identifier',
      'certificate-policies',
      'crl-distribution-points',
      'issuer-name',
      'signature',
      'subject-cn',
    ]);
    expect(
      errors(
        lintShakenCaCertificate(leaf, { role: 'intermediate', issuer: hierarchy.intermediate.certificate }),
      ),
    ).toEqual(['basic-constraints', 'key-usage', 'tn-auth-list']);
    expect(
      errors(
        lintShakenCaCertificate(hierarchy.intermediate.certificate, {
          role: 'intermediate',
          issuer: hierarchy.intermediate.certificate,
        }),
      ),
    ).toEqual(['authority-key-identifier', 'issuer-name', 'signature']);
  });
});

describe('SHAKEN end-entity certificate', () => {
  it('is v3 with the exact subject, ES256 and a P-256 key', async () => {
    expect(leaf.subject).toBe('C=US, O=Acme Telecom\\, Inc., CN=SHAKEN 073K');
    expect(leaf.subjectName.getField('CN')).toEqual(['SHAKEN 073K']);
    expect(leaf.issuer).toBe(hierarchy.intermediate.certificate.subject);
    expect(leaf.signatureAlgorithm).toMatchObject({ name: 'ECDSA', hash: { name: 'SHA-256' } });
    expect(leaf.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    // Certificate ::= SEQUENCE { tbs SEQUENCE { [0] { INTEGER 2 } ...
    const der = new Uint8Array(leaf.rawData);
    const tbsStart = der[1] & 0x80 ? 2 + (der[1] & 0x7f) : 2;
    const tbsBody = tbsStart + (der[tbsStart + 1] & 0x80 ? 2 + (der[tbsStart + 1] & 0x7f) : 2);
    expect(hexOf(der.subarray(tbsBody, tbsBody + 5))).toBe('a003020102');
  });

  it('carries exactly the seven extensions of the profile, with their criticality and values', async () => {
    expect(leaf.extensions.map((e) => e.type).sort()).toEqual(
      [
        OID.keyUsage,
        OID.basicConstraints,
        OID.subjectKeyIdentifier,
        OID.authorityKeyIdentifier,
        OID.certificatePolicies,
        OID.crlDistributionPoints,
        OID.tnAuthList,
      ].sort(),
    );
    expect(ext(leaf, OID.keyUsage)).toEqual({ critical: true, value: '03020780' });
    expect(ext(leaf, OID.basicConstraints)).toEqual({ critical: true, value: '3000' });
    const raw = new Uint8Array(await webcrypto.subtle.exportKey('raw', subjectKeys.publicKey));
    const sha1 = createHash('sha1').update(raw).digest('hex');
    expect(ext(leaf, OID.subjectKeyIdentifier)).toEqual({ critical: false, value: `0414${sha1}` });
    const interSki = hexOf(await keyIdentifier(hierarchy.intermediate.signer.publicKey));
    expect(ext(leaf, OID.authorityKeyIdentifier)).toEqual({ critical: false, value: `30168014${interSki}` });
    expect(ext(leaf, OID.certificatePolicies)).toEqual({
      critical: false,
      value: '300e300c060a6086480186ff09010104',
    });
    const url = hexOf(Buffer.from(CRL_URL));
    const urlLen = CRL_URL.length.toString(16).padStart(2, '0');
    expect(ext(leaf, OID.crlDistributionPoints).critical).toBe(false);
    expect(ext(leaf, OID.crlDistributionPoints).value).toContain(`86${urlLen}${url}`);
    // cRLIssuer [2] { directoryName [4] { the given Name, byte for byte } }
    expect(ext(leaf, OID.crlDistributionPoints).value).toContain(
      `a4${crlIssuerDer.length.toString(16).padStart(2, '0')}${hexOf(crlIssuerDer)}`,
    );
    expect(ext(leaf, OID.tnAuthList)).toEqual({ critical: false, value: '3008a00616043037334b' });
  });

  it('refuses a distribution point without cRLIssuer, and takes a string DN', async () => {
    const own = await buildShakenCertificate(
      request({ crl: { url: 'https://ca.example.com/crl/i.crl' } }),
    ).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(IssuanceError);
    expect((own as IssuanceError).message).toMatch(/crl-issuer/);
    const byString = await buildShakenCertificate(
      request({ crl: { url: CRL_URL, issuerDn: 'CN=STI-PA CRL, O=STI-PA, C=US' } }),
    );
    expect(ext(byString, OID.crlDistributionPoints).value).toContain(
      hexOf(new Name('CN=STI-PA CRL, O=STI-PA, C=US').toArrayBuffer()),
    );
  });

  it('passes the lint with no finding at all', () => {
    const findings = lintShakenCertificate(leaf, {
      issuer: hierarchy.intermediate.certificate,
      expectedSpc: '073K',
      policyOid: SHAKEN_CP_OID,
      crlUrl: CRL_URL,
      crlIssuerName: crlIssuerDer,
    });
    expect(findings).toEqual([]);
    expect(lintShakenCertificate(leaf.rawData, { issuer: hierarchy.intermediate.certificate })).toEqual([]);
    expect(lintShakenCertificate(leaf).map((f) => f.severity)).toEqual(['warning']);
  });

  it('refuses an SPC, a company or a serial that do not fit', async () => {
    await expect(buildShakenCertificate(request({ spc: '073k' }))).rejects.toThrow(/SPC/);
    await expect(buildShakenCertificate(request({ companyName: '  ' }))).rejects.toThrow(ProfileError);
    await expect(buildShakenCertificate(request({ serial: '00ff' }))).rejects.toThrow(ProfileError);
    await expect(buildShakenCertificate(request({ crl: { url: 'ldap://x/crl' } }))).rejects.toThrow(
      ProfileError,
    );
  });

  it('refuses a signer that is not the issuing certificate’s key', async () => {
    const req = request({
      issuer: { certificate: hierarchy.intermediate.certificate, signer: hierarchy.root.signer },
    });
    await expect(buildShakenCertificate(req)).rejects.toThrow(IssuanceError);
  });

  it('refuses to issue under a certificate that is not a CA', async () => {
    // The leaf with its own key: the signer matches, but a leaf has CA:FALSE.
    const req = request({ issuer: { certificate: leaf, signer: SoftwareSigner.fromKeyPair(subjectKeys) } });
    await expect(buildShakenCertificate(req)).rejects.toThrow(/not a CA certificate/);
  });

  it('never returns a certificate that fails the lint', async () => {
    const err = await buildShakenCertificate(
      request({ notBefore: NOW, notAfter: new Date(NOW.getTime() + 400 * DAY) }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IssuanceError);
    expect((err as IssuanceError).findings.map((f) => f.rule)).toEqual(['validity-period']);
    // A lying signer: the signature is garbage, the lint catches it.
    const liar: Signer = {
      publicKey: hierarchy.intermediate.signer.publicKey,
      algorithm: hierarchy.intermediate.signer.algorithm,
      sign: async () => new Uint8Array(64).fill(1),
    };
    const bad = await buildShakenCertificate(
      request({ issuer: { certificate: hierarchy.intermediate.certificate, signer: liar } }),
    ).catch((e: unknown) => e);
    expect((bad as IssuanceError).findings.map((f) => f.rule)).toEqual(['signature']);
  });

  it('lints the TBSCertificate before the CA key signs: a certificate failing the lint is never signed', async () => {
    const inner = hierarchy.intermediate.signer;
    let signatures = 0;
    const counting: Signer = {
      publicKey: inner.publicKey,
      algorithm: inner.algorithm,
      selfTested: true,
      sign: (d) => {
        signatures++;
        return inner.sign(d);
      },
    };
    const issuer = await ShakenIssuer.create({
      certificate: hierarchy.intermediate.certificate,
      signer: counting,
    });
    const err = await issuer
      .issue(request({ notBefore: NOW, notAfter: new Date(NOW.getTime() + 400 * DAY) }))
      .catch((e: unknown) => e);
    expect((err as IssuanceError).findings.map((f) => f.rule)).toEqual(['validity-period']);
    expect(signatures).toBe(0);
    await issuer.issue(request());
    expect(signatures).toBe(1);
  });

  it('lints a CA certificate before its issuer signs it', async () => {
    let signatures = 0;
    const root = hierarchy.root;
    const counting: Signer = {
      publicKey: root.signer.publicKey,
      algorithm: root.signer.algorithm,
      sign: (d) => {
        signatures++;
        return root.signer.sign(d);
      },
    };
    // Made after the root has expired: notBefore would follow notAfter (capped at the root's end).
    const err = await createIntermediateCa({
      organization: 'Test',
      root: { certificate: root.certificate, signer: counting },
      crlUrl: 'https://ca.example.com/crl/root.crl',
      crlIssuerName: encodeName([
        { type: 'C', value: 'US' },
        { type: 'CN', value: 'Test CRL Signer' },
      ]),
      now: new Date(root.certificate.notAfter.getTime() + DAY),
    }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/validity-order/);
    expect(signatures).toBe(0);
  });

  it('issues from the SubjectPublicKeyInfo the key store keeps, as PEM and DER of one certificate', async () => {
    const issuer = await ShakenIssuer.create(request().issuer);
    const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', subjectKeys.publicKey));
    const issued = await issuer.issue({ ...request(), subjectPublicKey: spki });
    const cert = new X509Certificate(issued.pem);
    expect(hexOf(cert.rawData)).toBe(hexOf(issued.der));
    expect(issued.pem).toBe(cert.toString('pem'));
    expect(cert.serialNumber).toBe(issued.serial);
    expect(hexOf(cert.publicKey.rawData)).toBe(hexOf(spki));
    expect(lintShakenCertificate(issued.der, { issuer: hierarchy.intermediate.certificate })).toEqual([]);
    expect(
      await cert.verify({ publicKey: hierarchy.intermediate.certificate.publicKey, signatureOnly: true }),
    ).toBe(true);
  });

  it('verifies each signature of a signer that has not passed a self-test (a device), none of a tested one', async () => {
    const { signer: other } = await SoftwareSigner.generate();
    const intermediate = hierarchy.intermediate.signer;
    // A device that signs with the wrong key: caught on every certificate.
    const device: Signer = {
      publicKey: intermediate.publicKey,
      algorithm: intermediate.algorithm,
      sign: (d) => other.sign(d),
    };
    const err = await (
      await ShakenIssuer.create({ certificate: hierarchy.intermediate.certificate, signer: device })
    )
      .issue(request())
      .catch((e: unknown) => e);
    expect((err as IssuanceError).findings.map((f) => f.rule)).toEqual(['signature']);
    // The in-process signer proved its key pair before its first signature.
    expect(intermediate.selfTested).toBe(true);
  });
});

describe('serials', () => {
  it('are 20 random bytes, positive, never starting with a zero octet, unique', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const s = newSerial();
      expect(s).toMatch(/^[0-7][0-9a-f]{39}$/);
      expect(s.slice(0, 2)).not.toBe('00');
      assertSerial(s);
      seen.add(s);
    }
    expect(seen.size).toBe(2000);
  });

  it('go into the certificate unchanged', () => {
    expect(leaf.serialNumber).toMatch(/^[0-7][0-9a-f]{39}$/);
  });

  it.each([
    ['negative', '80' + '11'.repeat(19)],
    ['21 octets', '11'.repeat(21)],
    ['leading zero octet', '00' + '11'.repeat(19)],
    ['zero', '00'],
    ['63 bits', '7fffffffffffffff'],
    ['odd hex', '123'],
    ['not hex', 'zz'.repeat(10)],
  ])('rejects a %s serial', (_n, s) => {
    expect(() => assertSerial(s)).toThrow(ProfileError);
  });
});

describe('certificateValidity', () => {
  it('backdates five minutes and ends with the paid period', () => {
    const paid = new Date(NOW.getTime() + 30 * DAY);
    const v = certificateValidity(NOW, paid);
    expect(v.notBefore.toISOString()).toBe('2026-11-21T11:55:00.000Z');
    expect(v.notAfter).toEqual(paid);
  });

  it('caps the whole period at maxDays', () => {
    const v = certificateValidity(NOW, new Date(NOW.getTime() + 3 * 365 * DAY));
    expect(v.notAfter.getTime() - v.notBefore.getTime()).toBe(365 * DAY);
    const v90 = certificateValidity(NOW, new Date(NOW.getTime() + 365 * DAY), 90);
    expect(v90.notAfter.getTime() - v90.notBefore.getTime()).toBe(90 * DAY);
  });

  it('refuses an unpaid period and an impossible maximum', () => {
    expect(() => certificateValidity(NOW, NOW)).toThrow(ProfileError);
    expect(() => certificateValidity(NOW, new Date(NOW.getTime() - 1))).toThrow(/not paid/);
    expect(() => certificateValidity(NOW, new Date(NOW.getTime() + DAY), 366)).toThrow(ProfileError);
    expect(() => certificateValidity(NOW, new Date(NOW.getTime() + DAY), 0)).toThrow(ProfileError);
  });
});

describe('lint on certificates built wrong', () => {
  let interKeyId: Uint8Array;
  beforeAll(async () => {
    interKeyId = await keyIdentifier(hierarchy.intermediate.signer.publicKey);
  });

  type EditableTemplate = CertificateTemplate & { extensions: Extension[] };

  /** The profile's parts for the test CA, unsigned. */
  async function template(): Promise<EditableTemplate> {
    return {
      serial: newSerial(),
      subject: shakenSubject('073K', 'Acme Telecom'),
      issuer: hierarchy.intermediate.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: subjectKeys.publicKey,
      ...certificateValidity(NOW, new Date(NOW.getTime() + 90 * DAY)),
      extensions: shakenExtensions({
        spc: '073K',
        subjectKeyId: await keyIdentifier(subjectKeys.publicKey),
        issuerKeyId: interKeyId,
        policyOid: SHAKEN_CP_OID,
        crlUrl: CRL_URL,
        crlIssuerName: crlIssuerDer,
      }),
    };
  }

  /** The profile's parts, signed directly (bypassing the issuer's own lint), after `mutate`. */
  async function wrong(
    mutate: (t: EditableTemplate) => void | Promise<void>,
    signer: Signer = hierarchy.intermediate.signer,
  ) {
    const t = await template();
    await mutate(t);
    const cert = await signCertificate(t, signer);
    const findings = lintShakenCertificate(cert, {
      issuer: hierarchy.intermediate.certificate,
      expectedSpc: '073K',
      policyOid: SHAKEN_CP_OID,
    });
    return [...new Set(findings.filter((f) => f.severity === 'error').map((f) => f.rule))].sort();
  }

  const replace = (t: { extensions: Extension[] }, oid: string, e?: Extension) => {
    t.extensions = t.extensions.filter((x) => x.type !== oid).concat(e ? [e] : []);
  };
  const firstPoint = (url: string) => children(decodeOne(crlDistributionPointsValue(url)))[0].raw;
  const cn = (value: string) =>
    encodeName([
      { type: 'C', value: 'US' },
      { type: 'O', value: 'Acme' },
      { type: 'CN', value },
    ]);

  it('the unmodified template is clean', async () => {
    expect(await wrong(() => {})).toEqual([]);
  });

  it.each<[string, (t: EditableTemplate) => void | Promise<void>, string[]]>([
    [
      'a SAN added',
      (t) =>
        void t.extensions.push(
          new SubjectAlternativeNameExtension([{ type: 'dns', value: 'sp.example.com' }]),
        ),
      ['forbidden-extension'],
    ],
    [
      'an EKU added',
      (t) => void t.extensions.push(new ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.2'])),
      ['forbidden-extension'],
    ],
    [
      'an AIA/OCSP added',
      (t) => void t.extensions.push(new AuthorityInfoAccessExtension({ ocsp: ['http://ocsp.example.com'] })),
      ['forbidden-extension'],
    ],
    ['two spaces in the CN', (t) => void (t.subject = cn('SHAKEN  073K')), ['subject-cn']],
    ['no space in the CN', (t) => void (t.subject = cn('SHAKEN073K')), ['subject-cn']],
    ['another SPC in the CN', (t) => void (t.subject = cn('SHAKEN 073L')), ['subject-cn', 'tn-auth-list']],
    [
      'C=CA',
      (t) =>
        void (t.subject = encodeName([
          { type: 'C', value: 'CA' },
          { type: 'O', value: 'Acme' },
          { type: 'CN', value: 'SHAKEN 073K' },
        ])),
      ['subject-country'],
    ],
    [
      'no O',
      (t) =>
        void (t.subject = encodeName([
          { type: 'C', value: 'US' },
          { type: 'CN', value: 'SHAKEN 073K' },
        ])),
      ['subject-organization'],
    ],
    ['the TNAuthList missing', (t) => replace(t, OID.tnAuthList), ['tn-auth-list']],
    [
      'the TNAuthList critical',
      (t) =>
        replace(
          t,
          OID.tnAuthList,
          extension(OID.tnAuthList, true, Buffer.from('3008a00616043037334b', 'hex')),
        ),
      ['tn-auth-list'],
    ],
    [
      'another SPC in the TNAuthList',
      (t) => replace(t, OID.tnAuthList, tnAuthListExtension('073L')),
      ['tn-auth-list'],
    ],
    [
      'a range in the TNAuthList',
      (t) =>
        replace(
          t,
          OID.tnAuthList,
          extension(OID.tnAuthList, false, Buffer.from('3008a10616043037334b', 'hex')),
        ),
      ['tn-auth-list'],
    ],
    [
      'two policies',
      (t) =>
        replace(
          t,
          OID.certificatePolicies,
          extension(
            OID.certificatePolicies,
            false,
            certificatePoliciesValue([SHAKEN_CP_OID, '2.16.840.1.114569.1.1.3']),
          ),
        ),
      ['certificate-policies'],
    ],
    [
      'another policy',
      (t) =>
        replace(
          t,
          OID.certificatePolicies,
          extension(OID.certificatePolicies, false, certificatePoliciesValue(['2.23.140.1.2.1'])),
        ),
      ['certificate-policies'],
    ],
    ['no policies', (t) => replace(t, OID.certificatePolicies), ['certificate-policies']],
    [
      'two CRL distribution points',
      (t) =>
        replace(
          t,
          OID.crlDistributionPoints,
          extension(
            OID.crlDistributionPoints,
            false,
            sequence(firstPoint(CRL_URL), firstPoint('http://b.example/crl')),
          ),
        ),
      ['crl-distribution-points'],
    ],
    [
      'two URLs in one point',
      (t) =>
        replace(
          t,
          OID.crlDistributionPoints,
          extension(
            OID.crlDistributionPoints,
            false,
            sequence(
              sequence(
                tlv(0xa0, tlv(0xa0, ia5(CRL_URL, 0x86), ia5('http://b.example/crl', 0x86))),
                tlv(0xa2, tlv(0xa4, crlIssuerDer)),
              ),
            ),
          ),
        ),
      ['crl-distribution-points'],
    ],
    ['no CRL distribution point', (t) => replace(t, OID.crlDistributionPoints), ['crl-distribution-points']],
    [
      'key usage not critical',
      (t) => replace(t, OID.keyUsage, extension(OID.keyUsage, false, keyUsageValue([0]))),
      ['key-usage'],
    ],
    [
      'key usage with keyCertSign',
      (t) => replace(t, OID.keyUsage, extension(OID.keyUsage, true, keyUsageValue([0, 5]))),
      ['key-usage'],
    ],
    [
      'CA:TRUE',
      (t) =>
        replace(t, OID.basicConstraints, extension(OID.basicConstraints, true, basicConstraintsValue(true))),
      ['basic-constraints'],
    ],
    [
      'basic constraints not critical',
      (t) =>
        replace(
          t,
          OID.basicConstraints,
          extension(OID.basicConstraints, false, basicConstraintsValue(false)),
        ),
      ['basic-constraints'],
    ],
    [
      'a wrong SKI',
      (t) =>
        replace(
          t,
          OID.subjectKeyIdentifier,
          extension(OID.subjectKeyIdentifier, false, Buffer.from('0414' + '00'.repeat(20), 'hex')),
        ),
      ['subject-key-identifier'],
    ],
    [
      'an AKI that is not the issuer SKI',
      (t) =>
        replace(
          t,
          OID.authorityKeyIdentifier,
          extension(OID.authorityKeyIdentifier, false, Buffer.from('30168014' + '11'.repeat(20), 'hex')),
        ),
      ['authority-key-identifier'],
    ],
    [
      'a 400-day validity',
      (t) => void (t.notAfter = new Date(t.notBefore.getTime() + 400 * DAY)),
      ['validity-period'],
    ],
    [
      'notAfter before notBefore',
      (t) => void (t.notAfter = new Date(t.notBefore.getTime() - DAY)),
      ['validity-order'],
    ],
    ['a 4-octet serial', (t) => void (t.serial = '01020304'), ['serial-entropy']],
    ['a 21-octet serial', (t) => void (t.serial = '11'.repeat(21)), ['serial-length']],
    [
      'a duplicated extension',
      (t) => void t.extensions.push(tnAuthListExtension('073K')),
      ['extension-duplicate'],
    ],
    [
      'a P-384 key',
      async (t) => {
        const k = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, [
          'sign',
          'verify',
        ])) as CryptoKeyPair;
        t.subjectPublicKey = k.publicKey;
        replace(
          t,
          OID.subjectKeyIdentifier,
          extension(
            OID.subjectKeyIdentifier,
            false,
            Buffer.concat([Buffer.from('0414', 'hex'), Buffer.from(await keyIdentifier(k.publicKey))]),
          ),
        );
      },
      ['public-key'],
    ],
  ])('reports %s', async (_name, mutate, rules) => {
    expect(await wrong(mutate)).toEqual(rules);
  });

  it('reports a signature by another key', async () => {
    const { signer: other } = await SoftwareSigner.generate();
    expect(await wrong(() => {}, other)).toEqual(['signature']);
  });

  it('checks the signature encoding even when told not to verify it', async () => {
    const { signer: other } = await SoftwareSigner.generate();
    const t = await template();
    const byOther = await signCertificate(t, other);
    const rules = (cert: Uint8Array | X509Certificate, verifySignature: boolean) =>
      lintShakenCertificate(cert, { issuer: hierarchy.intermediate.certificate, verifySignature })
        .filter((f) => f.rule === 'signature')
        .map((f) => f.message);
    expect(rules(byOther, true)).toEqual(["the signature does not verify with the issuer's key"]);
    expect(rules(byOther, false)).toEqual([]);
    // r = 0 is no ECDSA signature at all.
    const zero: Signer = {
      ...other,
      publicKey: other.publicKey,
      algorithm: other.algorithm,
      sign: async () => new Uint8Array(64),
    };
    expect(rules(await signCertificate(t, zero), false)).toEqual([
      'the signature is not an ECDSA-Sig-Value of two positive INTEGERs',
    ]);
  });

  it('reports a public key that is not a point on P-256', async () => {
    const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', subjectKeys.publicKey));
    spki[spki.length - 1] ^= 1; // y changed: off the curve
    const findings = lintShakenCertificate(
      await signCertificate({ ...(await template()), subjectPublicKey: spki }, hierarchy.intermediate.signer),
    );
    expect(findings.filter((f) => f.rule === 'public-key').map((f) => f.message)).toEqual([
      'the EC point is not on the P-256 curve',
    ]);
  });

  it('reports an issuer name that is not the CA subject', async () => {
    expect(
      await wrong((t) => void (t.issuer = hierarchy.root.certificate.subjectName.toArrayBuffer())),
    ).toEqual(['issuer-name']);
  });

  it('reports a cRLIssuer that differs from the expected one, byte for byte', async () => {
    const printable = encodeName([
      { type: 'C', value: 'US' },
      { type: 'serialNumber', value: 'STIPA' },
      { type: 'CN', value: 'STI-PA CRL' },
    ]);
    const utf8 = new Uint8Array(new Name('C=US, 2.5.4.5=STIPA, CN=STI-PA CRL').toArrayBuffer());
    const cert = await signCertificate(
      {
        serial: newSerial(),
        subject: shakenSubject('073K', 'Acme'),
        issuer: hierarchy.intermediate.certificate.subjectName.toArrayBuffer(),
        subjectPublicKey: subjectKeys.publicKey,
        ...certificateValidity(NOW, new Date(NOW.getTime() + 90 * DAY)),
        extensions: shakenExtensions({
          spc: '073K',
          subjectKeyId: await keyIdentifier(subjectKeys.publicKey),
          issuerKeyId: interKeyId,
          policyOid: SHAKEN_CP_OID,
          crlUrl: CRL_URL,
          crlIssuerName: utf8,
        }),
      },
      hierarchy.intermediate.signer,
    );
    const rules = (name: Uint8Array) =>
      lintShakenCertificate(cert, { issuer: hierarchy.intermediate.certificate, crlIssuerName: name })
        .filter((f) => f.severity === 'error')
        .map((f) => f.rule);
    expect(rules(utf8)).toEqual([]);
    if (hexOf(utf8) !== hexOf(printable)) expect(rules(printable)).toEqual(['crl-issuer']);
  });

  it('reports a DEFAULT FALSE critical flag encoded explicitly (not DER)', () => {
    // Re-encode the leaf with `critical FALSE` spelled out in every non-critical extension.
    const [tbs, alg, sig] = children(decodeOne(leaf.rawData));
    const fields = children(tbs).map((f) => {
      if (f.tag !== 0xa3) return f.raw;
      const exts = children(children(f)[0]).map((e) => {
        const parts = children(e);
        return parts.length === 2
          ? sequence(parts[0].raw, tlv(TAG.boolean, Uint8Array.of(0)), parts[1].raw)
          : e.raw;
      });
      return tlv(0xa3, sequence(...exts));
    });
    const reencoded = sequence(sequence(...fields), alg.raw, sig.raw);
    const findings = lintShakenCertificate(reencoded, { issuer: hierarchy.intermediate.certificate });
    expect([...new Set(findings.filter((f) => f.severity === 'error').map((f) => f.rule))].sort()).toEqual([
      'extension-der',
      'signature',
    ]);
    expect(findings.filter((f) => f.rule === 'extension-der')).toHaveLength(5);
  });

  it('reports garbage as not DER', () => {
    expect(lintShakenCertificate(new Uint8Array([0x30, 0x03, 0x02, 0x01])).map((f) => f.rule)).toEqual([
      'der',
    ]);
  });
});

describe('OpenSSL agrees', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ca-openssl-'));
    writeFileSync(path.join(dir, 'root.pem'), hierarchy.root.certificatePem);
    writeFileSync(path.join(dir, 'intermediate.pem'), hierarchy.intermediate.certificatePem);
    writeFileSync(path.join(dir, 'leaf.pem'), leaf.toString('pem'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8' });

  it('prints the leaf with the TNAuthList and a critical Digital Signature key usage', () => {
    const text = openssl('x509', '-in', 'leaf.pem', '-text', '-noout');
    expect(text).toMatch(/Version: 3 \(0x2\)/);
    expect(text).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    expect(text).toMatch(/ASN1 OID: prime256v1/);
    expect(text).toMatch(/Subject: C ?= ?US, O ?= ?"?Acme Telecom, Inc\."?, CN ?= ?SHAKEN 073K/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/(1\.3\.6\.1\.5\.5\.7\.1\.26|TNAuthList|TN Auth List)/);
    expect(text).toMatch(/Policy: 2\.16\.840\.1\.114569\.1\.1\.4/);
    expect(text).toContain(CRL_URL);
    expect(text).toMatch(/CRL Issuer:\s+DirName:/);
    expect(text).not.toMatch(/Subject Alternative Name|Extended Key Usage|Authority Information Access/);
  });

  it('verifies the chain root → intermediate → leaf', () => {
    expect(
      openssl('verify', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem', 'leaf.pem').trim(),
    ).toBe('leaf.pem: OK');
  });

  it('verifies an indirect CRL from the CRL signer (cRLIssuer, certificateIssuer) and sees the leaf revoked', async () => {
    // The SHAKEN model: the leaf names a CRL issuer that is not its own issuer; the CRL lists it with
    // certificateIssuer. OpenSSL checks indirect CRLs with -extended_crl.
    const crlSigner = hierarchy.crlSigner;
    const crlSignerName = new Uint8Array(crlSigner.certificate.subjectName.toArrayBuffer());
    const revokedLeaf = await buildShakenCertificate(
      request({ serial: newSerial(), crl: { url: CRL_URL, issuerDn: crlSignerName } }),
    );
    const der = await signCrl(
      { id: 'crl-signer', certificate: crlSigner.certificate, signer: crlSigner.signer, indirect: true },
      {
        crlNumber: 1,
        thisUpdate: NOW,
        nextUpdate: new Date(NOW.getTime() + 3 * DAY),
        entries: [
          {
            serial: revokedLeaf.serialNumber,
            revokedAt: NOW,
            reason: 'key_compromise',
            certificateIssuer: new Uint8Array(hierarchy.intermediate.certificate.subjectName.toArrayBuffer()),
          },
        ],
      },
    );
    const pem = crlToPem(der);
    expect(pem).toMatch(/^-----BEGIN X509 CRL-----\n/);
    writeFileSync(path.join(dir, 'crl.pem'), pem);
    writeFileSync(path.join(dir, 'crl-signer.pem'), crlSigner.certificatePem);
    writeFileSync(path.join(dir, 'revoked.pem'), revokedLeaf.toString('pem'));
    const text = openssl('crl', '-in', 'crl.pem', '-noout', '-text');
    expect(text).toContain(`Serial Number: ${revokedLeaf.serialNumber.toUpperCase()}`);
    expect(text).toMatch(/Issuing Distribution Point: critical\s+Indirect CRL/);
    expect(text).toMatch(/Certificate Issuer: critical\s+DirName:/);
    const verify = (leafFile: string) => {
      try {
        return openssl(
          'verify',
          '-crl_check',
          '-extended_crl',
          '-CAfile',
          'root.pem',
          '-untrusted',
          'intermediate.pem',
          '-untrusted',
          'crl-signer.pem',
          '-CRLfile',
          'crl.pem',
          leafFile,
        );
      } catch (err) {
        return (
          String((err as { stdout?: string; stderr?: string }).stdout) +
          String((err as { stderr?: string }).stderr)
        );
      }
    };
    expect(verify('revoked.pem')).toMatch(/certificate revoked/);
  });

  it('sees the root and intermediate as SHAKEN CAs', () => {
    const root = openssl('x509', '-in', 'root.pem', '-text', '-noout');
    expect(root).toMatch(/X509v3 Key Usage: critical\s+Certificate Sign\n/);
    expect(root).toMatch(/CA:TRUE/);
    expect(root).not.toMatch(/Policies|CRL Distribution/);
    const inter = openssl('x509', '-in', 'intermediate.pem', '-text', '-noout');
    expect(inter).toMatch(/CA:TRUE, pathlen:0/);
    expect(inter).toMatch(/Policy: 2\.16\.840\.1\.114569\.1\.1\.4/);
    expect(inter).toMatch(/X509v3 Key Usage: critical\s+Certificate Sign\n/);
    expect(inter).toContain('https://ca.example.com/crl/root.crl');
    expect(inter).toMatch(/CRL Issuer:\s+DirName:.*SHAKEN CRL Signer/);
  });
});
