// verifySpcToken against a test STI-PA PKI made here: every refusal reason is reached.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signCertificate } from '../../server/src/ca/certificate';
import { type CaKeyMaterial, createIntermediateCa, createRootCa } from '../../server/src/ca/hierarchy';
import { newSerial } from '../../server/src/ca/profile';
import { generateP256KeyPair } from '../../server/src/ca/signer';
import {
  SpcTokenError,
  type SpcTokenFailure,
  type VerifySpcTokenOptions,
  createX5uCache,
  verifySpcToken,
} from '../../server/src/ca/spcToken';
import { encodeTnAuthList, tnAuthListToBase64 } from '../../server/src/ca/tnAuthList';
import type { X509Certificate } from '../../server/src/ca/x509';
import {
  KEY_USAGE,
  OID,
  basicConstraintsValue,
  encodeName,
  extension,
  keyUsageValue,
} from '../../server/src/ca/x509Parts';

const NOW = new Date('2026-06-01T12:00:00Z');
const X5U = 'https://sti-pa.test/certificate/signer.crt';
const FP = `SHA256 ${Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':')}`;

interface Pki {
  root: CaKeyMaterial;
  leaf: X509Certificate;
  leafKeys: CryptoKeyPair;
}

async function leafUnder(
  issuer: CaKeyMaterial,
  validity = { notBefore: new Date('2026-01-01Z'), notAfter: new Date('2030-01-01Z') },
) {
  const leafKeys = await generateP256KeyPair();
  const leaf = await signCertificate(
    {
      serial: newSerial(),
      subject: encodeName([{ type: 'CN', value: 'Test STI-PA token signer' }]),
      issuer: issuer.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: leafKeys.publicKey,
      ...validity,
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.digitalSignature])),
        extension(OID.basicConstraints, true, basicConstraintsValue(false)),
      ],
    },
    issuer.signer,
  );
  return { leaf, leafKeys };
}

async function makePki(name: string): Promise<Pki> {
  const root = await createRootCa({
    organization: name,
    commonName: `${name} SHAKEN ROOT`,
    now: new Date('2026-01-01Z'),
  });
  return { root, ...(await leafUnder(root)) };
}

interface Claims {
  exp?: number;
  jti?: string;
  atc?: Record<string, unknown>;
}

function goodClaims(spc = '073K'): Claims {
  return {
    exp: Math.floor(NOW.getTime() / 1000) + 60,
    jti: randomUUID(),
    atc: {
      tktype: 'TNAuthList',
      tkvalue: tnAuthListToBase64(encodeTnAuthList(spc)),
      ca: false,
      fingerprint: FP,
    },
  };
}

async function token(
  key: CryptoKey,
  claims: Claims = goodClaims(),
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(claims as Record<string, unknown>)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', x5u: X5U, ...header })
    .sign(key);
}

let pki: Pki;
let other: Pki;

beforeAll(async () => {
  pki = await makePki('Test STI-PA');
  other = await makePki('Other PA');
});

function options(overrides: Partial<VerifySpcTokenOptions> = {}): VerifySpcTokenOptions {
  const seen = new Set<string>();
  return {
    trustAnchorsPem: [pki.root.certificate.toString('pem')],
    requireHttpsX5u: true,
    fetchCertificate: async () => pki.leaf.toString('pem'),
    expectedSpc: '073K',
    now: NOW,
    jtiSeen: async (jti) => {
      if (seen.has(jti)) return true;
      seen.add(jti);
      return false;
    },
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<SpcTokenFailure> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(SpcTokenError);
    return (err as SpcTokenError).reason;
  }
  throw new Error('expected a refusal');
}

