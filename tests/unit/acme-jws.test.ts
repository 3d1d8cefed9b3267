// RFC 8555 §6.2's checks of an ACME request, on JWS made by jose (FlattenedSign) with real ES256 and RS256 keys:
// what passes, and the problem type each malformation answers.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { type JWK, FlattenedSign, exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAcmeRequest, type VerifyOptions } from '../../server/src/acme/jws';
import { AcmeProblem } from '../../server/src/acme/problems';

const URL_NEW_ACCOUNT = 'https://portal.test/acme/new-account';
const URL_ORDER = 'https://portal.test/acme/new-order';
const KID = 'https://portal.test/acme/account/3f2a';
const NONCE = 'bm9uY2Utb25l';
const enc = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

type Keys = { privateKey: CryptoKey; jwk: JWK };
let es: Keys;
let rs: Keys;
let other: Keys;
const keysOf = async (alg: 'ES256' | 'RS256'): Promise<Keys> => {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey: privateKey as CryptoKey, jwk: await exportJWK(publicKey) };
};

beforeAll(async () => {
  [es, rs, other] = await Promise.all([keysOf('ES256'), keysOf('RS256'), keysOf('ES256')]);
});

/** A JWS as a client sends it; `header` is merged over alg/nonce/url (undefined members removed). */
async function jws(
  keys: Keys,
  payload: unknown,
  header: Record<string, unknown> = {},
  alg: 'ES256' | 'RS256' = 'ES256',
) {
  const protectedHeader = Object.fromEntries(
    Object.entries({ alg, nonce: NONCE, url: URL_NEW_ACCOUNT, jwk: keys.jwk, ...header }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const bytes = new TextEncoder().encode(payload === '' ? '' : JSON.stringify(payload));
  return new FlattenedSign(bytes).setProtectedHeader(protectedHeader as never).sign(keys.privateKey);
}

const newAccount: VerifyOptions = { url: URL_NEW_ACCOUNT, keyFrom: 'jwk' };
const byKid = (key: JWK | null): VerifyOptions => ({
  url: URL_ORDER,
  keyFrom: 'kid',
  accountKey: async (kid) => (kid === KID ? key : null),
});

async function problemOf(body: unknown, opts: VerifyOptions) {
  try {
    await verifyAcmeRequest(body, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(AcmeProblem);
    return (e as AcmeProblem).toDocument();
  }
  throw new Error('the request was accepted');
}

describe('an ACME request', () => {
  it('signed with ES256 and carrying its key is accepted, with its payload and key', async () => {
    const req = await verifyAcmeRequest(await jws(es, { termsOfServiceAgreed: true }), newAccount);
    expect(req.payload).toEqual({ termsOfServiceAgreed: true });
    expect(req.header).toMatchObject({ alg: 'ES256', nonce: NONCE, url: URL_NEW_ACCOUNT });
    expect(req.key).toEqual(es.jwk);
  });

  it('signed with RS256 (2048 bits) is accepted', async () => {
    const req = await verifyAcmeRequest(await jws(rs, {}, {}, 'RS256'), newAccount);
    expect(req.payload).toEqual({});
  });

  it('naming its account by kid is checked with that account key; an empty payload is a POST-as-GET', async () => {
    const body = await jws(es, '', { url: URL_ORDER, jwk: undefined, kid: KID });
    const req = await verifyAcmeRequest(body, byKid(es.jwk));
    expect(req.payload).toBeNull();
    expect(req.header.kid).toBe(KID);
  });

  it('signed by another key than the account key of its kid is refused', async () => {
    const body = await jws(other, {}, { url: URL_ORDER, jwk: undefined, kid: KID });
    expect(await problemOf(body, byKid(es.jwk))).toMatchObject({
      type: 'urn:ietf:params:acme:error:malformed',
      detail: 'The JWS signature does not verify',
      status: 400,
    });
  });

  it('naming an unknown account is refused as accountDoesNotExist', async () => {
    const body = await jws(es, {}, { url: URL_ORDER, jwk: undefined, kid: `${KID}-gone` });
    expect((await problemOf(body, byKid(es.jwk))).type).toBe(
      'urn:ietf:params:acme:error:accountDoesNotExist',
    );
  });

  it('with a payload changed after signing is refused', async () => {
    const body = await jws(es, { contact: ['mailto:a@example.com'] });
    expect(
      (await problemOf({ ...body, payload: enc({ contact: ['mailto:b@example.com'] }) }, newAccount)).detail,
    ).toBe('The JWS signature does not verify');
  });

  it.each([
    ['none', { alg: 'none' }],
    ['a MAC', { alg: 'HS256' }],
    ['an algorithm it does not support', { alg: 'ES512' }],
  ])(
    'signed with %s is refused as badSignatureAlgorithm, naming the accepted ones',
    async (_what, header) => {
      const body = await jws(es, {});
      const forged = {
        ...body,
        protected: enc({
          ...JSON.parse(Buffer.from(String(body.protected), 'base64url').toString()),
          ...header,
        }),
      };
      expect(await problemOf(forged, newAccount)).toEqual({
        type: 'urn:ietf:params:acme:error:badSignatureAlgorithm',
        detail: expect.stringContaining('is not supported'),
        status: 400,
        algorithms: ['ES256', 'RS256'],
      });
    },
  );

  it('without a nonce, or with one that is not base64url, is refused as badNonce', async () => {
    expect((await problemOf(await jws(es, {}, { nonce: undefined }), newAccount)).type).toBe(
      'urn:ietf:params:acme:error:badNonce',
    );
    expect((await problemOf(await jws(es, {}, { nonce: 'not+base64/url=' }), newAccount)).type).toBe(
      'urn:ietf:params:acme:error:badNonce',
    );
  });

  it('signed for another URL is refused as unauthorized (403)', async () => {
    expect(await problemOf(await jws(es, {}, { url: URL_ORDER }), newAccount)).toMatchObject({
      type: 'urn:ietf:params:acme:error:unauthorized',
      status: 403,
    });
  });

  it.each([
    ['both jwk and kid', { kid: KID }, newAccount],
    ['neither jwk nor kid', { jwk: undefined }, newAccount],
    ['a kid where the key is needed', { jwk: undefined, kid: KID }, newAccount],
    ['a jwk where the account URL is needed', { url: URL_ORDER }, byKid(null)],
    ['crit', { crit: ['b64'], b64: false }, newAccount],
  ])('with %s is refused as malformed', async (_what, header, opts) => {
    expect((await problemOf(await jws(es, {}, header), opts)).type).toBe(
      'urn:ietf:params:acme:error:malformed',
    );
  });

  it('carrying a private key, a P-384 key for ES256 or a 1024-bit RSA key is refused as badPublicKey', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    expect((await problemOf(await jws(es, {}, { jwk: privateJwk }), newAccount)).type).toBe(
      'urn:ietf:params:acme:error:badPublicKey',
    );
    const p384 = await exportJWK((await generateKeyPair('ES384')).publicKey);
    expect((await problemOf(await jws(es, {}, { jwk: p384 }), newAccount)).type).toBe(
      'urn:ietf:params:acme:error:badPublicKey',
    );
    // jose signs with no RSA key under 2048 bits: this JWS is made with node:crypto
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const protectedSegment = enc({
      alg: 'RS256',
      nonce: NONCE,
      url: URL_NEW_ACCOUNT,
      jwk: small.publicKey.export({ format: 'jwk' }),
    });
    const payloadSegment = enc({});
    const signature = createSign('SHA256')
      .update(`${protectedSegment}.${payloadSegment}`)
      .sign(small.privateKey)
      .toString('base64url');
    expect(
      (await problemOf({ protected: protectedSegment, payload: payloadSegment, signature }, newAccount))
        .detail,
    ).toBe('An RSA account key must have at least 2048 bits');
  });

  it.each([
    ['not an object', 'text'],
    ['the general serialization', { signatures: [], payload: '' }],
    ['an unprotected header', { protected: '', payload: '', signature: '', header: {} }],
    ['a member missing', { protected: enc({}), payload: '' }],
    ['an unexpected member', { protected: enc({}), payload: '', signature: '', extra: 1 }],
    ['a protected header that is not base64url', { protected: 'e30=', payload: '', signature: '' }],
    ['a protected header that is not JSON', { protected: enc('{alg'), payload: '', signature: '' }],
  ])('that is %s is refused as malformed', async (_what, body) => {
    expect((await problemOf(body, newAccount)).type).toBe('urn:ietf:params:acme:error:malformed');
  });

  it('with a payload that is not JSON is refused as malformed', async () => {
    const { privateKey, jwk } = es;
    const body = await new FlattenedSign(new TextEncoder().encode('{not json'))
      .setProtectedHeader({ alg: 'ES256', nonce: NONCE, url: URL_NEW_ACCOUNT, jwk } as never)
      .sign(privateKey);
    expect(await problemOf(body, newAccount)).toMatchObject({ detail: 'The JWS payload is not JSON' });
  });
});
