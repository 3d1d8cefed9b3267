// ACME issuance end to end over a real port, with the published acme-client as the client: an account bound by
// EAB orders its TNAuthList, answers tkauth-01 with an SPC token of the built-in STI-PA (fingerprint of the
// account key), finalizes with a CSR built with @peculiar/x509, downloads the chain, which openssl verifies to
// the CA's root. Then every refusal of orders, answers and CSRs, and a finalize raced by two requests.
import * as acme from 'acme-client';
import { FlattenedSign, type JWK, calculateJwkThumbprint } from 'jose';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TN_AUTH_LIST_OID, x509 } from '../../../server/src/ca';
import { type TestApp, injectFetch, secondApp } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import {
  afterIssuance,
  apiRequest,
  boundClient,
  csrPem,
  identifier,
  readyOrder,
  spcToken,
  startWorld,
  stopWorld,
  tnDer,
  verifyWithOpenssl,
} from './acme-fixtures';

let t: TestApp;
let base: string;
let provider: Provider;
let ocn: string;
let token: string;

beforeAll(async () => {
  ({ t, base, provider, ocn, token } = await startWorld('acme-orders-'));
}, 60_000);
afterAll(stopWorld);

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
    // then the CR URL as the order's x5u and as the header, ARI, and revocation
    expect(await afterIssuance(client, finalized, chain)).toBe('revoked');
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
    // a CSR that also names the SHAKEN CRL the STI-PA answered with the token, as docs/acme.md's script does
    const csr = await csrPem({
      extensions: [
        new x509.Extension(TN_AUTH_LIST_OID, false, tnDer(ocn)),
        new x509.CRLDistributionPointsExtension([`${base}/stipa-sim/crl/shaken.crl`]),
      ],
    });
    const finalized = await client.finalizeOrder(order, csr);
    expect(finalized.status).toBe('valid');
    const chain = await client.getCertificate(finalized);
    expect(verifyWithOpenssl(chain)).toBe('leaf.pem: OK');
    // the CR URL as the order's x5u and as the header, ARI, and revocation, in this dialect too
    expect(await afterIssuance(client, finalized, chain)).toBe('revoked');
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

  it('refuses orders of another OCN, other identifier types, several identifiers and validity beyond the policy', async () => {
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
    ).toMatch(/notAfter must be at most .*Z: the longest validity the policy allows/);
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
      expect(res.data.error?.detail).toMatch(why);
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
    // a good CSR whose signature's last octet is changed
    const tampered = Buffer.from((await csrPem()).replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    tampered[tampered.length - 1] ^= 1;
    const tamperedPem = `-----BEGIN CERTIFICATE REQUEST-----\n${tampered.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
    bad.push([Promise.resolve(tamperedPem), /signature does not verify/]);
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

  it('issues one certificate for an order finalized on two servers at once', async () => {
    const order = await readyOrder(client, accountKey);
    const two = await secondApp(t.db, t.config, { stiPaFetch: injectFetch(() => two.app) });
    try {
      const key = createPrivateKey(accountKey);
      const kid = client.getAccountUrl();
      const finalizeOn = async (app: TestApp['app']) => {
        const nonce = String(
          (await app.inject({ method: 'HEAD', url: '/acme/new-nonce' })).headers['replay-nonce'],
        );
        const csr = (await csrPem()).replace(/-----[A-Z ]+-----|\s/g, '');
        const payload = new TextEncoder().encode(
          JSON.stringify({ csr: Buffer.from(csr, 'base64').toString('base64url') }),
        );
        const jws = await new FlattenedSign(payload)
          .setProtectedHeader({ alg: 'ES256', kid, nonce, url: order.finalize })
          .sign(key);
        return app.inject({
          method: 'POST',
          url: new URL(order.finalize).pathname,
          headers: { 'content-type': 'application/jose+json' },
          payload: JSON.stringify(jws),
        });
      };
      const answers = await Promise.all([finalizeOn(t.app), finalizeOn(two.app)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
      expect(answers.find((a) => a.statusCode === 403)!.json().type).toBe(
        'urn:ietf:params:acme:error:orderNotReady',
      );
      const [{ n }] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM certificates c JOIN private_keys k ON k.id = c.private_key_id
          WHERE k.key_ref = $1`,
        [`acme-order:${order.url.split('/').pop()}`],
      );
      expect(n).toBe(1);
    } finally {
      await two.close();
    }
  });

  it('shows an order left processing by a crash as its certificate ended: issued by recovery, valid', async () => {
    const order = await readyOrder(client, accountKey);
    const finalized = await client.finalizeOrder(order, await csrPem());
    const id = order.url.split('/').pop();
    // what a crash between the certificate's record and the order's completion would leave, were they apart
    await t.db.query(`UPDATE acme_orders SET status = 'processing' WHERE id = $1`, [id]);
    expect(await client.getOrder(order)).toMatchObject({
      status: 'valid',
      certificate: finalized.certificate,
    });
    await t.db.query(
      `UPDATE certificates SET status = 'failed' FROM acme_orders o WHERE o.id = $1 AND certificates.id = o.certificate_id`,
      [id],
    );
    expect(await client.getOrder(order)).toMatchObject({ status: 'invalid' });
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
