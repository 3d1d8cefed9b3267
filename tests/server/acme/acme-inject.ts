// A small ACME client over app.inject, signing its requests with jose: what the conformance run and the ACME bench
// drive the server with (acme-client needs a real port). It binds one account by EAB, then issues as often as asked:
// TNAuthList order → its authorization → tkauth-01 answered with an SPC token of the STI-PA → finalize → the chain.
// Like a real client, it takes each next nonce from the Replay-Nonce of the last answer, and signs with node:crypto.
import {
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  webcrypto,
} from 'node:crypto';
import { TN_AUTH_LIST_OID, encodeTnAuthList, x509 } from '../../../server/src/ca';
import { keyFingerprint } from '../../../server/src/certificates/issuance';
import type { TestApp } from '../helpers';
import type { api } from '../billing/billing-fixtures';

const STIPA = { userId: 'demo', password: 'demo-pass' };
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g;

/** The EAB object of RFC 8555 §7.3.4 that binds `jwk` at `url` (newAccount), MACed with the credential's key. */
export function eabOf(cred: { key_id: string; hmac_key: string }, jwk: object, url: string) {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const protectedB64 = b64({ alg: 'HS256', kid: cred.key_id, url });
  const payload = b64(jwk);
  const signature = createHmac('sha256', Buffer.from(cred.hmac_key, 'base64url'))
    .update(`${protectedB64}.${payload}`)
    .digest('base64url');
  return { protected: protectedB64, payload, signature };
}

export interface InjectAcmeClient {
  /** A CSR (base64url DER) for a new P-256 key asking for the provider's TNAuthList. */
  csr(): Promise<string>;
  /** One certificate through the whole ACME flow; the chain, leaf first. */
  issue(csr?: string): Promise<string[]>;
}

/** An account bound by EAB to the provider `http` is signed in as (whose id is `spId`). */
export async function injectAcmeClient(
  t: TestApp,
  http: ReturnType<typeof api>,
  spId: string,
): Promise<InjectAcmeClient> {
  const [{ ocn }] = await t.db.query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [
    spId,
  ]);
  const spc = ocn.toUpperCase();
  const der = new Uint8Array(encodeTnAuthList(spc));
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  const jwk = { kty, crv, x, y };
  const spki = new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }));
  const state: { kid?: string; nonce?: string } = {};
  const pathOf = (url: string) => new URL(url).pathname;

  async function post(url: string, payload: unknown, expected: number, key: KeyObject = privateKey) {
    const nonce =
      state.nonce ??
      String((await t.app.inject({ method: 'HEAD', url: '/acme/new-nonce' })).headers['replay-nonce']);
    // a JWS (RFC 7515 flattened) signed at once with node:crypto, as a client written for speed would
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const header = b64({ alg: 'ES256', nonce, url, ...(state.kid ? { kid: state.kid } : { jwk }) });
    const body64 = payload === null ? '' : b64(payload);
    const signature = sign('sha256', Buffer.from(`${header}.${body64}`), { key, dsaEncoding: 'ieee-p1363' });
    const body = { protected: header, payload: body64, signature: signature.toString('base64url') };
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/jose+json' },
      payload: JSON.stringify(body),
    });
    state.nonce = res.headers['replay-nonce'] as string | undefined;
    if (res.statusCode !== expected) throw new Error(`ACME ${pathOf(url)}: ${res.statusCode} ${res.body}`);
    return res;
  }

  const directory = (await t.app.inject({ method: 'GET', url: '/acme/directory' })).json();
  const cred = (await http.post('/api/service_provider/acme/eab')).json() as {
    key_id: string;
    hmac_key: string;
  };
  const eab = eabOf(cred, jwk, directory.newAccount);
  state.kid = (await post(directory.newAccount, { externalAccountBinding: eab }, 201)).headers
    .location as string;

  async function csr(): Promise<string> {
    const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
    const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
    const request = await x509.Pkcs10CertificateRequestGenerator.create({
      name: `CN=SHAKEN ${spc}`,
      keys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, der)],
    });
    return Buffer.from(request.rawData).toString('base64url');
  }

  async function issue(given?: string): Promise<string[]> {
    const request = given ?? (await csr());
    const identifier = { type: 'TNAuthList', value: Buffer.from(der).toString('base64url') };
    const order = (await post(directory.newOrder, { identifiers: [identifier] }, 201)).json();
    const authz = (await post(order.authorizations[0], null, 200)).json();
    const { token } = await t.services.stiPa.getSpcToken({
      ...STIPA,
      ocn: spc,
      atc: {
        tktype: 'TNAuthList',
        tkvalue: Buffer.from(der).toString('base64'),
        ca: false,
        fingerprint: keyFingerprint(spki),
      },
    });
    const challenge = (await post(authz.challenges[0].url, { tkauth: token }, 200)).json();
    if (challenge.status !== 'valid') throw new Error(`tkauth-01: ${JSON.stringify(challenge)}`);
    const finalized = (await post(order.finalize, { csr: request }, 200)).json();
    if (finalized.status !== 'valid') throw new Error(`finalize: ${JSON.stringify(finalized)}`);
    const chain = (await post(finalized.certificate, null, 200)).body;
    return chain.match(PEM_CERT) ?? [];
  }

  return { csr, issue };
}
