// The verifier's rules on hand-made inputs: an indirect CRL whose certificate-issuer entries carry over to the
// entries after them (RFC 5280 §5.3.3), so a serial counts only under its own issuer; a CRL whose issuer is not the
// cRLIssuer the leaf names; and `orig` against a TNAuthList, SPC or numbers (RFC 8226, RFC 9060).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CaKeyMaterial,
  OID,
  SoftwareSigner,
  type X509Certificate,
  createCrlSigner,
  createRootCa,
  crlDistributionPointsValue,
  crlTimes,
  encodeName,
  extension,
  generateP256KeyPair,
  signCertificate,
  signCrl,
} from '../../server/src/ca';
import { TAG, ia5, sequence, tlv } from '../../server/src/ca/der';
import { certificateNames, tnAuthList } from '../../server/src/verify/fields';
import { origProblem, parsePassport, passportProblems } from '../../server/src/verify/passport';
import { verifyShaken } from '../../server/src/verify';
import { checkRevocation } from '../../server/src/verify/revocation';

const NOW = new Date('2026-11-20T12:00:00Z');
const CRL_URL = 'https://sti-pa.test/crl/shaken.crl';
const name = (o: string, cn: string) =>
  encodeName([
    { type: 'C', value: 'US' },
    { type: 'O', value: o },
    { type: 'CN', value: cn },
  ]);
const CA_A = name('CA A', 'CA A SHAKEN Intermediate');
const CA_B = name('CA B', 'CA B SHAKEN Intermediate');

let stiPaRoot: CaKeyMaterial;
let crlSigner: CaKeyMaterial;

/** A leaf of `issuer` with `serial`, its one distribution point naming `crlIssuer`; extra extensions as given. */
async function leaf(
  issuer: Uint8Array,
  serial: string,
  crlIssuer: Uint8Array,
  more: ReturnType<typeof extension>[] = [],
) {
  const keys = await generateP256KeyPair();
  return signCertificate(
    {
      serial,
      subject: name('Provider', 'SHAKEN 073K'),
      issuer,
      subjectPublicKey: keys.publicKey,
      notBefore: new Date('2026-01-01T00:00:00Z'),
      notAfter: new Date('2027-01-01T00:00:00Z'),
      extensions: [
        extension(OID.crlDistributionPoints, false, crlDistributionPointsValue(CRL_URL, crlIssuer)),
        ...more,
      ],
    },
    SoftwareSigner.fromKeyPair(keys),
  );
}

beforeAll(async () => {
  stiPaRoot = await createRootCa({
    organization: 'STI-PA Test',
    commonName: 'STI-PA Test SHAKEN ROOT',
    now: NOW,
  });
  crlSigner = await createCrlSigner({ organization: 'STI-PA Test', root: stiPaRoot, now: NOW });
});

const subjectOf = (c: X509Certificate) => certificateNames(c).subject;

describe('checkRevocation on an indirect CRL', () => {
  it('finds a serial only under its own issuer, the certificate issuer carrying over to later entries', async () => {
    const revokedAt = new Date('2026-11-19T00:00:00Z');
    const der = await signCrl(
      { id: 'sti-pa', certificate: crlSigner.certificate, signer: crlSigner.signer, indirect: true },
      {
        crlNumber: 7,
        ...crlTimes(NOW),
        entries: [
          { serial: '0a01', revokedAt, reason: 'key_compromise', certificateIssuer: CA_B },
          { serial: '0a02', revokedAt, reason: 'key_compromise', certificateIssuer: CA_A },
          { serial: '0a03', revokedAt, reason: 'superseded', certificateIssuer: CA_A },
        ],
      },
    );
    const inputs = {
      stiPaAnchors: [stiPaRoot.certificate],
      crlCertificates: [crlSigner.certificate],
      loadCrl: async () => der,
      now: NOW,
    };
    const crlIssuer = subjectOf(crlSigner.certificate);
    // 0a01 is revoked under CA B only: CA A's 0a01 is good.
    expect(await checkRevocation(await leaf(CA_A, '0a01', crlIssuer), inputs)).toMatchObject({
      status: 'good',
    });
    expect(await checkRevocation(await leaf(CA_B, '0a01', crlIssuer), inputs)).toMatchObject({
      status: 'revoked',
      reason: 'keyCompromise',
    });
    // 0a03 carries no certificate issuer of its own: the one of 0a02 (CA A) holds for it.
    expect(await checkRevocation(await leaf(CA_A, '0a03', crlIssuer), inputs)).toMatchObject({
      status: 'revoked',
      reason: 'superseded',
      crlIssuer: 'C=US, O=STI-PA Test, CN=STI-PA Test SHAKEN CRL Signer',
    });
    expect(await checkRevocation(await leaf(CA_B, '0a03', crlIssuer), inputs)).toMatchObject({
      status: 'good',
    });

    // A leaf naming another cRLIssuer, a signer not under the trusted STI-PA root, a stale CRL: no answer.
    await expect(checkRevocation(await leaf(CA_A, '0a04', CA_B), inputs)).rejects.toThrow(
      /is not the cRLIssuer the certificate names/,
    );
    const other = await createRootCa({ organization: 'Other', commonName: 'Other SHAKEN ROOT', now: NOW });
    await expect(
      checkRevocation(await leaf(CA_A, '0a04', crlIssuer), { ...inputs, stiPaAnchors: [other.certificate] }),
    ).rejects.toThrow(/the CRL signer is not trusted/);
    await expect(
      checkRevocation(await leaf(CA_A, '0a04', crlIssuer), {
        ...inputs,
        now: new Date('2026-12-20T00:00:00Z'),
      }),
    ).rejects.toThrow(/stale/);
  });
});

