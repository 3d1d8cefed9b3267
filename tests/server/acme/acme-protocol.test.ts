// The ACME protocol's edges (RFC 8555): what the server answers where no resource or no such method is, a
// POST-as-GET that carries a payload, a key change to a key another account holds, and nonces across a restart
// that lost the spent ones. Requests are signed here with jose (what acme-client would never send), on accounts
// and orders acme-client made.
import { createPublicKey } from 'node:crypto';
import { FlattenedSign, type JWK, exportJWK, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, secondApp } from '../helpers';
import { boundClient, csrPem, identifier, readyOrder, startWorld, stopWorld } from './acme-fixtures';

let t: TestApp;
let base: string;

beforeAll(async () => {
  ({ t, base } = await startWorld('acme-protocol-'));
}, 60_000);
afterAll(stopWorld);

type App = TestApp['app'];
const PROBLEM = /^application\/problem\+json/;
const MALFORMED = 'urn:ietf:params:acme:error:malformed';
const index = () => `<${base}/acme/directory>;rel="index"`;

/** An account made by acme-client, and what signs for it here. */
async function account() {
  const { client, accountKey } = await boundClient();
  return { client, accountKey, ...(await signerOf(accountKey)), kid: client.getAccountUrl() };
}

async function signerOf(pem: Buffer) {
  const key = await importPKCS8(pem.toString(), 'ES256');
  const { kty, crv, x, y } = await exportJWK(createPublicKey(pem));
  return { key, jwk: { kty, crv, x, y } as JWK };
}

async function nonceOf(app: App = t.app): Promise<string> {
  return (await app.inject({ method: 'HEAD', url: '/acme/new-nonce' })).headers['replay-nonce'] as string;
}

/** A flattened JWS; `''` is the empty payload of a POST-as-GET. */
async function jws(key: CryptoKey | Uint8Array | object, payload: unknown, header: Record<string, unknown>) {
  const bytes = payload === '' ? new Uint8Array() : new TextEncoder().encode(JSON.stringify(payload));
  return new FlattenedSign(bytes).setProtectedHeader({ alg: 'ES256', ...header }).sign(key as CryptoKey);
}

/** A POST to `url` signed by account `a`, with a nonce of `app`, sent to `app`. */
async function postAs(
  a: Awaited<ReturnType<typeof account>>,
  url: string,
  payload: unknown,
  app: App = t.app,
  nonce?: string,
) {
  const body = await jws(a.key, payload, { kid: a.kid, url, nonce: nonce ?? (await nonceOf(app)) });
  return app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/jose+json' },
    payload: JSON.stringify(body),
  });
}

describe('unknown routes and wrong methods under /acme/', () => {
  it('answers a path that names nothing with a 404 problem linked to the directory', async () => {
    for (const [method, url] of [
      ['GET', '/acme/nothing-here'],
      ['POST', '/acme/new-orders'],
      ['GET', '/acme'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/jose+json' },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toMatchObject({ type: MALFORMED, status: 404 });
      expect(res.headers.link).toBe(index());
    }
  });

  it('answers a method a resource does not take with 405 and what it does take', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, allow] of [
      ['GET', `/acme/order/${uuid}`, 'POST'],
      ['GET', `/acme/authz/${uuid}`, 'POST'],
      ['GET', `/acme/cert/0a1b`, 'POST'],
      ['GET', '/acme/new-account', 'POST'],
      ['PUT', '/acme/directory', 'GET, HEAD'],
      ['DELETE', '/acme/new-nonce', 'GET, HEAD'],
      ['POST', '/acme/renewal-info/abc.def', 'GET, HEAD'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toMatchObject({ type: MALFORMED, status: 405 });
      // every answer but the directory's links to the directory
      expect(res.headers.link).toBe(url === '/acme/directory' ? undefined : index());
    }
  });

  it('leaves the error shape of the rest of the server as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cr/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(res.headers.link).toBeUndefined();
  });
});

describe('POST-as-GET is an empty payload exactly (RFC 8555 §6.3)', () => {
  it('refuses a payload to an order, an account’s order list and a certificate as malformed', async () => {
    const a = await account();
    const order = await readyOrder(a.client, a.accountKey);
    const finalized = await a.client.finalizeOrder(order, await csrPem());
    const urls = [order.url, `${a.kid}/orders`, finalized.certificate!];
    for (const url of urls) {
      const res = await postAs(a, url, {});
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toMatchObject({ type: MALFORMED, detail: expect.stringMatching(/empty payload/) });
      expect((await postAs(a, url, '')).statusCode, url).toBe(200);
    }
    // an authorization takes a payload to deactivate it, and nothing else
    const [authz] = await a.client.getAuthorizations(
      await a.client.createOrder({ identifiers: [identifier()] }),
    );
    expect((await postAs(a, authz.url, { status: 'valid' })).json().type).toBe(MALFORMED);
  });
});

describe('keyChange to a key another account holds', () => {
  it('answers 409 with the Location of the account that holds it', async () => {
    const a = await account();
    const b = await account();
    const keyChange = `${base}/acme/key-change`;
    const inner = await jws(b.key, { account: a.kid, oldKey: a.jwk }, { jwk: b.jwk, url: keyChange });
    const res = await postAs(a, keyChange, inner);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.json()).toMatchObject({ type: MALFORMED, status: 409 });
    expect(res.headers.location).toBe(b.kid);
    // a keeps its key
    expect((await postAs(a, a.kid, '')).statusCode).toBe(200);
  });
});

describe('nonces across a restart', () => {
  const lose = async () => {
    // what PostgreSQL does to its unlogged tables in a crash recovery, and on a standby that becomes the primary
    await t.db.query('DELETE FROM acme_nonces');
    await t.db.query('DELETE FROM acme_nonce_epoch');
  };
  const epoch = async () =>
    (await t.db.query<{ since: Date }>('SELECT since FROM acme_nonce_epoch')).map((r) => new Date(r.since));
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('takes the first nonce a server gives after an unclean restart', async () => {
    const a = await account();
    await lose();
    const restarted = await secondApp(t.db, t.config);
    try {
      const nonce = await nonceOf(restarted.app);
      await tick();
      const res = await postAs(a, a.kid, '', restarted.app, nonce);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('refuses, after the loss, only nonces given before a server started again', async () => {
    const a = await account();
    await lose();
    const before = await nonceOf();
    await tick();
    const restarted = await secondApp(t.db, t.config);
    try {
      const [since] = await epoch();
      expect(since.getTime()).toBeGreaterThan(Date.now() - 60_000);
      // the running server's nonce from after the start is good; the one from before is not (its spending may
      // have been lost)
      const after = await nonceOf();
      await tick();
      expect((await postAs(a, a.kid, '', t.app, after)).statusCode).toBe(200);
      expect((await postAs(a, a.kid, '', t.app, before)).json().type).toBe(
        'urn:ietf:params:acme:error:badNonce',
      );
    } finally {
      await restarted.close();
    }
  });

  it('keeps the epoch, and other servers’ nonces, when a server starts and nothing was lost', async () => {
    const a = await account();
    const [kept] = await epoch();
    const given = await nonceOf();
    const another = await secondApp(t.db, t.config);
    try {
      expect(await epoch()).toEqual([kept]);
      expect((await postAs(a, a.kid, '', another.app, given)).statusCode).toBe(200);
    } finally {
      await another.close();
    }
  });
});
