// The ACME server's directory, nonces and accounts, over a real port, with the published acme-client as the client
// where it can speak, and requests signed here with jose for what it would never send. EAB credentials are made
// through the portal API, as a provider makes them.
import { generateKeyPairSync } from 'node:crypto';
import * as acme from 'acme-client';
import { type JWK, FlattenedSign, exportJWK, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, secondApp } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { adminToken } from '../resellers/resellers-fixtures';
import { eabOf } from './acme-inject';

let t: TestApp;
let base: string;
let provider: Provider;
let token: string;
let other: { provider: Provider; token: string };

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The ACME URLs are built from PUBLIC_URL at request time: point it at the port just opened.
  t.config.publicUrl = base;
  provider = await activeProvider(t);
  token = await tokenOf(t, provider);
  const p2 = await activeProvider(t);
  other = { provider: p2, token: await tokenOf(t, p2) };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const directoryUrl = () => `${base}/acme/directory`;

async function newCredential(bearer = token): Promise<{ key_id: string; hmac_key: string }> {
  const res = await api(t, bearer).post('/api/service_provider/acme/eab');
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function clientWith(eab?: { key_id: string; hmac_key: string }, accountKey?: Buffer) {
  return new acme.Client({
    directoryUrl: directoryUrl(),
    accountKey: accountKey ?? (await acme.crypto.createPrivateEcdsaKey()),
    ...(eab ? { externalAccountBinding: { kid: eab.key_id, hmacKey: eab.hmac_key } } : {}),
  });
}

/** A fresh nonce from newNonce. */
async function nonce(from = base): Promise<string> {
  const res = await fetch(`${from}/acme/new-nonce`, { method: 'HEAD' });
  return res.headers.get('replay-nonce')!;
}

/** An ES256 key pair as jose uses it, and its public JWK. */
async function keyPair() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const key = await importPKCS8(pem, 'ES256');
  const { kty, crv, x, y } = await exportJWK(privateKey);
  return { key, jwk: { kty, crv, x, y } as JWK, pem };
}

/** A flattened JWS as a client would post it; `header` overrides the protected members. */
async function jws(
  k: Awaited<ReturnType<typeof keyPair>>,
  payload: unknown,
  header: Record<string, unknown>,
): Promise<Record<string, string>> {
  const bytes = payload === '' ? new Uint8Array() : new TextEncoder().encode(JSON.stringify(payload));
  return (await new FlattenedSign(bytes)
    .setProtectedHeader({ alg: 'ES256', ...header })
    .sign(k.key)) as unknown as Record<string, string>;
}

function post(url: string, body: unknown, contentType = 'application/jose+json') {
  return fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify(body) });
}

async function problem(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await res.json()) as { type: string; detail: string; status: number };
}

describe('directory and nonces', () => {
  it('publishes the directory with external account binding required', async () => {
    const res = await fetch(directoryUrl());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      newNonce: `${base}/acme/new-nonce`,
      newAccount: `${base}/acme/new-account`,
      newOrder: `${base}/acme/new-order`,
      revokeCert: `${base}/acme/revoke-cert`,
      keyChange: `${base}/acme/key-change`,
      renewalInfo: `${base}/acme/renewal-info`,
      meta: { externalAccountRequired: true, website: base },
    });
  });

  it('gives a nonce on HEAD (200) and GET (204), never cached, linked to the directory', async () => {
    const head = await fetch(`${base}/acme/new-nonce`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const get = await fetch(`${base}/acme/new-nonce`);
    expect(get.status).toBe(204);
    for (const res of [head, get]) {
      expect(res.headers.get('replay-nonce')).toMatch(/^[A-Za-z0-9_-]{35}$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('link')).toBe(`<${directoryUrl()}>;rel="index"`);
    }
    expect(head.headers.get('replay-nonce')).not.toBe(get.headers.get('replay-nonce'));
  });
});