describe('orig against the TNAuthList', () => {
  const passport = (tn: string) =>
    parsePassport(
      ['{"alg":"ES256"}', JSON.stringify({ attest: 'A', orig: { tn } }), 'sig']
        .map((s, i) => (i < 2 ? Buffer.from(s).toString('base64url') : s))
        .join('.'),
    );

  it('an SPC identifies the signer: any orig; numbers and ranges (a delegate) must hold orig', async () => {
    const spc = await leaf(CA_A, '01', CA_B, [
      extension(OID.tnAuthList, false, sequence(tlv(0xa0, ia5('073K')))),
    ]);
    const spcEntries = tnAuthList(spc)!;
    expect(spcEntries).toEqual([{ kind: 'spc', spc: '073K' }]);
    expect(origProblem(passport('12155551212'), spcEntries)).toMatchObject({ ok: true });

    const delegate = await leaf(CA_A, '02', CA_B, [
      extension(
        OID.tnAuthList,
        false,
        sequence(
          tlv(0xa1, sequence(ia5('12155551200'), tlv(TAG.integer, Uint8Array.of(100)))),
          tlv(0xa2, ia5('13105550000')),
        ),
      ),
    ]);
    const entries = tnAuthList(delegate)!;
    expect(entries).toEqual([
      { kind: 'range', start: '12155551200', count: 100 },
      { kind: 'one', tn: '13105550000' },
    ]);
    expect(origProblem(passport('12155551299'), entries).ok).toBe(true);
    expect(origProblem(passport('+13105550000'), entries).ok).toBe(true);
    expect(origProblem(passport('12155551300'), entries)).toEqual({
      ok: false,
      detail: "orig 12155551300 is not in the certificate's TNAuthList",
    });
    expect(origProblem(passport('12155551199'), entries).ok).toBe(false);
  });
});

describe('a PASSporT header and an unreadable input', () => {
  const header = (x5u: string) =>
    parsePassport(
      [
        { alg: 'ES256', ppt: 'shaken', typ: 'passport', x5u },
        { attest: 'B', orig: { tn: '1' }, dest: { tn: ['2'] }, iat: 1, origid: 'x' },
      ]
        .map((o) => Buffer.from(JSON.stringify(o)).toString('base64url'))
        .join('.') + '.sig',
    );

  it('wants the x5u over https on 443 or 8443 (any http URL with allowHttp)', () => {
    expect(passportProblems(header('https://cr.example/a.pem'), false)).toEqual([]);
    expect(passportProblems(header('https://cr.example:8443/a.pem'), false)).toEqual([]);
    expect(passportProblems(header('https://cr.example:8080/a.pem'), false)).toEqual([
      'x5u is on port 8080; verifiers fetch from 443 or 8443 only',
    ]);
    expect(passportProblems(header('http://cr.example/a.pem'), false)).toEqual([
      'x5u is not an https URL: http://cr.example/a.pem',
    ]);
    expect(passportProblems(header('http://127.0.0.1:3000/a.pem'), true)).toEqual([]);
  });

  it('reports what is neither a PASSporT nor a certificate as invalid input', async () => {
    const r = await verifyShaken('not a certificate', { trustAnchors: [stiPaRoot.certificate] });
    expect(r).toMatchObject({ valid: false, kind: 'certificate', checks: [{ name: 'input', ok: false }] });
  });
});
