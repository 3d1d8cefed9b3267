// Two server processes on one PostgreSQL, as behind a load balancer: the server started the way production starts
// it (server/src/main.ts, in a process of its own, with its own pool and its own caches), twice, on the database of
// a test app whose address stands for the load balancer's (PUBLIC_URL of all three). A nonce one gives is spent on
// the other, once; an account made on one orders on the other; one order finalized on both at once issues one
// certificate. PostgreSQL only: the embedded PGlite is one process's database.
import { type KeyObject, createPublicKey, generateKeyPairSync, sign, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TN_AUTH_LIST_OID, x509 } from '../../../server/src/ca';
import { keyFingerprint } from '../../../server/src/certificates/issuance';
import { api } from '../billing/billing-fixtures';
import { type AcmeWorld, startWorld, stopWorld, tnDer } from './acme-fixtures';
import { eabOf } from './acme-inject';
import { usingPostgres } from '../helpers';
import { startServerProcess } from '../../../bench/serverProcess';

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** server/src/main.ts in a process of its own, on `world`'s database and a copy of its data folder (its keys). */
async function startServer(world: AcmeWorld): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acme-process-'));
  fs.cpSync(world.t.config.dataDir, dataDir, { recursive: true });
  const server = await startServerProcess(
    {
      DATABASE_URL: world.t.db.url!,
      DATA_DIR: dataDir,
      PUBLIC_URL: world.base,
      JWT_SECRET: world.t.config.jwtSecret!,
      ADMIN_EMAIL: world.t.config.adminEmail!,
      ADMIN_PASSWORD: world.t.config.adminPassword!,
      WEB_DIST_DIR: path.join(dataDir, 'no-dist'),
      STI_PA_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    { fromSource: true },
  );
  return {
    url: `http://127.0.0.1:${server.port}`,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An ACME client of one account key that sends each request to the server it is told, signed for PUBLIC_URL. */
function accountClient(world: AcmeWorld) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  const jwk = { kty, crv, x, y };
  const state: { kid?: string } = {};
  return {
    jwk,
    spki: new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })),
    get kid() {
      return state.kid!;
    },
    set kid(kid: string) {
      state.kid = kid;
    },
    async nonceFrom(server: Server) {
      return (await fetch(`${server.url}/acme/new-nonce`, { method: 'HEAD' })).headers.get('replay-nonce')!;
    },
    /** POST `payload` (null: POST-as-GET) to `server` at the path of `url`, with `nonce` (else one of that server's). */
    async post(server: Server, url: string, payload: unknown, nonce?: string, key: KeyObject = privateKey) {
      const header = b64({
        alg: 'ES256',
        nonce: nonce ?? (await this.nonceFrom(server)),
        url,
        ...(state.kid ? { kid: state.kid } : { jwk }),
      });
      const body64 = payload === null ? '' : b64(payload);
      const signature = sign('sha256', Buffer.from(`${header}.${body64}`), {
        key,
        dsaEncoding: 'ieee-p1363',
      });
      return fetch(`${server.url}${new URL(url).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/jose+json' },
        body: JSON.stringify({
          protected: header,
          payload: body64,
          signature: signature.toString('base64url'),
        }),
      });
    },
    acmeUrl: (p: string) => `${world.base}/acme/${p}`,
  };
}

async function csr(world: AcmeWorld): Promise<string> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const request = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=SHAKEN ${world.ocn}`,
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, tnDer(world.ocn))],
  });
  return Buffer.from(request.rawData).toString('base64url');
}

describe.skipIf(!usingPostgres)('ACME on two server processes sharing one PostgreSQL', () => {
  let world: AcmeWorld;
  let one: Server | undefined;
  let two: Server | undefined;

  beforeAll(async () => {
    world = await startWorld('acme-processes-');
    [one, two] = await Promise.all([startServer(world), startServer(world)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await stopWorld();
  });

  it('spends a nonce of either on the other, once, and orders and finalizes across them', async () => {
    const [a, b] = [one!, two!];
    const client = accountClient(world);
    const cred = (await api(world.t, world.token).post('/api/service_provider/acme/eab')).json();
    const newAccount = client.acmeUrl('new-account');
    const created = await client.post(a, newAccount, {
      externalAccountBinding: eabOf(cred, client.jwk, newAccount),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    client.kid = created.headers.get('location')!;

    // a nonce of one, spent on the other; then on neither
    const fromB = await client.nonceFrom(b);
    expect((await client.post(a, client.kid, null, fromB)).status).toBe(200);
    for (const server of [a, b]) {
      const again = await client.post(server, client.kid, null, fromB);
      expect(again.status).toBe(400);
      expect((await again.json()).type).toBe('urn:ietf:params:acme:error:badNonce');
    }
    const fromA = await client.nonceFrom(a);
    expect((await client.post(b, client.kid, null, fromA)).status).toBe(200);

    // ordered on one, answered on the other, finalized on both at once: one certificate
    const value = Buffer.from(tnDer(world.ocn)).toString('base64url');
    const ordered = await client.post(b, client.acmeUrl('new-order'), {
      identifiers: [{ type: 'TNAuthList', value }],
    });
    expect(ordered.status).toBe(201);
    const order = await ordered.json();
    const authz = await (await client.post(a, order.authorizations[0], null)).json();
    const { token } = await world.t.services.stiPa.getSpcToken({
      userId: 'demo',
      password: 'demo-pass',
      ocn: world.ocn,
      atc: {
        tktype: 'TNAuthList',
        tkvalue: Buffer.from(tnDer(world.ocn)).toString('base64'),
        ca: false,
        fingerprint: keyFingerprint(client.spki),
      },
    });
    const answered = await (await client.post(b, authz.challenges[0].url, { tkauth: token })).json();
    expect(answered.status).toBe('valid');

    const [csrA, csrB] = await Promise.all([csr(world), csr(world)]);
    const answers = await Promise.all([
      client.post(a, order.finalize, { csr: csrA }),
      client.post(b, order.finalize, { csr: csrB }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const refused = answers.find((r) => r.status === 403)!;
    expect((await refused.json()).type).toBe('urn:ietf:params:acme:error:orderNotReady');
    const finalized = await answers.find((r) => r.status === 200)!.json();
    expect(finalized.status).toBe('valid');
    const orderId = new URL(order.finalize).pathname.split('/')[3];
    const [{ n }] = await world.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM certificates c JOIN private_keys k ON k.id = c.private_key_id
        WHERE k.key_ref = $1`,
      [`acme-order:${orderId}`],
    );
    expect(n).toBe(1);

    // either serves the chain
    for (const server of [a, b]) {
      const chain = await client.post(server, finalized.certificate, null);
      expect(chain.status).toBe(200);
      expect((await chain.text()).match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
    }
  });
});