describe('EAB credentials in the portal', () => {
  it('creates a credential whose HMAC key is shown once and stored sealed', async () => {
    const cred = await newCredential();
    expect(cred.key_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(cred.hmac_key, 'base64url')).toHaveLength(32);
    const list = await api(t, token).get(
      `/api/service_provider/acme/eab?filter=${encodeURIComponent(JSON.stringify({ status: 'unused' }))}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^acme-credentials 0-\d+\/\d+$/);
    const row = list.json().find((r: { key_id: string }) => r.key_id === cred.key_id);
    expect(row).toMatchObject({ id: cred.key_id, status: 'unused', account_id: null, revoked_on: null });
    expect(JSON.stringify(list.json())).not.toContain(cred.hmac_key);
    const [stored] = await t.db.query<{ hmac_key_sealed: Uint8Array }>(
      'SELECT hmac_key_sealed FROM acme_eab_keys WHERE key_id = $1',
      [cred.key_id],
    );
    expect(Buffer.from(stored.hmac_key_sealed).includes(Buffer.from(cred.hmac_key, 'base64url'))).toBe(false);
  });

  it('keeps credentials to their provider and to providers', async () => {
    const cred = await newCredential();
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/service_provider/acme/eab/${cred.key_id}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.statusCode).toBe(404);
    const list = await api(t, other.token).get('/api/service_provider/acme/eab');
    expect(list.json().map((r: { key_id: string }) => r.key_id)).not.toContain(cred.key_id);
    expect((await t.app.inject({ method: 'POST', url: '/api/service_provider/acme/eab' })).statusCode).toBe(
      401,
    );
    const admin = await api(t, await adminToken(t)).post('/api/service_provider/acme/eab');
    expect(admin.statusCode).toBe(403);
    const badFilter = await api(t, token).get(
      `/api/service_provider/acme/eab?filter=${encodeURIComponent(JSON.stringify({ status: 'lost' }))}`,
    );
    expect(badFilter.statusCode).toBe(400);
  });

  it('revokes a credential once: a second revocation is a conflict', async () => {
    const cred = await newCredential();
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/service_provider/acme/eab/${cred.key_id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await del()).json()).toEqual({ message: 'ACME credential revoked' });
    expect((await del()).statusCode).toBe(409);
    // the audit log holds its creation and its one revocation, by the provider's account
    const audit = await t.db.query<{ action: string; actor_email: string | null; detail: string | null }>(
      'SELECT action, actor_email, detail FROM audit_log WHERE subject = $1 ORDER BY id',
      [cred.key_id],
    );
    expect(audit.map((a) => a.action)).toEqual(['acme_credential.created', 'acme_credential.revoked']);
    expect(audit.every((a) => a.actor_email !== null)).toBe(true);
    expect(audit[1].detail).toBeNull();
  });

  it('holds at most 20 live credentials per provider', async () => {
    const fresh = await activeProvider(t);
    const bearer = await tokenOf(t, fresh);
    const made = await Promise.all(
      Array.from({ length: 21 }, () => api(t, bearer).post('/api/service_provider/acme/eab')),
    );
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = made.find((r) => r.statusCode !== 201)!;
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/Revoke one you no longer use/);
  });
});

describe('accounts', () => {
  it('binds a new account with acme-client and EAB, and finds it again by its key', async () => {
    const cred = await newCredential();
    const accountKey = await acme.crypto.createPrivateEcdsaKey();
    const client = await clientWith(cred, accountKey);
    const account = await client.createAccount({
      termsOfServiceAgreed: true,
      contact: ['mailto:noc@carrier.test'],
    });
    expect(account).toMatchObject({ status: 'valid', contact: ['mailto:noc@carrier.test'] });
    const url = client.getAccountUrl();
    expect(url).toMatch(new RegExp(`^${base}/acme/acct/[0-9a-f-]{36}$`));
    const [row] = await t.db.query<{ service_provider_id: string }>(
      'SELECT service_provider_id FROM acme_accounts WHERE id = $1',
      [url.split('/').pop()],
    );
    expect(row.service_provider_id).toBe(provider.spId);

    // the same key again, from a client that does not know its URL: the same account
    const again = await clientWith(undefined, accountKey);
    await again.createAccount({ onlyReturnExisting: true });
    expect(again.getAccountUrl()).toBe(url);

    const list = await api(t, token).get('/api/service_provider/acme/eab');
    expect(list.json().find((r: { key_id: string }) => r.key_id === cred.key_id)).toMatchObject({
      status: 'bound',
      account_id: url.split('/').pop(),
      account_status: 'valid',
    });

    const updated = await client.updateAccount({ contact: ['mailto:pki@carrier.test'] });
    expect(updated.contact).toEqual(['mailto:pki@carrier.test']);
  });

  it('refuses an account without EAB, with an unknown, used, revoked or wrongly MACed credential', async () => {
    await expect((await clientWith()).createAccount({ termsOfServiceAgreed: true })).rejects.toThrow(
      /bound to a portal account/,
    );
    await expect(
      (await clientWith({ key_id: 'AAAAAAAAAAAAAAAAAAAAAA', hmac_key: 'x'.repeat(43) })).createAccount({}),
    ).rejects.toThrow(/no known credential/);

    const used = await newCredential();
    await (await clientWith(used)).createAccount({});
    await expect((await clientWith(used)).createAccount({})).rejects.toThrow(/already bound an account/);

    const revoked = await newCredential();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/service_provider/acme/eab/${revoked.key_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    await expect((await clientWith(revoked)).createAccount({})).rejects.toThrow(/was revoked/);

    const cred = await newCredential();
    const wrong = { key_id: cred.key_id, hmac_key: Buffer.alloc(32, 7).toString('base64url') };
    await expect((await clientWith(wrong)).createAccount({})).rejects.toThrow(/MAC does not verify/);
    // the credential is still unused: the right key binds
    await (await clientWith(cred)).createAccount({});
  });

  it('refuses an EAB that MACs another key or names another URL, and a lookup of an unknown key', async () => {
    const cred = await newCredential();
    const k = await keyPair();
    const url = `${base}/acme/new-account`;
    const otherKey = (await keyPair()).jwk;
    for (const [eab, type] of [
      [eabOf(cred, otherKey, url), 'malformed'],
      [eabOf(cred, k.jwk, `${base}/acme/new-order`), 'malformed'],
    ] as const) {
      const res = await post(
        url,
        await jws(k, { externalAccountBinding: eab }, { jwk: k.jwk, url, nonce: await nonce() }),
      );
      expect(res.status).toBe(400);
      expect((await problem(res)).type).toBe(`urn:ietf:params:acme:error:${type}`);
    }
    const lookup = await post(
      url,
      await jws(k, { onlyReturnExisting: true }, { jwk: k.jwk, url, nonce: await nonce() }),
    );
    expect((await problem(lookup)).type).toBe('urn:ietf:params:acme:error:accountDoesNotExist');
    const bad = await post(
      url,
      await jws(
        k,
        { contact: ['tel:+12025550100'], externalAccountBinding: eabOf(cred, k.jwk, url) },
        { jwk: k.jwk, url, nonce: await nonce() },
      ),
    );
    expect((await problem(bad)).type).toBe('urn:ietf:params:acme:error:unsupportedContact');
  });

  it('deactivates an account: it may no longer act', async () => {
    const client = await clientWith(await newCredential());
    await client.createAccount({});
    expect((await client.updateAccount({ status: 'deactivated' })).status).toBe('deactivated');
    await expect(client.updateAccount({ contact: ['mailto:x@carrier.test'] })).rejects.toThrow(/deactivated/);
  });

  it('revoking the credential in the portal deactivates the account it bound', async () => {
    const cred = await newCredential();
    const client = await clientWith(cred);
    await client.createAccount({});
    await t.app.inject({
      method: 'DELETE',
      url: `/api/service_provider/acme/eab/${cred.key_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    await expect(client.updateAccount({})).rejects.toThrow(/deactivated/);
    const [audit] = await t.db.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE subject = $1 AND action = 'acme_credential.revoked'`,
      [cred.key_id],
    );
    expect(audit.detail).toBe('ACME account deactivated');
    const list = await api(t, token).get('/api/service_provider/acme/eab');
    // the whole row as the wire shape has it, its moments as toISOString writes them
    const [stored] = await t.db.query<{
      created_on: Date;
      revoked_on: Date;
      bound_on: Date;
      account_id: string;
    }>('SELECT created_on, revoked_on, bound_on, account_id FROM acme_eab_keys WHERE key_id = $1', [
      cred.key_id,
    ]);
    expect(list.json().find((r: { key_id: string }) => r.key_id === cred.key_id)).toEqual({
      id: cred.key_id,
      key_id: cred.key_id,
      status: 'revoked',
      created_on: stored.created_on.toISOString(),
      revoked_on: stored.revoked_on.toISOString(),
      account_id: stored.account_id,
      account_status: 'deactivated',
      bound_on: stored.bound_on.toISOString(),
      customer_name: null,
      number_count: null,
    });
  });
});

describe('request checks (RFC 8555 §6)', () => {
  let k: Awaited<ReturnType<typeof keyPair>>;
  let kid: string;
  beforeAll(async () => {
    k = await keyPair();
    const cred = await newCredential();
    const url = `${base}/acme/new-account`;
    const res = await post(
      url,
      await jws(
        k,
        { externalAccountBinding: eabOf(cred, k.jwk, url) },
        { jwk: k.jwk, url, nonce: await nonce() },
      ),
    );
    expect(res.status).toBe(201);
    kid = res.headers.get('location')!;
  });

  it('spends a nonce once, and answers a reused or unknown one badNonce with a fresh nonce', async () => {
    const n = await nonce();
    const first = await post(kid, await jws(k, '', { kid, url: kid, nonce: n }));
    expect(first.status).toBe(200);
    expect(first.headers.get('replay-nonce')).toMatch(/^[A-Za-z0-9_-]{35}$/);
    // reused; never given (random bytes of the right length, no valid MAC); not base64url
    const forged = Buffer.from(n, 'base64url');
    forged[forged.length - 1] ^= 1;
    for (const reused of [n, forged.toString('base64url'), 'bm90LWEtbm9uY2UtZ2l2ZW4', 'not a nonce']) {
      const res = await post(kid, await jws(k, '', { kid, url: kid, nonce: reused }));
      expect(res.status).toBe(400);
      expect((await problem(res)).type).toBe('urn:ietf:params:acme:error:badNonce');
      expect(res.headers.get('replay-nonce')).toMatch(/^[A-Za-z0-9_-]{35}$/);
    }
  });

  it('accepts a nonce another server on the same database gave', async () => {
    const two = await secondApp(t.db, t.config);
    try {
      const res = await two.app.inject({ method: 'HEAD', url: '/acme/new-nonce' });
      const n = res.headers['replay-nonce'] as string;
      const used = await post(kid, await jws(k, '', { kid, url: kid, nonce: n }));
      expect(used.status).toBe(200);
    } finally {
      await two.close();
    }
  });

  it('refuses a wrong URL, a wrong content type, a body that is no JWS, and another account URL', async () => {
    const wrongUrl = await post(
      kid,
      await jws(k, '', { kid, url: `${base}/acme/new-account`, nonce: await nonce() }),
    );
    expect(wrongUrl.status).toBe(403);
    expect((await problem(wrongUrl)).type).toBe('urn:ietf:params:acme:error:unauthorized');

    const json = await post(
      kid,
      await jws(k, '', { kid, url: kid, nonce: await nonce() }),
      'application/json',
    );
    expect(json.status).toBe(415);
    expect((await problem(json)).type).toBe('urn:ietf:params:acme:error:malformed');

    const notJson = await fetch(kid, {
      method: 'POST',
      headers: { 'content-type': 'application/jose+json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect((await problem(notJson)).type).toBe('urn:ietf:params:acme:error:malformed');

    const elsewhere = `${base}/acme/acct/00000000-0000-4000-8000-000000000000`;
    const res = await post(elsewhere, await jws(k, '', { kid, url: elsewhere, nonce: await nonce() }));
    expect(res.status).toBe(403);
    expect((await problem(res)).type).toBe('urn:ietf:params:acme:error:unauthorized');

    const unknown = await post(
      elsewhere,
      await jws(k, '', { kid: elsewhere, url: elsewhere, nonce: await nonce() }),
    );
    expect((await problem(unknown)).type).toBe('urn:ietf:params:acme:error:accountDoesNotExist');
    // and the server is still fine
    expect((await fetch(directoryUrl())).status).toBe(200);
  });
});

describe('an account changed on another server', () => {
  it('is judged as it is now, whatever this server read of it before', async () => {
    const k = await keyPair();
    const cred = await newCredential();
    const newAccount = `${base}/acme/new-account`;
    const created = await post(
      newAccount,
      await jws(
        k,
        { externalAccountBinding: eabOf(cred, k.jwk, newAccount) },
        { jwk: k.jwk, url: newAccount, nonce: await nonce() },
      ),
    );
    const kid = created.headers.get('location')!;
    // this server reads the account (and keeps its key)
    expect((await post(kid, await jws(k, '', { kid, url: kid, nonce: await nonce() }))).status).toBe(200);

    const two = await secondApp(t.db, t.config);
    try {
      const onTwo = (url: string, body: unknown) =>
        two.app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers: { 'content-type': 'application/jose+json' },
          payload: JSON.stringify(body),
        });
      const nonceTwo = async () =>
        (await two.app.inject({ method: 'HEAD', url: '/acme/new-nonce' })).headers['replay-nonce'] as string;

      // re-keyed on the other server: here the old key is refused at once, and the new one accepted
      const k2 = await keyPair();
      const keyChange = `${base}/acme/key-change`;
      const inner = await jws(k2, { account: kid, oldKey: k.jwk }, { jwk: k2.jwk, url: keyChange });
      const changed = await onTwo(
        keyChange,
        await jws(k, inner, { kid, url: keyChange, nonce: await nonceTwo() }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const old = await post(kid, await jws(k, '', { kid, url: kid, nonce: await nonce() }));
      expect((await problem(old)).detail).toMatch(/signature does not verify/);
      const renewed = await post(kid, await jws(k2, '', { kid, url: kid, nonce: await nonce() }));
      expect(renewed.status).toBe(200);

      // deactivated on the other server: refused here at once
      const off = await onTwo(
        kid,
        await jws(k2, { status: 'deactivated' }, { kid, url: kid, nonce: await nonceTwo() }),
      );
      expect(off.statusCode, off.body).toBe(200);
      const after = await post(kid, await jws(k2, '', { kid, url: kid, nonce: await nonce() }));
      expect(after.status).toBe(403);
      expect((await problem(after)).type).toBe('urn:ietf:params:acme:error:unauthorized');
    } finally {
      await two.close();
    }
  });
});

describe('nonces', () => {
  it('refuses a nonce older than an hour, or dated in the future, even with a valid MAC', async () => {
    const { newNonce, spendNonce } = await import('../../../server/src/acme/nonces');
    const key = t.services.acme.nonceKey;
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);
    await expect(spendNonce(t.db, key, newNonce(key, at(-3600_000)), now)).rejects.toThrow(/nonce/);
    await expect(spendNonce(t.db, key, newNonce(key, at(5 * 60_000)), now)).rejects.toThrow(/nonce/);
    const fresh = newNonce(key, at(-59 * 60_000));
    await spendNonce(t.db, key, fresh, now);
    await expect(spendNonce(t.db, key, fresh, now)).rejects.toThrow(/already used/);
    // another KEK (another cluster) made it: refused
    const { nonceKeyOf } = await import('../../../server/src/acme/nonces');
    const foreign = newNonce(nonceKeyOf(Buffer.alloc(32, 9)), now);
    await expect(spendNonce(t.db, key, foreign, now)).rejects.toThrow(/nonce/);
  });

  it('refuses every nonce given before spent nonces were lost (a crash or a failover empties their tables)', async () => {
    const { newNonce, spendNonce } = await import('../../../server/src/acme/nonces');
    const key = t.services.acme.nonceKey;
    const before = newNonce(key, new Date(Date.now() - 1000));
    // what PostgreSQL does to unlogged tables after a crash, and on a standby that becomes the primary
    await t.db.query('DELETE FROM acme_nonces');
    await t.db.query('DELETE FROM acme_nonce_epoch');
    await expect(spendNonce(t.db, key, before, new Date())).rejects.toThrow(/nonce/);
    const [epoch] = await t.db.query<{ since: Date }>('SELECT since FROM acme_nonce_epoch');
    expect(new Date(epoch.since).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // a nonce given from then on is good, once
    const after = newNonce(key, new Date(new Date(epoch.since).getTime() + 1));
    await spendNonce(t.db, key, after, new Date());
    await expect(spendNonce(t.db, key, after, new Date())).rejects.toThrow(/already used/);
    if (t.db.driver === 'pg') {
      const rows = await t.db.query<{ relname: string; relpersistence: string }>(
        `SELECT relname, relpersistence FROM pg_class WHERE relname IN ('acme_nonces', 'acme_nonce_epoch')`,
      );
      expect(rows.map((r) => r.relpersistence)).toEqual(['u', 'u']);
    }
  });

  it('answers badNonce over HTTP to a nonce given before the loss, and takes the next one', async () => {
    const k = await keyPair();
    const cred = await newCredential();
    const url = `${base}/acme/new-account`;
    const created = await post(
      url,
      await jws(
        k,
        { externalAccountBinding: eabOf(cred, k.jwk, url) },
        { jwk: k.jwk, url, nonce: await nonce() },
      ),
    );
    const kid = created.headers.get('location')!;
    const old = await nonce();
    await t.db.query('DELETE FROM acme_nonces');
    await t.db.query('DELETE FROM acme_nonce_epoch');
    const refused = await post(kid, await jws(k, '', { kid, url: kid, nonce: old }));
    expect((await problem(refused)).type).toBe('urn:ietf:params:acme:error:badNonce');
    const next = refused.headers.get('replay-nonce')!;
    expect((await post(kid, await jws(k, '', { kid, url: kid, nonce: next }))).status).toBe(200);
  });
});
