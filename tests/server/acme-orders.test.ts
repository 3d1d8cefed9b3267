// ACME issuance end to end over a real port, with the published acme-client as the client: an account bound by
// EAB orders its TNAuthList, answers tkauth-01 with an SPC token of the built-in STI-PA (fingerprint of the
// account key), finalizes with a CSR built with @peculiar/x509, downloads the chain, which openssl verifies to
// the CA's root. Then every refusal of orders, answers and CSRs, and a finalize raced by two requests.
import { execFileSync } from 'node:child_process';
import { createPublicKey, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as acme from 'acme-client';
import { type JWK, calculateJwkThumbprint } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TN_AUTH_LIST_OID, encodeTnAuthList, x509 } from '../../server/src/ca';
import { keyFingerprint } from '../../server/src/certificates/issuance';
import { type TestApp, createTestApp, injectFetch } from './helpers';
import { type Provider, activeProvider, api, tokenOf } from './billing-fixtures';

/** The DER of a one-SPC TNAuthList, on an ArrayBuffer of its own (webcrypto and @peculiar/x509 want one). */
const tnDer = (spc: string) => new Uint8Array(encodeTnAuthList(spc));

interface AcmeResponse {
  status: number;
  data: any;
  headers: Record<string, string>;
}
/** A signed POST through acme-client's own request path (its typings do not publish `api`). */
function apiRequest(client: acme.Client, url: string, payload: unknown, codes: number[] = []) {
  const api = (
    client as unknown as { api: { apiRequest(u: string, p: unknown, c: number[]): Promise<AcmeResponse> } }
  ).api;
  return api.apiRequest(url, payload, codes);
}

let t: TestApp;
let base: string;
let provider: Provider;
let ocn: string;
let token: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.config.publicUrl = base;
  provider = await activeProvider(t);
  token = await tokenOf(t, provider);
  const [row] = await t.db.query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [
    provider.spId,
  ]);
  ocn = row.ocn.toUpperCase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acme-orders-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const identifier = (spc = ocn, encoding: BufferEncoding = 'base64url') => ({
  type: 'TNAuthList',
  value: Buffer.from(tnDer(spc)).toString(encoding),
});

/** A client with a fresh ES256 account bound to `bearer`'s provider. */
async function boundClient(bearer = token) {
  const res = await api(t, bearer).post('/api/service_provider/acme/eab');
  const cred = res.json() as { key_id: string; hmac_key: string };
  const accountKey = await acme.crypto.createPrivateEcdsaKey();
  const client = new acme.Client({
    directoryUrl: `${base}/acme/directory`,
    accountKey,
    externalAccountBinding: { kid: cred.key_id, hmacKey: cred.hmac_key },
  });
  await client.createAccount({ termsOfServiceAgreed: true });
  return { client, accountKey };
}

/** The STI-PA fingerprint of an account key: SHA256 of its SPKI, upper-case colon-separated hex. */
const spkiFingerprint = (pem: Buffer) =>
  keyFingerprint(new Uint8Array(createPublicKey(pem).export({ type: 'spki', format: 'der' })));

/** An SPC token from the built-in STI-PA, as a provider's client asks for one. */
async function spcToken(
  accountKey: Buffer,
  atc: Partial<{ tkvalue: string; ca: boolean; fingerprint: string }> = {},
  spc = ocn,
) {
  const answer = await t.services.stiPa.getSpcToken({
    userId: 'demo',
    password: 'demo-pass',
    ocn: spc,
    atc: {
      tktype: 'TNAuthList',
      tkvalue: Buffer.from(tnDer(spc)).toString('base64'),
      ca: false,
      fingerprint: spkiFingerprint(accountKey),
      ...atc,
    },
  });
  return answer.token;
}

