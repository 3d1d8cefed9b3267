// The verifier on delegate chains (docs/delegates.md, docs/verification.md): root → intermediate (pathLen 1) →
// STI-SCA (SPC) → delegate (numbers). A PASSporT signed with the delegate's key holds for a number it lists and
// not for another; a CA below the STI-SCA breaks the path length as `openssl verify` says; each certificate's
// TNAuthList must fit within its issuer's; and the portal's description lints each certificate by its role.
import { randomUUID } from 'node:crypto';
import { CompactSign } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CaCredentials,
  KEY_USAGE,
  OID,
  SoftwareSigner,
  type TnAuthEntry,
  type X509Certificate,
  basicConstraintsValue,
  createRootCa,
  encodeName,
  encodeTnEntries,
  extension,
  generateP256KeyPair,
  keyUsageValue,
  signCertificate,
} from '../../server/src/ca';
import { describeCertificates } from '../../server/src/repository/describe';
import { formatReport, verifyCertificate, verifyPassport } from '../../server/src/verify';
import { DAY, type DelegateChain, delegateChain, parse } from './ca-delegate-fixtures';

let c: DelegateChain;
let chain: X509Certificate[];
const anchors = () => ({ trustAnchors: [c.root.certificate], revocation: false as const });

beforeAll(async () => {
  c = await delegateChain();
  chain = [parse(c.delegate), c.sca.certificate, c.intermediate.certificate];
});

async function passport(orig: string, key: CryptoKey) {
  const claims = {
    attest: 'A',
    dest: { tn: ['12155551213'] },
    iat: Math.floor(Date.now() / 1000),
    orig: { tn: orig },
    origid: randomUUID(),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'ES256', ppt: 'shaken', typ: 'passport', x5u: 'https://cr.example/d.pem' })
    .sign(key);
}

interface Made {
  cert: X509Certificate;
  creds: CaCredentials;
}

/** A certificate signed by `issuer`: a CA (keyCertSign, pathLen as given) or an end entity, with a TNAuthList. */
async function under(
  issuer: CaCredentials,
  cn: string,
  opts: { ca?: boolean; pathLen?: number; entries?: TnAuthEntry[]; keyUsage?: number[] },
): Promise<Made> {
  const keys = await generateP256KeyPair();
  const now = Date.now();
  const cert = await signCertificate(
    {
      serial: randomUUID().replace(/-/g, '').slice(0, 16),
      subject: encodeName([
        { type: 'C', value: 'US' },
        { type: 'O', value: 'Test' },
        { type: 'CN', value: cn },
      ]),
      issuer: issuer.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: keys.publicKey,
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + 10 * DAY),
      extensions: [
        extension(
          OID.keyUsage,
          true,
          keyUsageValue(opts.keyUsage ?? [opts.ca ? KEY_USAGE.keyCertSign : KEY_USAGE.digitalSignature]),
        ),
        extension(OID.basicConstraints, true, basicConstraintsValue(!!opts.ca, opts.pathLen)),
        ...(opts.entries ? [extension(OID.tnAuthList, false, encodeTnEntries(opts.entries))] : []),
      ],
    },
    issuer.signer,
  );
  return { cert, creds: { certificate: cert, signer: SoftwareSigner.fromKeyPair(keys) } };
}

const failed = (r: { checks: { name: string; ok: boolean; detail: string }[] }) =>
  r.checks.filter((x) => !x.ok);

describe('a PASSporT signed with a delegate key', () => {
  it('is valid for an orig in the delegate’s range or among its numbers', async () => {
    for (const orig of ['2025550150', '+2025550199', '2025550300']) {
      const r = await verifyPassport(await passport(orig, c.delegateKeys.privateKey), {
        ...anchors(),
        x5uChain: chain,
      });
      expect(failed(r)).toEqual([]);
      expect(r.valid).toBe(true);
      expect(r.checks.map((x) => x.name)).toEqual([
        'passport',
        'chain',
        'delegation',
        'profile',
        'signature',
        'freshness',
        'orig',
      ]);
      expect(r.checks.find((x) => x.name === 'delegation')?.detail).toMatch(
        /SHAKEN 073K Delegate lists numbers only, under the STI-SCA of SPC 073K/,
      );
      expect(formatReport(r)).toContain('\n  TNAuthList  2025550100 +100, 2025550300\n');
    }
  });

  it('is refused for an orig outside the delegate’s TNAuthList, naming it', async () => {
    const r = await verifyPassport(await passport('2025550200', c.delegateKeys.privateKey), {
      ...anchors(),
      x5uChain: chain,
    });
    expect(r.valid).toBe(false);
    expect(r.reason).toBe("orig 2025550200 is not in the certificate's TNAuthList");
  });
});

