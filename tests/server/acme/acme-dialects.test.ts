// What deployed clients send that the RFCs do not say: the account key's fingerprint in the SPC token in each form a
// client writes it (the built-in STI-PA signs whatever form it is asked for, as the real one does), and the STI-PA
// request of acme.sh's TNAuthList fork, which writes Python's `False` where JSON writes `false`.
import { createHash, createPublicKey } from 'node:crypto';
import type * as acme from 'acme-client';
import { type JWK, calculateJwkThumbprint } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STIPA_SIM_PREFIX } from '../../../server/src/integrations/stipa/simulator';
import type { TestApp } from '../helpers';
import {
  apiRequest,
  boundClient,
  csrPem,
  identifier,
  spcToken,
  startWorld,
  stopWorld,
  tnDer,
} from './acme-fixtures';

let t: TestApp;
let ocn: string;
let client: acme.Client;
let accountKey: Buffer;

beforeAll(async () => {
  ({ t, ocn } = await startWorld('acme-dialects-'));
  ({ client, accountKey } = await boundClient());
}, 60_000);
afterAll(stopWorld);

const colonHex = (digest: Buffer) => digest.toString('hex').match(/../g)!.join(':');

/** The SHA-256 digests a client may fingerprint a key with: of its SPKI DER, and its RFC 7638 JWK thumbprint. */
async function digestsOf(key: Buffer) {
  const pub = createPublicKey(key);
  const spki = createHash('sha256')
    .update(pub.export({ type: 'spki', format: 'der' }))
    .digest();
  const thumbprint = Buffer.from(
    await calculateJwkThumbprint(pub.export({ format: 'jwk' }) as JWK),
    'base64url',
  );
  return { spki, thumbprint };
}

/** An order through a challenge answered with a token carrying `fingerprint`: the challenge as answered. */
async function answerWith(fingerprint: string) {
  const order = await client.createOrder({ identifiers: [identifier()] });
  const [authz] = await client.getAuthorizations(order);
  const token = await spcToken(accountKey, { fingerprint });
  // the built-in STI-PA signs the form it was asked for, unchanged
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  expect(claims.atc.fingerprint).toBe(fingerprint);
  const res = await apiRequest(client, authz.challenges[0].url, { atc: token }, [200]);
  return { order, challenge: res.data };
}

describe('the account key fingerprint of the SPC token', () => {
  it("accepts a lego fork's form (SHA256 + lower-case colon hex of the JWK thumbprint) and finalizes valid", async () => {
    const { thumbprint } = await digestsOf(accountKey);
    const { order, challenge } = await answerWith(`SHA256 ${colonHex(thumbprint)}`);
    expect(challenge).toMatchObject({ status: 'valid' });
    const finalized = await client.finalizeOrder(order, await csrPem());
    expect(finalized.status).toBe('valid');
  });

  it('accepts every form of the same key, from the STI-PA as each was asked', async () => {
    const { spki, thumbprint } = await digestsOf(accountKey);
    const forms = [
      `SHA256 ${colonHex(spki).toUpperCase()}`,
      `SHA256 ${colonHex(spki)}`,
      `SHA256 ${colonHex(thumbprint).toUpperCase()}`,
      thumbprint.toString('base64url'),
    ];
    for (const form of forms) expect((await answerWith(form)).challenge.status, form).toBe('valid');
  });

  it("refuses another key's fingerprint in the thumbprint form", async () => {
    const other = (await boundClient()).accountKey;
    const { thumbprint } = await digestsOf(other);
    const { challenge } = await answerWith(`SHA256 ${colonHex(thumbprint)}`);
    expect(challenge).toMatchObject({
      status: 'invalid',
      error: { type: 'urn:ietf:params:acme:error:incorrectResponse' },
    });
    expect(challenge.error?.detail).toMatch(/atc.fingerprint does not match the account key/);
  });
});

describe("acme.sh's TNAuthList fork", () => {
  it('is told, by the built-in STI-PA, that `False` is not JSON (its request is refused, not guessed at)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: `${STIPA_SIM_PREFIX}/auth/login`,
      payload: { userId: 'demo', password: 'demo-pass' },
    });
    const { accessToken } = login.json();
    const { spki } = await digestsOf(accountKey);
    const tkvalue = Buffer.from(tnDer(ocn)).toString('base64');
    // the fork's hook writes its body by hand, as Python would print a dict
    const body = `{"atc":{"tktype":"TNAuthList", "tkvalue":"${tkvalue}", "ca":False, "fingerprint":"SHA256 ${colonHex(spki).toUpperCase()}"}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${STIPA_SIM_PREFIX}/account/${ocn}/token`,
      headers: { 'content-type': 'application/json', authorization: accessToken },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: "The request body is not JSON: write false and true, not Python's False and True",
    });
    // the same request in JSON gets its token
    const fixed = await t.app.inject({
      method: 'POST',
      url: `${STIPA_SIM_PREFIX}/account/${ocn}/token`,
      headers: { 'content-type': 'application/json', authorization: accessToken },
      payload: body.replace('False', 'false'),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});
