import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntermediateCa } from '../../server/src/ca/hierarchy';
import { IssuanceError, ShakenIssuer } from '../../server/src/ca/issuer';
import { lintShakenCaCertificate, lintShakenCertificate } from '../../server/src/ca/lint';
import {
  ProfileError,
  certificateValidity,
  delegateExtensionsDer,
  delegateValidity,
  newSerial,
} from '../../server/src/ca/profile';
import { generateP256KeyPair } from '../../server/src/ca/signer';
import { type TnAuthEntry, decodeTnEntries } from '../../server/src/ca/tnEntries';
import { X509Certificate } from '../../server/src/ca/x509';
import { verifyCertificate } from '../../server/src/verify';
import { OID } from '../../server/src/ca/x509Parts';
import {
  CRL_URL,
  DAY,
  type DelegateChain,
  ENTRIES,
  SPC,
  delegateChain,
  parse,
  underStiScaCa,
} from './ca-delegate-fixtures';

let c: DelegateChain;
let dir: string;
const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** `openssl verify -purpose any` of `leaf` up the untrusted `chain` to root.pem: its output, or its error. */
function verify(leaf: string, ...chain: string[]): string {
  try {
    const untrusted = chain.flatMap((f) => ['-untrusted', f]);
    return openssl('verify', '-purpose', 'any', '-x509_strict', '-CAfile', 'root.pem', ...untrusted, leaf);
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `FAILED ${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}
const pem = (cert: X509Certificate) => cert.toString('pem');
const ext = (cert: X509Certificate, oid: string) => {
  const e = cert.extensions.find((x) => x.type === oid);
  return e && { critical: e.critical, value: Buffer.from(e.value).toString('hex') };
};
const errors = (findings: { severity: string; rule: string }[]) =>
  findings.filter((f) => f.severity === 'error').map((f) => f.rule);

beforeAll(async () => {
  c = await delegateChain();
  dir = mkdtempSync(path.join(tmpdir(), 'ca-delegate-'));
  writeFileSync(path.join(dir, 'root.pem'), pem(c.root.certificate));
  writeFileSync(path.join(dir, 'intermediate.pem'), pem(c.intermediate.certificate));
  writeFileSync(path.join(dir, 'sca.pem'), c.scaIssued.pem);
  writeFileSync(path.join(dir, 'delegate.pem'), c.delegate.pem);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the STI-SCA profile', () => {
  it('is a CA with pathLen 0 and keyCertSign alone, both critical, and the SPC in a non-critical TNAuthList', () => {
    const sca = c.sca.certificate;
    expect(sca.subject).toBe('C=US, O=Acme Telecom\\, Inc., CN=SHAKEN 073K STI-SCA');
    expect(sca.issuer).toBe(c.intermediate.certificate.subject);
    expect(ext(sca, OID.keyUsage)).toEqual({ critical: true, value: '03020204' });
    expect(ext(sca, OID.basicConstraints)).toEqual({ critical: true, value: '30060101ff020100' });
    expect(ext(sca, OID.tnAuthList)).toEqual({ critical: false, value: '3008a00616043037334b' });
    expect(sca.extensions.map((e) => e.type).sort()).toEqual(
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
    expect(ext(sca, OID.crlDistributionPoints)).toEqual(
      ext(c.intermediate.certificate, OID.crlDistributionPoints),
    );
    expect(ext(sca, OID.certificatePolicies)).toEqual(
      ext(c.intermediate.certificate, OID.certificatePolicies),
    );
  });

  it('passes the CA lint as an STI-SCA, and not as a plain intermediate', () => {
    const sca = c.sca.certificate;
    const issuer = c.intermediate.certificate;
    expect(errors(lintShakenCaCertificate(sca, { role: 'sti-sca', issuer, expectedSpc: SPC }))).toEqual([]);
    expect(errors(lintShakenCaCertificate(sca, { role: 'sti-sca', issuer, expectedSpc: '1234' }))).toEqual([
      'tn-auth-list',
    ]);
    expect(errors(lintShakenCaCertificate(sca, { role: 'intermediate', issuer }))).toContain('tn-auth-list');
    // The portal's own intermediate stays without a TNAuthList.
    expect(
      errors(lintShakenCaCertificate(issuer, { role: 'sti-sca', issuer: c.root.certificate })),
    ).toContain('tn-auth-list');
  });

  it('is refused by an intermediate whose pathLen is 0, and an STI-SCA issues no CA', async () => {
    const inter0 = await createIntermediateCa({
      organization: 'Example STI-CA',
      root: c.root,
      crlUrl: CRL_URL,
      crlIssuerName: c.crl.issuerDn,
    });
    const keys = await generateP256KeyPair();
    const req = {
      spc: SPC,
      companyName: 'Acme',
      subjectPublicKey: keys.publicKey,
      serial: newSerial(),
      ...certificateValidity(new Date(), new Date(Date.now() + 30 * DAY)),
      crl: c.crl,
    };
    await expect((await ShakenIssuer.create(inter0)).issueStiSca(req)).rejects.toThrow(/pathLenConstraint 0/);
    await expect(c.scaIssuer.issueStiSca(req)).rejects.toThrow(/pathLenConstraint 0/);
  });
  it('is refused under SHAKEN CP 1.3, whose CA with a TNAuthList must name a serialNumber', async () => {
    const keys = await generateP256KeyPair();
    const issued = c.intermediateIssuer.issueStiSca({
      spc: SPC,
      companyName: 'Acme',
      subjectPublicKey: keys.publicKey,
      serial: newSerial(),
      ...certificateValidity(new Date(), new Date(Date.now() + 30 * DAY)),
      policyOid: '2.16.840.1.114569.1.1.3',
      crl: c.crl,
    });
    await expect(issued).rejects.toMatchObject({
      findings: expect.arrayContaining([expect.objectContaining({ rule: 'subject-serial-number' })]),
    });
  });
});

describe('the delegate profile', () => {
  it('is an end entity with digitalSignature, numbers and ranges and no SPC, named after the STI-SCA', () => {
    const d = parse(c.delegate);
    expect(d.subject).toBe('C=US, O=Widget Call Center LLC, CN=SHAKEN 073K Delegate');
    expect(d.issuer).toBe(c.sca.certificate.subject);
    expect(ext(d, OID.keyUsage)).toEqual({ critical: true, value: '03020780' });
    expect(ext(d, OID.basicConstraints)).toEqual({ critical: true, value: '3000' });
    const tn = d.extensions.find((e) => e.type === OID.tnAuthList);
    expect(tn?.critical).toBe(false);
    expect(decodeTnEntries(tn!.value)).toEqual(ENTRIES);
    expect(ext(d, OID.crlDistributionPoints)).toEqual(ext(c.sca.certificate, OID.crlDistributionPoints));
    expect(d.notAfter.getTime()).toBeLessThanOrEqual(c.sca.certificate.notAfter.getTime());
  });

  it('passes the delegate lint; the SHAKEN end-entity lint still refuses its numbers', () => {
    const d = c.delegate.der;
    const issuer = c.sca.certificate;
    expect(errors(lintShakenCertificate(d, { issuer, profile: 'delegate', expectedSpc: SPC }))).toEqual([]);
    expect(
      errors(lintShakenCertificate(d, { issuer, profile: 'delegate', expectedEntries: ENTRIES.slice(0, 1) })),
    ).toEqual(['tn-auth-list']);
    const lintWith = (expectedEntries: TnAuthEntry[]) =>
      errors(lintShakenCertificate(d, { issuer, profile: 'delegate', expectedEntries }));
    // the entries approved, compared entry by entry whatever order their fields were written in
    expect(lintWith([{ range: { count: 100, start: '2025550100' } }, { one: '2025550300' }])).toEqual([]);
    for (const other of [
      [{ range: { start: '2025550100', count: 99 } }, { one: '2025550300' }],
      [{ range: { start: '2025550101', count: 100 } }, { one: '2025550300' }],
      [{ range: { start: '2025550100', count: 100 } }, { one: '2025550301' }],
      [{ range: { start: '2025550100', count: 100 } }, { range: { start: '2025550300', count: 2 } }],
      [{ one: '2025550300' }, { range: { start: '2025550100', count: 100 } }],
      [...ENTRIES, { one: '2025550302' }],
      [{ range: { start: '2025550100', count: 100 } }, { spc: SPC }],
    ] as TnAuthEntry[][])
      expect(lintWith(other), JSON.stringify(other)).toEqual(['tn-auth-list']);
    expect(errors(lintShakenCertificate(d, { issuer }))).toEqual(
      expect.arrayContaining(['tn-auth-list', 'subject-cn']),
    );
  });

  it('never outlives its STI-SCA: delegateValidity caps it, the lint refuses it', async () => {
    const now = new Date();
    const scaEnd = c.sca.certificate.notAfter;
    expect(delegateValidity(now, new Date(scaEnd.getTime() + 100 * DAY), scaEnd).notAfter).toEqual(scaEnd);
    const keys = await generateP256KeyPair();
    const late = c.scaIssuer.issueDelegate({
      companyName: 'Widget',
      entries: ENTRIES,
      subjectPublicKey: keys.publicKey,
      serial: newSerial(),
      notBefore: now,
      notAfter: new Date(scaEnd.getTime() + 1000),
      crl: c.crl,
    });
    await expect(late).rejects.toThrow(IssuanceError);
    await expect(late).rejects.toMatchObject({
      findings: expect.arrayContaining([expect.objectContaining({ rule: 'validity-issuer' })]),
    });
  });

  it('is issued only by an STI-SCA, and lists no SPC', async () => {
    const keys = await generateP256KeyPair();
    const req = {
      companyName: 'Widget',
      entries: ENTRIES,
      subjectPublicKey: keys.publicKey,
      serial: newSerial(),
      ...certificateValidity(new Date(), new Date(Date.now() + 30 * DAY)),
      crl: c.crl,
    };
    await expect(c.intermediateIssuer.issueDelegate(req)).rejects.toThrow(/no STI-SCA/);
    await expect(c.scaIssuer.issueDelegate({ ...req, entries: [{ spc: SPC }] })).rejects.toThrow(
      ProfileError,
    );
    await expect(c.scaIssuer.issueDelegate({ ...req, entries: [] })).rejects.toThrow(ProfileError);
  });

  it('refuses an SPC in the delegate profile, at the builder and at the lint', async () => {
    expect(() =>
      delegateExtensionsDer({
        entries: [{ one: '2025550100' }, { spc: SPC }],
        subjectKeyId: new Uint8Array(20),
        issuerKeyId: new Uint8Array(20),
        policyOid: '2.16.840.1.114569.1.1.4',
        crlUrl: CRL_URL,
      }),
    ).toThrow(ProfileError);
    const keys = await generateP256KeyPair();
    const shaken = await c.scaIssuer.issue({
      spc: SPC,
      companyName: 'Acme',
      subjectPublicKey: keys.publicKey,
      serial: newSerial(),
      ...certificateValidity(new Date(), new Date(Date.now() + 30 * DAY)),
      crl: c.crl,
    });
    const findings = lintShakenCertificate(shaken.der, { issuer: c.sca.certificate, profile: 'delegate' });
    expect(errors(findings)).toEqual(['subject-cn', 'tn-auth-list']);
  });
});

describe('openssl verify -purpose any', () => {
  it('accepts root → intermediate (pathLen 1) → STI-SCA → delegate', () => {
    expect(verify('delegate.pem', 'intermediate.pem', 'sca.pem').trim()).toBe('delegate.pem: OK');
    expect(verify('sca.pem', 'intermediate.pem').trim()).toBe('sca.pem: OK');
  });

  it("is what the portal's own verifier accepts too: chain and delegate profile", async () => {
    const chain = [parse(c.delegate), c.sca.certificate, c.intermediate.certificate];
    const r = await verifyCertificate(chain, { trustAnchors: [c.root.certificate], revocation: false });
    expect(r.checks.filter((x) => !x.ok)).toEqual([]);
    expect(r.checks.map((x) => x.name)).toEqual(['chain', 'delegation', 'profile']);
  });

  it('refuses a certificate under a CA that the STI-SCA issued (its pathLen 0 forbids it)', async () => {
    const { sub, leaf } = await underStiScaCa(c);
    writeFileSync(path.join(dir, 'sub.pem'), pem(sub));
    writeFileSync(path.join(dir, 'under-sub.pem'), pem(leaf));
    const out = verify('under-sub.pem', 'intermediate.pem', 'sca.pem', 'sub.pem');
    expect(out).toMatch(/^FAILED/);
    expect(out).toMatch(/path length constraint exceeded/);
  });
});