/** A CSR for a new P-256 key asking for `extensions` (the order's TNAuthList by default), as PEM. */
async function csrPem(
  opts: {
    extensions?: x509.Extension[];
    algorithm?: EcKeyGenParams | RsaHashedKeyGenParams;
  } = {},
) {
  const algorithm = opts.algorithm ?? { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=SHAKEN ${ocn}`,
    keys,
    signingAlgorithm: algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : algorithm,
    extensions: opts.extensions ?? [new x509.Extension(TN_AUTH_LIST_OID, false, tnDer(ocn))],
  });
  return csr.toString('pem');
}

/** An order through its valid challenge, ready to finalize. */
async function readyOrder(client: acme.Client, accountKey: Buffer) {
  const order = await client.createOrder({ identifiers: [identifier()] });
  const [authz] = await client.getAuthorizations(order);
  const challenge = authz.challenges[0];
  await apiRequest(client, challenge.url, { tkauth: await spcToken(accountKey) }, [200]);
  return order;
}

function verifyWithOpenssl(chain: string) {
  const [leaf, intermediate] = chain.split(/(?=-----BEGIN CERTIFICATE-----)/);
  fs.writeFileSync(path.join(dir, 'leaf.pem'), leaf);
  fs.writeFileSync(path.join(dir, 'intermediate.pem'), intermediate);
  fs.writeFileSync(path.join(dir, 'root.pem'), t.services.ca.root.pem);
  return execFileSync(
    'openssl',
    ['verify', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem', 'leaf.pem'],
    { cwd: dir, encoding: 'utf8' },
  ).trim();
}

describe('ACME issuance with acme-client', () => {
  it('orders, answers tkauth-01, finalizes and downloads a chain openssl verifies', async () => {
    const { client, accountKey } = await boundClient();
    const order = await client.createOrder({ identifiers: [identifier()] });
    expect(order).toMatchObject({ status: 'pending', identifiers: [identifier()] });
    const [authz] = await client.getAuthorizations(order);
    expect(authz).toMatchObject({ status: 'pending', identifier: identifier() });
    expect(authz.challenges).toHaveLength(1);
    const challenge = authz.challenges[0] as unknown as { url: string; type: string; 'tkauth-type': string };
    expect(challenge).toMatchObject({ type: 'tkauth-01', status: 'pending', 'tkauth-type': 'atc' });

    const answered = await apiRequest(client, challenge.url, { tkauth: await spcToken(accountKey) }, [200]);
    expect(answered.data).toMatchObject({ type: 'tkauth-01', status: 'valid' });
    expect(answered.headers.link).toContain(';rel="up"');
    expect(await client.getOrder(order)).toMatchObject({ status: 'ready' });

    const finalized = await client.finalizeOrder(order, await csrPem());
    expect(finalized.status).toBe('valid');
    const serial = (finalized.certificate as string).split('/').pop()!;
    expect((finalized as unknown as { x5u: string }).x5u).toBe(`${base}/cr/${serial}.pem`);

    const chain = await client.getCertificate(finalized);
    expect(chain.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
    expect(verifyWithOpenssl(chain)).toBe('leaf.pem: OK');
    const leaf = new x509.X509Certificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]);
    expect(leaf.getExtension(TN_AUTH_LIST_OID)?.value).toEqual(tnDer(ocn).buffer);
    expect(leaf.subject).toContain(`SHAKEN ${ocn}`);

    // recorded as the portal's issuances are: the certificate, its audit, its CR
    const [cert] = await t.db.query<{ status: string; service_provider_id: string }>(
      'SELECT status, service_provider_id FROM certificates WHERE serial_number = $1',
      [serial],
    );
    expect(cert).toEqual({ status: 'issued', service_provider_id: provider.spId });
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE service_provider_id = $1 AND subject = $2`,
      [provider.spId, serial],
    );
    expect(audit.map((a) => a.action)).toContain('certificate.issued');
    const cr = await fetch(`${base}/cr/${serial}.pem`);
    expect(cr.status).toBe(200);
    // the client's key is not one of the provider's keys in the portal
    const keys = await api(t, token).get('/api/service_provider/sti_priv_key');
    expect(keys.json().total).toBe(0);
  });

  it('accepts the deployed dialects: {"atc": …}, a padded base64 identifier, the JWK thumbprint', async () => {
    const { client, accountKey } = await boundClient();
    const order = await client.createOrder({ identifiers: [identifier(ocn, 'base64')] });
    expect(order.identifiers[0].value).toMatch(/=$/);
    const [authz] = await client.getAuthorizations(order);
    // the RFC 8555 §8.1 thumbprint of the account key, where the STI-PA's form is the SPKI hash
    const thumbprint = await calculateJwkThumbprint(
      createPublicKey(accountKey).export({ format: 'jwk' }) as JWK,
    );
    const answer = await spcToken(accountKey, { fingerprint: thumbprint });
    expect(JSON.parse(Buffer.from(answer.split('.')[1], 'base64url').toString()).atc.fingerprint).toBe(
      thumbprint,
    );
    await apiRequest(client, authz.challenges[0].url, { atc: answer }, [200]);
    const finalized = await client.finalizeOrder(order, await csrPem());
    expect(finalized.status).toBe('valid');
    expect(verifyWithOpenssl(await client.getCertificate(finalized))).toBe('leaf.pem: OK');
  });
});

