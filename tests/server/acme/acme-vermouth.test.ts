// vermouth's requests (Martini Security's SHAKEN client), replayed as its source writes them: an account key whose
// JWK carries a `kid`, an EAB over that JWK, newOrder with an identifier in padded base64 and a notAfter of today +
// 90 days (midnight, as Go's time.Time writes it), POST-as-GET with an empty payload, the answer {"atc": …} with the
// STI-PA's fingerprint form, finalize, and the certificate with its X-Shaken-Certificate-Location. Not vermouth
// itself: it decodes the directory into a map of strings, which our `meta` object stops (docs/acme.md says so).
import { createHmac, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { x509 } from '../../../server/src/ca';
import type { TestApp } from '../helpers';
import { api } from '../billing/billing-fixtures';
import { csrPem, spcToken, startWorld, stopWorld, tnDer } from './acme-fixtures';

let t: TestApp;
let base: string;
let ocn: string;
let bearer: string;

beforeAll(async () => {
  ({ t, base, ocn, token: bearer } = await startWorld('acme-vermouth-'));
}, 60_000);
afterAll(stopWorld);

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

describe("vermouth's requests", () => {
  it('bind, order with notAfter, answer {"atc"}, finalize and download: the certificate ends as asked', async () => {
    const directory = (await (await fetch(`${base}/acme/directory`)).json()) as Record<string, unknown>;
    // what vermouth cannot decode into a map of strings: `meta` alone (an object, RFC 8555 §7.1.1)
    expect(Object.keys(directory).filter((k) => typeof directory[k] !== 'string')).toEqual(['meta']);
    const urls = directory as Record<string, string>;

    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pub = createPublicKey(privateKey).export({ format: 'jwk' });
    // go-jose writes the JWK's KeyID as `kid`; vermouth names it after the time
    const jwk = {
      kty: 'EC',
      kid: `ACME ACCT KEY ${Math.floor(Date.now() / 1000)}`,
      crv: 'P-256',
      x: pub.x,
      y: pub.y,
    };
    let nonce = (await fetch(urls.newNonce)).headers.get('replay-nonce')!;
    const account: { kid?: string } = {};
    const post = async (url: string, payload: string) => {
      const header = b64({ alg: 'ES256', nonce, url, ...(account.kid ? { kid: account.kid } : { jwk }) });
      const body = payload === '' ? '' : b64(payload);
      const signature = sign('sha256', Buffer.from(`${header}.${body}`), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/jose+json' },
        body: JSON.stringify({
          protected: header,
          payload: body,
          signature: signature.toString('base64url'),
        }),
      });
      nonce = answer.headers.get('replay-nonce') ?? nonce;
      return answer;
    };

    // newAccount with its EAB: HS256 over the same JWK, its key the credential's base64url HMAC key
    const cred = (await api(t, bearer).post('/api/service_provider/acme/eab')).json() as {
      key_id: string;
      hmac_key: string;
    };
    const inner = b64({ alg: 'HS256', kid: cred.key_id, url: urls.newAccount });
    const innerPayload = b64(jwk);
    const mac = createHmac('sha256', Buffer.from(cred.hmac_key, 'base64url'))
      .update(`${inner}.${innerPayload}`)
      .digest('base64url');
    const bound = await post(
      urls.newAccount,
      JSON.stringify({
        contact: ['mailto:user@example.com'],
        termsOfServiceAgreed: true,
        externalAccountBinding: { protected: inner, payload: innerPayload, signature: mac },
      }),
    );
    expect(bound.status, await bound.clone().text()).toBe(201);
    account.kid = bound.headers.get('location')!;

    // newOrder: the TNEntry in padded base64, notAfter at midnight UTC 90 days on, as Go's time.Time writes it
    const d = new Date();
    const notAfter = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 90));
    const created = await post(
      urls.newOrder,
      JSON.stringify({
        identifiers: [{ type: 'TNAuthList', value: Buffer.from(tnDer(ocn)).toString('base64') }],
        notAfter: notAfter.toISOString().replace('.000Z', 'Z'),
      }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const orderUrl = created.headers.get('location')!;
    const order = await created.json();
    expect(Date.parse(order.notAfter)).toBe(notAfter.getTime());

    const authz = await (await post(order.authorizations[0], '')).json();
    expect(authz.challenges[0]).toMatchObject({ type: 'tkauth-01', 'tkauth-type': 'atc' });
    const accountPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });
    const token = await spcToken(Buffer.from(accountPem as string));
    const answered = await (await post(authz.challenges[0].url, `{"atc":"${token}"}`)).json();
    expect(answered.status).toBe('valid');
    expect((await (await post(orderUrl, '')).json()).status).toBe('ready');

    const csr = Buffer.from((await csrPem()).replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const finalized = await post(order.finalize, `{"csr":"${csr.toString('base64url')}"}`);
    expect(finalized.status, await finalized.clone().text()).toBe(200);
    const valid = await (await post(orderUrl, '')).json();
    expect(valid.status).toBe('valid');

    const download = await post(valid.certificate, '');
    expect(download.status).toBe(200);
    // vermouth takes the CR URL from this header, then from the order's x5u
    expect(download.headers.get('x-shaken-certificate-location')).toBe(valid.x5u);
    const leaf = new x509.X509Certificate(
      (await download.text()).split(/(?=-----BEGIN CERTIFICATE-----)/)[0],
    );
    expect(leaf.notAfter.getTime()).toBe(notAfter.getTime());
  });
});