describe('path length (RFC 5280) and the issuers in the path', () => {
  it('refuses a certificate under a CA that the STI-SCA issued, as openssl verify does', async () => {
    const sub = await under(c.sca, 'SHAKEN 073K sub-SCA', { ca: true, pathLen: 0 });
    const leaf = await under(sub.creds, 'SHAKEN 073K Delegate', { entries: [{ one: '2025550150' }] });
    const r = await verifyCertificate([leaf.cert, sub.cert, c.sca.certificate, c.intermediate.certificate], {
      ...anchors(),
    });
    expect(r.valid).toBe(false);
    expect(r.reason).toBe(
      'path length constraint exceeded: C=US, O=Acme Telecom\\, Inc., CN=SHAKEN 073K STI-SCA has pathLenConstraint 0 and 1 CA certificate below it',
    );
  });

  it('refuses an issuer that is not a CA, or a CA without keyCertSign, saying so', async () => {
    const notCa = await under(c.sca, 'SHAKEN 073K Delegate', { entries: [{ one: '2025550150' }] });
    const leaf = await under(notCa.creds, 'SHAKEN 073K Delegate 2', { entries: [{ one: '2025550150' }] });
    const r = await verifyCertificate(
      [leaf.cert, notCa.cert, c.sca.certificate, c.intermediate.certificate],
      {
        ...anchors(),
      },
    );
    expect(r.reason).toBe(
      'C=US, O=Test, CN=SHAKEN 073K Delegate cannot issue certificates (it is not CA:TRUE with keyCertSign)',
    );
    const noSign = await under(c.root, 'No keyCertSign CA', {
      ca: true,
      keyUsage: [KEY_USAGE.digitalSignature],
    });
    const leaf2 = await under(noSign.creds, 'SHAKEN 073K Delegate', { entries: [{ one: '2025550150' }] });
    const r2 = await verifyCertificate([leaf2.cert, noSign.cert], anchors());
    expect(r2.reason).toBe(
      'C=US, O=Test, CN=No keyCertSign CA cannot issue certificates (it is not CA:TRUE with keyCertSign)',
    );
  });
});

describe('each TNAuthList within its issuer’s (RFC 9060)', () => {
  it('refuses an SPC in a certificate that an STI-SCA issued', async () => {
    const leaf = await under(c.sca, 'SHAKEN 073K', { entries: [{ spc: '073K' }] });
    const r = await verifyCertificate([leaf.cert, c.sca.certificate, c.intermediate.certificate], anchors());
    expect(r.valid).toBe(false);
    expect(r.reason).toBe(
      'C=US, O=Test, CN=SHAKEN 073K names an SPC under the STI-SCA C=US, O=Acme Telecom\\, Inc., CN=SHAKEN 073K STI-SCA: a certificate an STI-SCA issues lists numbers and ranges only',
    );
  });

  it('checks numbers against a CA in the path that lists numbers, naming the first uncovered', async () => {
    const root = await createRootCa({ organization: 'Numbers Root', now: new Date(Date.now() - DAY) });
    const ca = await under(root, 'Numbers CA', {
      ca: true,
      pathLen: 0,
      entries: [{ range: { start: '2025550100', count: 100 } }],
    });
    const inside = await under(ca.creds, 'Inside', {
      entries: [{ range: { start: '2025550150', count: 10 } }],
    });
    const ok = await verifyCertificate([inside.cert, ca.cert], {
      trustAnchors: [root.certificate],
      revocation: false,
    });
    expect(failed(ok)).toEqual([]);
    expect(ok.checks.find((x) => x.name === 'delegation')?.detail).toBe(
      'C=US, O=Test, CN=Inside lies within the TNAuthList of C=US, O=Test, CN=Numbers CA',
    );
    const outside = await under(ca.creds, 'Outside', {
      entries: [{ range: { start: '2025550190', count: 20 } }, { one: '2025550100' }],
    });
    const bad = await verifyCertificate([outside.cert, ca.cert], {
      trustAnchors: [root.certificate],
      revocation: false,
    });
    expect(bad.reason).toBe(
      'C=US, O=Test, CN=Outside lists 10 numbers outside the TNAuthList of C=US, O=Test, CN=Numbers CA: 2025550200, 2025550201, 2025550202, 2025550203, 2025550204, 2025550205, 2025550206, 2025550207, 2025550208, 2025550209',
    );
  });

  it('takes numbers under an issuer without a TNAuthList on the chain, and leaves a SHAKEN path as it was', async () => {
    const leaf = await under(c.intermediate, 'SHAKEN 073K Delegate', { entries: [{ one: '2025550150' }] });
    const r = await verifyCertificate([leaf.cert, c.intermediate.certificate], anchors());
    expect(failed(r)).toEqual([]);
    expect(r.checks.find((x) => x.name === 'delegation')?.detail).toMatch(
      /lists numbers; its issuer .*SHAKEN Intermediate.* carries no TNAuthList, so the chain to a trusted root vouches for them/,
    );
    const shaken = await under(c.intermediate, 'SHAKEN 073K', { entries: [{ spc: '073K' }] });
    const s = await verifyCertificate([shaken.cert, c.intermediate.certificate], anchors());
    expect(s.checks.map((x) => [x.name, x.ok])).toEqual([
      ['chain', true],
      ['profile', true],
    ]);
  });
});

describe('the portal’s description of a delegate chain', () => {
  it('lints the STI-SCA as an STI-SCA and the delegate as a delegate: no errors', () => {
    const d = describeCertificates([...chain, c.root.certificate]);
    expect(d.certificates.map((x) => x.findings.filter((f) => f.severity === 'error'))).toEqual([
      [],
      [],
      [],
      [],
    ]);
    expect(d.certificates[0].text).toMatch(
      /TNAuthList[^\n]*\n\s+TN range: 2025550100 \+100\n\s+TN: 2025550300\n/,
    );
    expect(d.certificates[1].text).toMatch(/TNAuthList[^\n]*\n\s+SPC: 073K\n/);
  });

  it('holds a delegate to its STI-SCA’s SPC in the CN', async () => {
    const other = await under(c.sca, 'SHAKEN 999Z Delegate', { entries: [{ one: '2025550150' }] });
    const d = describeCertificates([other.cert, c.sca.certificate]);
    expect(d.certificates[0].findings).toContainEqual({
      severity: 'error',
      rule: 'subject-cn',
      message: 'CN "SHAKEN 999Z Delegate" does not carry the SPC 073K',
    });
  });
});