describe('refusals', () => {
  let client: acme.Client;
  let accountKey: Buffer;
  beforeAll(async () => {
    ({ client, accountKey } = await boundClient());
  });

  const typeOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };

  it('refuses orders of another OCN, other identifier types, several identifiers and validity requests', async () => {
    expect(await typeOf(client.createOrder({ identifiers: [identifier('999Z')] }))).toMatch(/its own OCN/);
    expect(
      await typeOf(client.createOrder({ identifiers: [{ type: 'dns', value: 'example.com' }] })),
    ).toMatch(/Only TNAuthList/);
    expect(await typeOf(client.createOrder({ identifiers: [identifier(), identifier()] }))).toMatch(
      /exactly one/,
    );
    expect(
      await typeOf(client.createOrder({ identifiers: [{ type: 'TNAuthList', value: 'not*base64' }] })),
    ).toMatch(/TNAuthList of one SPC/);
    expect(
      await typeOf(client.createOrder({ identifiers: [identifier()], notAfter: '2030-01-01T00:00:00Z' })),
    ).toMatch(/notBefore and notAfter/);
  });

  it('refuses orders while the subscription is not active', async () => {
    const [sub] = await t.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM subscriptions WHERE service_provider_id = $1 AND status = 'active'`,
      [provider.spId],
    );
    await t.db.query(`UPDATE subscriptions SET status = 'past_due' WHERE id = $1`, [sub.id]);
    try {
      expect(await typeOf(client.createOrder({ identifiers: [identifier()] }))).toMatch(/not active/);
    } finally {
      await t.db.query('UPDATE subscriptions SET status = $2 WHERE id = $1', [sub.id, sub.status]);
    }
  });

  it('makes the challenge invalid for a token of another key, a reused token, or ca: true', async () => {
    const other = await acme.crypto.createPrivateEcdsaKey();
    const reused = await spcToken(accountKey);
    const cases: [string, RegExp][] = [
      [await spcToken(other), /fingerprint/],
      [await spcToken(accountKey, { ca: true }), /atc.ca must be false/],
      [reused, /./],
      [reused, /already used/],
    ];
    for (const [answer, why] of cases) {
      const order = await client.createOrder({ identifiers: [identifier()] });
      const [authz] = await client.getAuthorizations(order);
      const res = await apiRequest(client, authz.challenges[0].url, { tkauth: answer }, [200]);
      if (why.source === '.') {
        expect(res.data.status).toBe('valid');
        continue;
      }
      expect(res.data).toMatchObject({
        status: 'invalid',
        error: { type: 'urn:ietf:params:acme:error:incorrectResponse' },
      });
      expect(res.data.error.detail).toMatch(why);
      expect(await client.getOrder(order)).toMatchObject({ status: 'invalid' });
      // nothing can be finalized
      expect(await typeOf(client.finalizeOrder(order, await csrPem()))).toMatch(/not ready/);
    }
    const order = await client.createOrder({ identifiers: [identifier()] });
    const [authz] = await client.getAuthorizations(order);
    expect(await typeOf(apiRequest(client, authz.challenges[0].url, {}, [200]))).toMatch(/tkauth/);
  });

  it('refuses CSRs of another curve, RSA, a wrong, missing or extra TNAuthList, or a CA', async () => {
    const tn = (spc: string) => new x509.Extension(TN_AUTH_LIST_OID, false, tnDer(spc));
    const bad: [Promise<string>, RegExp][] = [
      [csrPem({ algorithm: { name: 'ECDSA', namedCurve: 'P-384' } }), /P-256/],
      [
        csrPem({
          algorithm: {
            name: 'RSASSA-PKCS1-v1_5',
            modulusLength: 2048,
            publicExponent: new Uint8Array([1, 0, 1]),
            hash: 'SHA-256',
          },
        }),
        /P-256/,
      ],
      [csrPem({ extensions: [tn('999Z')] }), /not the order identifier/],
      [csrPem({ extensions: [] }), /exactly one TNAuthList/],
      [csrPem({ extensions: [tn(ocn), tn(ocn)] }), /exactly one TNAuthList/],
      [
        csrPem({ extensions: [tn(ocn), new x509.BasicConstraintsExtension(true, undefined, true)] }),
        /CA certificate/,
      ],
    ];
    const order = await readyOrder(client, accountKey);
    for (const [csr, why] of bad) expect(await typeOf(client.finalizeOrder(order, await csr))).toMatch(why);
    // the order is still ready: a good CSR finalizes it
    expect((await client.finalizeOrder(order, await csrPem())).status).toBe('valid');
  });

  it('issues one certificate for an order finalized twice at once', async () => {
    const order = await readyOrder(client, accountKey);
    const results = await Promise.allSettled([
      client.finalizeOrder(order, await csrPem()),
      client.finalizeOrder(order, await csrPem()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/being finalized|not ready/);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM acme_orders o JOIN certificates c ON c.id = o.certificate_id WHERE o.id = $1`,
      [order.url.split('/').pop()],
    );
    expect(n).toBe(1);
  });

  it('keeps orders, authorizations and certificates to their account', async () => {
    const order = await readyOrder(client, accountKey);
    const finalized = await client.finalizeOrder(order, await csrPem());
    const stranger = await boundClient(
      await (async () => {
        const p = await activeProvider(t);
        return tokenOf(t, p);
      })(),
    );
    for (const url of [order.url, order.authorizations[0], finalized.certificate!]) {
      const res = await apiRequest(stranger.client, url, null);
      expect(res.status).toBe(404);
    }
  });
});
