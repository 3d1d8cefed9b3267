// The ACME protocol's edges (RFC 8555): nonces across a restart that lost the spent ones. Requests are signed here
// with jose (what acme-client would never send), on accounts acme-client made.
import { createPublicKey } from 'node:crypto';
import { FlattenedSign, type JWK, exportJWK, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, secondApp } from './helpers';
import { boundClient, startWorld, stopWorld } from './acme-fixtures';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await startWorld('acme-protocol-'));
}, 60_000);
afterAll(stopWorld);

type App = TestApp['app'];

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
