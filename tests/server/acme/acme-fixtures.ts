// The ACME tests' world: a real app on a real port (the ACME URLs are absolute), an active provider, and the
// steps of an ACME client (acme-client, with the SPC token of the built-in STI-PA and a CSR of @peculiar/x509).
import { execFileSync } from 'node:child_process';
import { createPublicKey, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as acme from 'acme-client';
import { TN_AUTH_LIST_OID, encodeTnAuthList, x509 } from '../../../server/src/ca';
import { keyFingerprint } from '../../../server/src/certificates/issuance';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';

export interface AcmeWorld {
  t: TestApp;
  base: string;
  provider: Provider;
  ocn: string;
  token: string;
  dir: string;
}
/** The world of the file that runs (startWorld fills it). */
const world = {} as AcmeWorld;

export async function startWorld(prefix: string): Promise<AcmeWorld> {
  const t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The ACME URLs are built from PUBLIC_URL at request time: point it at the port just opened.
  t.config.publicUrl = base;
  const provider = await activeProvider(t);
  const [row] = await t.db.query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [
    provider.spId,
  ]);
  Object.assign(world, {
    t,
    base,
    provider,
    ocn: row.ocn.toUpperCase(),
    token: await tokenOf(t, provider),
    dir: fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
  });
  return world;
}

export async function stopWorld() {
  await world.t?.close();
  if (world.dir) fs.rmSync(world.dir, { recursive: true, force: true });
}

/** The DER of a one-SPC TNAuthList, on an ArrayBuffer of its own (webcrypto and @peculiar/x509 want one). */
export const tnDer = (spc: string) => new Uint8Array(encodeTnAuthList(spc));

/** The fields of the ACME bodies (orders, challenges, problem documents) that the tests read. */
export interface AcmeBody {
  status?: string;
  type?: string;
  detail?: string;
  error?: { type?: string; detail?: string };
  notBefore?: string;
  notAfter?: string;
  x5u?: string;
}

export interface AcmeResponse<T = AcmeBody> {
  status: number;
  data: T;
  headers: Record<string, string>;
}
/** A signed POST through acme-client's own request path (its typings do not publish `api`). */
export function apiRequest<T = AcmeBody>(
  client: acme.Client,
  url: string,
  payload: unknown,
  codes: number[] = [],
) {
  const api = (
    client as unknown as {
      api: { apiRequest(u: string, p: unknown, c: number[]): Promise<AcmeResponse<T>> };
    }
  ).api;
  return api.apiRequest(url, payload, codes);
}

export const identifier = (spc = world.ocn, encoding: BufferEncoding = 'base64url') => ({
  type: 'TNAuthList',
  value: Buffer.from(tnDer(spc)).toString(encoding),
});

/** A client with a fresh ES256 account bound to `bearer`'s provider. */
export async function boundClient(bearer = world.token) {
  const res = await api(world.t, bearer).post('/api/service_provider/acme/eab');
  const cred = res.json() as { key_id: string; hmac_key: string };
  const accountKey = await acme.crypto.createPrivateEcdsaKey();
  const client = new acme.Client({
    directoryUrl: `${world.base}/acme/directory`,
    accountKey,
    externalAccountBinding: { kid: cred.key_id, hmacKey: cred.hmac_key },
  });
  await client.createAccount({ termsOfServiceAgreed: true });
  return { client, accountKey };
}

/** The STI-PA fingerprint of an account key: SHA256 of its SPKI, upper-case colon-separated hex. */
export const spkiFingerprint = (pem: Buffer) =>
  keyFingerprint(new Uint8Array(createPublicKey(pem).export({ type: 'spki', format: 'der' })));

/** An SPC token from the built-in STI-PA, as a provider's client asks for one. */
export async function spcToken(
  accountKey: Buffer,
  atc: Partial<{ tkvalue: string; ca: boolean; fingerprint: string }> = {},
  spc = world.ocn,
) {
  const answer = await world.t.services.stiPa.getSpcToken({
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

/** A CSR for a new P-256 key asking for `extensions` (the order's TNAuthList by default), as PEM, and its keys. */
export async function csrWithKeys(
  opts: {
    extensions?: x509.Extension[];
    algorithm?: EcKeyGenParams | RsaHashedKeyGenParams;
  } = {},
) {
  const algorithm = opts.algorithm ?? { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=SHAKEN ${world.ocn}`,
    keys,
    signingAlgorithm: algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : algorithm,
    extensions: opts.extensions ?? [new x509.Extension(TN_AUTH_LIST_OID, false, tnDer(world.ocn))],
  });
  return { pem: csr.toString('pem'), keys };
}

export const csrPem = async (opts: Parameters<typeof csrWithKeys>[0] = {}) => (await csrWithKeys(opts)).pem;

/** An order through its valid challenge, ready to finalize. */
export async function readyOrder(client: acme.Client, accountKey: Buffer) {
  const order = await client.createOrder({ identifiers: [identifier()] });
  const [authz] = await client.getAuthorizations(order);
  const challenge = authz.challenges[0];
  await apiRequest(client, challenge.url, { tkauth: await spcToken(accountKey) }, [200]);
  return order;
}

export function verifyWithOpenssl(chain: string) {
  const [leaf, intermediate] = chain.split(/(?=-----BEGIN CERTIFICATE-----)/);
  fs.writeFileSync(path.join(world.dir, 'leaf.pem'), leaf);
  fs.writeFileSync(path.join(world.dir, 'intermediate.pem'), intermediate);
  fs.writeFileSync(path.join(world.dir, 'root.pem'), world.t.services.ca.root.pem);
  return execFileSync(
    'openssl',
    ['verify', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem', 'leaf.pem'],
    { cwd: world.dir, encoding: 'utf8' },
  ).trim();
}

/** The ARI certID of a certificate: base64url of its AKI keyIdentifier, ".", base64url of its serial. */
export function certIdOf(leaf: x509.X509Certificate) {
  const aki = leaf.getExtension(x509.AuthorityKeyIdentifierExtension)!.keyId!;
  return `${Buffer.from(aki, 'hex').toString('base64url')}.${Buffer.from(leaf.serialNumber, 'hex').toString('base64url')}`;
}

/**
 * What a client does with an issued certificate, in any dialect: finds its CR URL (the order's x5u, or the
 * X-Shaken-Certificate-Location header), asks ARI when to renew (within the last third of its life), and revokes it.
 */
export async function afterIssuance(client: acme.Client, order: acme.Order, chain: string) {
  const leaf = new x509.X509Certificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]);
  const serial = leaf.serialNumber.toLowerCase();
  const crUrl = `${world.base}/cr/${serial}.pem`;
  const again = await apiRequest(client, order.url, null, [200]);
  if (again.data.x5u !== crUrl || again.headers['x-shaken-certificate-location'] !== crUrl)
    throw new Error(`CR URL: ${again.data.x5u} / ${again.headers['x-shaken-certificate-location']}`);
  const directory = await (await fetch(`${world.base}/acme/directory`)).json();
  const ari = await (await fetch(`${directory.renewalInfo}/${certIdOf(leaf)}`)).json();
  const start = Date.parse(ari.suggestedWindow.start);
  const from = leaf.notBefore.getTime();
  if (start < from + ((leaf.notAfter.getTime() - from) * 2) / 3 - 1000)
    throw new Error('ARI window too early');
  await client.revokeCertificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0], { reason: 4 });
  const [row] = await world.t.db.query<{ status: string }>(
    'SELECT status FROM certificates WHERE serial_number = $1',
    [serial],
  );
  return row.status;
}