describe('verifySpcToken', () => {
  it('accepts a good token and returns the SPC, the TNAuthList DER, jti and exp', async () => {
    const claims = goodClaims();
    let fetched = '';
    const result = await verifySpcToken(
      await token(pki.leafKeys.privateKey, claims),
      options({
        expectedFingerprint: FP.toLowerCase(),
        fetchCertificate: async (url) => {
          fetched = url;
          return pki.leaf.toString('pem');
        },
      }),
    );
    expect(fetched).toBe(X5U);
    expect(result.spc).toBe('073K');
    expect(Buffer.from(result.tnAuthListDer).toString('hex').toUpperCase()).toBe('3008A00616043037334B');
    expect(result.jti).toBe(claims.jti);
    expect(result.exp.getTime()).toBe(claims.exp! * 1000);
    expect(result.fingerprint).toBe(FP);
  });

  it('accepts tkvalue as base64url without padding and tktype in any case', async () => {
    const claims = goodClaims();
    claims.atc = {
      ...claims.atc,
      tktype: 'tnauthlist',
      tkvalue: Buffer.from(encodeTnAuthList('073K')).toString('base64url'),
    };
    expect(String(claims.atc.tkvalue)).not.toContain('=');
    await expect(
      verifySpcToken(await token(pki.leafKeys.privateKey, claims), options()),
    ).resolves.toMatchObject({
      spc: '073K',
    });
  });

  it('accepts a DER x5u and a chain through an intermediate, refusing the chain without it', async () => {
    const inter = await createIntermediateCa({
      organization: 'Test STI-PA',
      commonName: 'Test STI-PA SHAKEN Intermediate',
      root: pki.root,
      crlUrl: 'http://sti-pa.test/crl',
      crlIssuerName: encodeName([
        { type: 'C', value: 'US' },
        { type: 'CN', value: 'Test CRL Signer' },
      ]),
      now: new Date('2026-01-01Z'),
    });
    const { leaf, leafKeys } = await leafUnder(inter);
    const chain = `${leaf.toString('pem')}\n${inter.certificate.toString('pem')}`;
    await expect(
      verifySpcToken(await token(leafKeys.privateKey), options({ fetchCertificate: async () => chain })),
    ).resolves.toBeTruthy();
    expect(
      await refusal(
        verifySpcToken(
          await token(leafKeys.privateKey),
          options({ fetchCertificate: async () => leaf.toString('pem') }),
        ),
      ),
    ).toBe('untrusted_x5u');
    await expect(
      verifySpcToken(
        await token(pki.leafKeys.privateKey),
        options({ fetchCertificate: async () => new Uint8Array(pki.leaf.rawData) }),
      ),
    ).resolves.toBeTruthy();
  });

  it('refuses a token signed by another key (bad_signature)', async () => {
    const stranger = await generateP256KeyPair();
    expect(await refusal(verifySpcToken(await token(stranger.privateKey), options()))).toBe('bad_signature');
  });

  it('refuses a tampered payload (bad_signature)', async () => {
    const [h, , s] = (await token(pki.leafKeys.privateKey)).split('.');
    const forged = Buffer.from(JSON.stringify(goodClaims('1234'))).toString('base64url');
    expect(await refusal(verifySpcToken(`${h}.${forged}.${s}`, options({ expectedSpc: '1234' })))).toBe(
      'bad_signature',
    );
  });

  it('refuses an expired token', async () => {
    const claims = { ...goodClaims(), exp: Math.floor(NOW.getTime() / 1000) - 1 };
    expect(await refusal(verifySpcToken(await token(pki.leafKeys.privateKey, claims), options()))).toBe(
      'expired',
    );
  });

  it('refuses a replayed token (second verify)', async () => {
    const opts = options();
    const t = await token(pki.leafKeys.privateKey);
    await verifySpcToken(t, opts);
    expect(await refusal(verifySpcToken(t, opts))).toBe('replayed');
  });

  it('does not spend the jti of a token it refuses for another reason', async () => {
    const opts = options();
    const t = await token(pki.leafKeys.privateKey);
    expect(await refusal(verifySpcToken(t, { ...opts, expectedSpc: '1234' }))).toBe('wrong_spc');
    await expect(verifySpcToken(t, opts)).resolves.toBeTruthy();
  });

  it('refuses a token for another OCN (wrong_spc)', async () => {
    const t = await token(pki.leafKeys.privateKey, goodClaims('9999'));
    expect(await refusal(verifySpcToken(t, options()))).toBe('wrong_spc');
  });

  it('refuses a tkvalue that is no TNAuthList (tkvalue_mismatch)', async () => {
    const claims = goodClaims();
    claims.atc = { ...claims.atc, tkvalue: 'bm90IGEgVE5BdXRoTGlzdA==' };
    expect(await refusal(verifySpcToken(await token(pki.leafKeys.privateKey, claims), options()))).toBe(
      'tkvalue_mismatch',
    );
  });

  it('refuses another tktype', async () => {
    const claims = goodClaims();
    claims.atc = { ...claims.atc, tktype: 'TNList' };
    expect(await refusal(verifySpcToken(await token(pki.leafKeys.privateKey, claims), options()))).toBe(
      'wrong_tktype',
    );
  });

  it('refuses ca:true for an end-entity request, and a missing ca flag', async () => {
    const claims = goodClaims();
    claims.atc = { ...claims.atc, ca: true };
    expect(await refusal(verifySpcToken(await token(pki.leafKeys.privateKey, claims), options()))).toBe(
      'wrong_ca_flag',
    );
    const { ca: _ca, ...noCa } = goodClaims().atc!;
    expect(
      await refusal(
        verifySpcToken(await token(pki.leafKeys.privateKey, { ...goodClaims(), atc: noCa }), options()),
      ),
    ).toBe('wrong_ca_flag');
  });

  it('refuses a fingerprint other than the account key', async () => {
    const t = await token(pki.leafKeys.privateKey);
    expect(
      await refusal(
        verifySpcToken(t, options({ expectedFingerprint: FP.replace(/^SHA256 ..:/, 'SHA256 FF:') })),
      ),
    ).toBe('fingerprint_mismatch');
  });

  it('refuses an x5u certificate from another root (untrusted_x5u)', async () => {
    const t = await token(other.leafKeys.privateKey);
    expect(
      await refusal(verifySpcToken(t, options({ fetchCertificate: async () => other.leaf.toString('pem') }))),
    ).toBe('untrusted_x5u');
  });

  it("refuses a certificate from a root that only copies the trusted root's name", async () => {
    const impostor = await makePki('Test STI-PA');
    expect(impostor.root.certificate.subject).toBe(pki.root.certificate.subject);
    const t = await token(impostor.leafKeys.privateKey);
    const chain = `${impostor.leaf.toString('pem')}\n${impostor.root.certificate.toString('pem')}`;
    expect(await refusal(verifySpcToken(t, options({ fetchCertificate: async () => chain })))).toBe(
      'untrusted_x5u',
    );
  });

  it('refuses an x5u certificate that is expired at now, or that cannot be fetched', async () => {
    const { leaf, leafKeys } = await leafUnder(pki.root, {
      notBefore: new Date('2025-01-01Z'),
      notAfter: new Date('2026-01-01Z'),
    });
    const t = await token(leafKeys.privateKey);
    expect(
      await refusal(verifySpcToken(t, options({ fetchCertificate: async () => leaf.toString('pem') }))),
    ).toBe('untrusted_x5u');
    const failing = options({
      fetchCertificate: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    expect(await refusal(verifySpcToken(await token(pki.leafKeys.privateKey), failing))).toBe(
      'untrusted_x5u',
    );
  });

  it('refuses an http x5u when https is required, and accepts it when not', async () => {
    const t = await token(pki.leafKeys.privateKey, goodClaims(), { x5u: 'http://sti-pa.test/cert.crt' });
    expect(await refusal(verifySpcToken(t, options()))).toBe('x5u_not_https');
    await expect(verifySpcToken(t, options({ requireHttpsX5u: false }))).resolves.toBeTruthy();
    const file = await token(pki.leafKeys.privateKey, goodClaims(), { x5u: 'file:///etc/passwd' });
    expect(await refusal(verifySpcToken(file, options({ requireHttpsX5u: false })))).toBe('x5u_not_https');
  });

  it('refuses malformed tokens and algorithms other than ES256 (bad_format)', async () => {
    expect(await refusal(verifySpcToken('not-a-jwt', options()))).toBe('bad_format');
    const hs = await new SignJWT(goodClaims() as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', x5u: X5U })
      .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!'));
    expect(await refusal(verifySpcToken(hs, options()))).toBe('bad_format');
    const noX5u = await new SignJWT(goodClaims() as Record<string, unknown>)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign(pki.leafKeys.privateKey);
    expect(await refusal(verifySpcToken(noX5u, options()))).toBe('bad_format');
    const noJti = await token(pki.leafKeys.privateKey, { ...goodClaims(), jti: undefined });
    expect(await refusal(verifySpcToken(noJti, options()))).toBe('bad_format');
  });
});

describe('the x5u cache', () => {
  it('fetches and verifies the x5u once, then uses it until its time is up', async () => {
    const fetched: string[] = [];
    const x5uCache = createX5uCache(60_000);
    const opts = (now: Date) =>
      options({
        now,
        x5uCache,
        fetchCertificate: async (url) => {
          fetched.push(url);
          return pki.leaf.toString('pem');
        },
      });
    for (let i = 0; i < 3; i++) await verifySpcToken(await token(pki.leafKeys.privateKey), opts(NOW));
    expect(fetched).toEqual([X5U]);
    // A minute on: fetched and verified again.
    const later = new Date(NOW.getTime() + 60_000);
    const claims = { ...goodClaims(), exp: Math.floor(later.getTime() / 1000) + 60 };
    await verifySpcToken(await token(pki.leafKeys.privateKey, claims), opts(later));
    expect(fetched).toEqual([X5U, X5U]);
  });

  it('fetches again when a token does not verify with the remembered certificate (a rotated key)', async () => {
    const x5uCache = createX5uCache();
    let served = pki;
    let fetches = 0;
    const opts = options({
      x5uCache,
      fetchCertificate: async () => {
        fetches++;
        return served.leaf.toString('pem');
      },
    });
    await verifySpcToken(await token(pki.leafKeys.privateKey), opts);
    const rotated = { ...pki, ...(await leafUnder(pki.root)) };
    served = rotated;
    await expect(verifySpcToken(await token(rotated.leafKeys.privateKey), opts)).resolves.toBeTruthy();
    expect(fetches).toBe(2);
    // A stranger's signature is still refused after the fresh fetch.
    const stranger = await generateP256KeyPair();
    expect(await refusal(verifySpcToken(await token(stranger.privateKey), opts))).toBe('bad_signature');
  });

  it('never lets a remembered certificate stand for other trust anchors', async () => {
    const x5uCache = createX5uCache();
    await verifySpcToken(await token(pki.leafKeys.privateKey), options({ x5uCache }));
    const otherAnchor = options({ x5uCache, trustAnchorsPem: [other.root.certificate.toString('pem')] });
    expect(await refusal(verifySpcToken(await token(pki.leafKeys.privateKey), otherAnchor))).toBe(
      'untrusted_x5u',
    );
  });

  it('keeps nothing that did not verify', async () => {
    const x5uCache = createX5uCache();
    const strangerPem = other.leaf.toString('pem');
    expect(
      await refusal(
        verifySpcToken(
          await token(other.leafKeys.privateKey),
          options({ x5uCache, fetchCertificate: async () => strangerPem }),
        ),
      ),
    ).toBe('untrusted_x5u');
    expect(x5uCache.get(X5U)).toBeUndefined();
  });
});
