// An ACME client's issuance, driven over app.inject with requests signed here (jose), so that the certificates the
// ACME server issues go through the same zlint run as the portal's: EAB account → TNAuthList order → tkauth-01
// answered with an SPC token of the STI-PA → finalize with a CSR → the chain.
import { createHmac, createPublicKey, generateKeyPairSync, webcrypto } from 'node:crypto';
import { FlattenedSign } from 'jose';
import { TN_AUTH_LIST_OID, encodeTnAuthList, x509 } from '../../server/src/ca';
import { keyFingerprint } from '../../server/src/certificates/issuance';
import type { TestApp } from '../server/helpers';
import type { api } from '../server/billing-fixtures';

const STIPA = { userId: 'demo', password: 'demo-pass' };
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g;

/** The chain (leaf first) of a certificate issued through ACME to the provider `http` is signed in as. */
export async function acmeIssuance(
  t: TestApp,
  http: ReturnType<typeof api>,
  spId: string,
): Promise<string[]> {
  const [{ ocn }] = await t.db.query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [
    spId,
  ]);
  const spc = ocn.toUpperCase();
  const der = new Uint8Array(encodeTnAuthList(spc));
  const cred = (await http.post('/api/service_provider/acme/eab')).json() as {
    key_id: string;
    hmac_key: string;
  };
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  const jwk = { kty, crv, x, y };
  const pathOf = (url: string) => new URL(url).pathname;
  /** The account URL, once the account exists: later requests name it instead of carrying the key. */
  const account: { kid?: string } = {};

  async function post(url: string, payload: unknown, expected: number) {
    const nonce = (await t.app.inject({ method: 'HEAD', url: '/acme/new-nonce' })).headers['replay-nonce'];
    const bytes = payload === null ? new Uint8Array() : new TextEncoder().encode(JSON.stringify(payload));
    const body = await new FlattenedSign(bytes)
      .setProtectedHeader({
        alg: 'ES256',
        nonce: String(nonce),
        url,
        ...(account.kid ? { kid: account.kid } : { jwk }),
      })
      .sign(privateKey);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/jose+json' },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== expected) throw new Error(`ACME ${pathOf(url)}: ${res.statusCode} ${res.body}`);
    return res;
  }

  const directory = (await t.app.inject({ method: 'GET', url: '/acme/directory' })).json();
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  const eabProtected = b64(JSON.stringify({ alg: 'HS256', kid: cred.key_id, url: directory.newAccount }));
  const eabPayload = b64(JSON.stringify(jwk));
  const eab = {
    protected: eabProtected,
    payload: eabPayload,
    signature: createHmac('sha256', Buffer.from(cred.hmac_key, 'base64url'))
      .update(`${eabProtected}.${eabPayload}`)
      .digest('base64url'),
  };
  account.kid = (await post(directory.newAccount, { externalAccountBinding: eab }, 201)).headers
    .location as string;

  const identifier = { type: 'TNAuthList', value: Buffer.from(der).toString('base64url') };
  const order = (await post(directory.newOrder, { identifiers: [identifier] }, 201)).json();
  const authz = (await post(order.authorizations[0], null, 200)).json();
  const spki = new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }));
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

  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=SHAKEN ${spc}`,
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, der)],
  });
  const finalized = (
    await post(order.finalize, { csr: Buffer.from(csr.rawData).toString('base64url') }, 200)
  ).json();
  if (finalized.status !== 'valid') throw new Error(`finalize: ${JSON.stringify(finalized)}`);
  const chain = (await post(finalized.certificate, null, 200)).body;
  return chain.match(PEM_CERT) ?? [];
}
