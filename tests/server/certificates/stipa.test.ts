// The STI-PA simulator module on a real listening Fastify, called by the real client over HTTP, and its
// tokens checked by verifySpcToken exactly as the RA will.
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRootCa,
  encodeTnAuthList,
  SpcTokenError,
  tnAuthListToBase64,
  verifySpcToken,
} from '../../../server/src/ca';
import { keyFingerprint } from '../../../server/src/certificates/issuance';
import type { Config } from '../../../server/src/config';
import {
  type SpcTokenRequest,
  type StiPaClientOptions,
  StiPaError,
  type StiPaLog,
  type StipaSimulatorDeps,
  createStiPaClient,
  createStipaSimulatorModule,
  createX5uFetcher,
  simulatorKeyring,
  simulatorTrustAnchorPem,
  stiPaEndpoint,
} from '../../../server/src/integrations/stipa';
import { loggerOptions } from '../../../server/src/logger';
import { type TestDatabase, createTestDatabase, testConfig } from '../helpers';

const FP = `SHA256 ${Array.from({ length: 32 }, () => 'AB').join(':')}`;
const atcFor = (ocn: string): SpcTokenRequest => ({
  tktype: 'TNAuthList',
  tkvalue: tnAuthListToBase64(encodeTnAuthList(ocn)),
  ca: false,
  fingerprint: FP,
});
const ALICE_PASSWORD = 'alice-Secret-pass-42';
const CRL = 'http://portal.test/crl/test.crl';

/** The client and the trust policy of a deployment, as the composition root picks them. */
const createStiPaClientFor = (config: Config, opts: Partial<StiPaClientOptions> = {}) =>
  createStiPaClient({ baseUrl: stiPaEndpoint(config, simulatorKeyring(config.dataDir)).baseUrl, ...opts });
const stiPaTrustPolicy = (config: Config) => stiPaEndpoint(config, simulatorKeyring(config.dataDir)).trust();

interface Server {
  app: FastifyInstance;
  ctx: StipaSimulatorDeps;
  config: Config;
  lines: string[];
}

/** The database every simulator of this file keeps its sign-ins in (made once). */
let database: Promise<TestDatabase> | undefined;
const simulatorDb = async () => (await (database ??= createTestDatabase())).db;

/** The CA root the simulated STI-PA lists as approved (made once). */
let caRoot: Promise<string> | undefined;
const caRootPem = () =>
  (caRoot ??= createRootCa({ organization: 'Sim Test CA' }).then((r) => r.certificate.toString('pem')));

async function startServer(
  overrides: Partial<Config> = {},
  now: () => Date = () => new Date(),
): Promise<Server> {
  const lines: string[] = [];
  const config = testConfig(overrides);
  const app = Fastify({
    logger: {
      ...(loggerOptions('trace') as object),
      stream: { write: (line: string) => void lines.push(line) },
    },
  });
  const ctx: StipaSimulatorDeps = {
    config,
    now,
    db: await simulatorDb(),
    keys: simulatorKeyring(config.dataDir),
    caRootPem: await caRootPem(),
  };
  await createStipaSimulatorModule({ crlUrl: CRL })(app, ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // The x5u is built from PUBLIC_URL at request time: point it at the port just opened.
  config.publicUrl = address;
  return { app, ctx, config, lines };
}

function clientLog(lines: string[]): StiPaLog {
  return {
    info: (obj, msg) => void lines.push(JSON.stringify({ ...obj, msg })),
    warn: (obj, msg) => void lines.push(JSON.stringify({ ...obj, msg })),
  };
}

async function stiPaFailure(promise: Promise<unknown>): Promise<StiPaError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(StiPaError);
    return err as StiPaError;
  }
  throw new Error('expected a StiPaError');
}

let server: Server;
const seen = new Set<string>();
const jtiSeen = async (jti: string) => {
  if (seen.has(jti)) return true;
  seen.add(jti);
  return false;
};

beforeAll(async () => {
  server = await startServer({
    stiPaSimAccounts: `demo:demo-pass:*;alice:${ALICE_PASSWORD}:1234`,
    stiPaSimTokenLifetime: 60,
  });
});

afterAll(async () => {
  await server.app.close();
  await (await database)?.drop();
  fs.rmSync(server.config.dataDir, { recursive: true, force: true });
});

describe('STI-PA simulator + client', () => {
  it('demo gets an SPC token for 073K that verifySpcToken accepts, then refuses on replay', async () => {
    const client = createStiPaClientFor(server.config, { log: clientLog(server.lines) });
    expect(client.baseUrl).toBe(`${server.config.publicUrl}/stipa-sim/api/v1`);
    const answer = await client.getSpcToken({
      userId: 'demo',
      password: 'demo-pass',
      ocn: '073K',
      atc: atcFor('073K'),
    });
    expect(answer.crl).toBe(CRL);

    const [headerPart, payloadPart] = answer.token.split('.');
    const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString());
    const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(header.x5u).toMatch(
      new RegExp(`^${server.config.publicUrl}/stipa-sim/api/v1/certificate/.+\\.crt$`),
    );
    expect(Object.keys(payload).sort()).toEqual(['atc', 'exp', 'jti']);
    expect(payload.atc).toEqual({
      tktype: 'TNAuthList',
      tkvalue: 'MAigBhYEMDczSw==',
      ca: false,
      fingerprint: FP,
    });

    const policy = await stiPaTrustPolicy(server.config);
    expect(policy.requireHttpsX5u).toBe(false);
    const verifyOpts = {
      ...policy,
      fetchCertificate: createX5uFetcher(),
      expectedSpc: '073K',
      expectedFingerprint: FP,
      now: new Date(),
      jtiSeen,
    };
    const verified = await verifySpcToken(answer.token, verifyOpts);
    expect(verified.spc).toBe('073K');
    expect(verified.exp.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const again = await verifySpcToken(answer.token, verifyOpts).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(SpcTokenError);
    expect((again as SpcTokenError).reason).toBe('replayed');

    // The same token under the real-STI-PA policy: http x5u refused.
    const https = await verifySpcToken(answer.token, { ...verifyOpts, requireHttpsX5u: true }).catch(
      (e: unknown) => e,
    );
    expect((https as SpcTokenError).reason).toBe('x5u_not_https');
  });

  it('serves the signing certificate as PEM at the x5u, and 404 for other names', async () => {
    const client = createStiPaClientFor(server.config);
    const { token } = await client.getSpcToken({
      userId: 'demo',
      password: 'demo-pass',
      ocn: '073K',
      atc: atcFor('073K'),
    });
    const x5u = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).x5u as string;
    const res = await fetch(x5u);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pem-certificate-chain');
    expect(await res.text()).toContain('-----BEGIN CERTIFICATE-----');
    const missing = await fetch(`${server.config.publicUrl}/stipa-sim/api/v1/certificate/other.crt`);
    expect(missing.status).toBe(404);
  });

  it('maps a wrong password to invalid_credentials (HTTP 401) without echoing it', async () => {
    const client = createStiPaClientFor(server.config, { log: clientLog(server.lines) });
    const err = await stiPaFailure(client.login('demo', 'Wrong-Pass-123'));
    expect(err.cause).toBe('invalid_credentials');
    expect(err.httpStatus).toBe(401);
    expect(err.detail).toBe('Invalid credentials');
    expect(`${err.message} ${err.stack}`).not.toContain('Wrong-Pass-123');
    const raw = await fetch(`${client.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'nobody', password: 'x' }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ status: 'error', message: 'Invalid credentials' });
  });

  it('maps an account limited to another OCN to not_authorized_for_ocn (HTTP 403), and serves its own OCN', async () => {
    const client = createStiPaClientFor(server.config, { log: clientLog(server.lines) });
    const err = await stiPaFailure(
      client.getSpcToken({ userId: 'alice', password: ALICE_PASSWORD, ocn: '073K', atc: atcFor('073K') }),
    );
    expect(err.cause).toBe('not_authorized_for_ocn');
    expect(err.httpStatus).toBe(403);
    expect(err.message).toContain('not authorized for OCN 073K');
    const ok = await client.getSpcToken({
      userId: 'alice',
      password: ALICE_PASSWORD,
      ocn: '1234',
      atc: atcFor('1234'),
    });
    expect(ok.token.split('.')).toHaveLength(3);
  });

  it('refuses a tkvalue that is not the OCN’s TNAuthList, and an access token after logout', async () => {
    const client = createStiPaClientFor(server.config);
    const accessToken = await client.login('demo', 'demo-pass');
    const err = await stiPaFailure(client.requestSpcToken(accessToken, '073K', atcFor('1234')));
    expect(err.httpStatus).toBe(400);
    expect(err.detail).toContain('tkvalue');
    const list = await client.caList(accessToken);
    expect(list.status).toBe('success');
    await client.logout(accessToken);
    const after = await stiPaFailure(client.requestSpcToken(accessToken, '073K', atcFor('073K')));
    expect(after.cause).toBe('invalid_credentials');
    expect(after.httpStatus).toBe(401);
  });

  it('keeps its root and signing key in $DATA_DIR/stipa-sim across instances', async () => {
    const dir = path.join(server.config.dataDir, 'stipa-sim');
    expect(fs.readdirSync(dir).sort()).toEqual([
      'crl.key',
      'crl.pem',
      'root.key',
      'root.pem',
      'signer.key',
      'signer.pem',
    ]);
    const anchor = await simulatorTrustAnchorPem(server.config.dataDir);
    expect(anchor).toBe(fs.readFileSync(path.join(dir, 'root.pem'), 'utf8'));
    expect(fs.statSync(path.join(dir, 'signer.key')).mode & 0o077).toBe(0);
  });

  it('writes neither the STI-PA password nor the tokens to any log line', async () => {
    const client = createStiPaClientFor(server.config, { log: clientLog(server.lines) });
    await stiPaFailure(client.login('alice', 'not-alice-password-77'));
    const accessToken = await client.login('alice', ALICE_PASSWORD);
    const { token } = await client.requestSpcToken(accessToken, '1234', atcFor('1234'));
    await client.logout(accessToken);
    expect(server.lines.length).toBeGreaterThan(5);
    const log = server.lines.join('\n');
    for (const secret of [ALICE_PASSWORD, 'not-alice-password-77', 'demo-pass', accessToken, token])
      expect(log).not.toContain(secret);
  });
});

describe('STI-PA simulator mounting', () => {
  it('is not mounted when STI_PA_URL is set, and the policy then requires https and STI_PA_ROOT_PEM', async () => {
    const other = await startServer({ stiPaUrl: 'https://sti-pa.example/api/v1' });
    try {
      const res = await fetch(`${other.config.publicUrl}/stipa-sim/api/v1/ca-list`);
      expect(res.status).toBe(404);
      expect(createStiPaClientFor(other.config).baseUrl).toBe('https://sti-pa.example/api/v1');
      await expect(stiPaTrustPolicy(other.config)).rejects.toThrow(/STI_PA_ROOT_PEM/);
      other.config.stiPaRootPem = await simulatorTrustAnchorPem(server.config.dataDir);
      expect(await stiPaTrustPolicy(other.config)).toEqual({
        trustAnchorsPem: [other.config.stiPaRootPem],
        requireHttpsX5u: true,
      });
    } finally {
      await other.app.close();
      fs.rmSync(other.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('STI-PA simulator, as the real one answers', () => {
  const payloadOf = (jws: string) =>
    JSON.parse(Buffer.from(jws.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

  it('answers /ca-list with trustList: the approved CA root, PEM, and the same list signed', async () => {
    const root = await caRootPem();
    const res = await fetch(`${server.config.publicUrl}/stipa-sim/api/v1/ca-list`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; trustList: string[]; caList: string };
    expect(body.status).toBe('success');
    expect(body.trustList).toHaveLength(1);
    expect(Buffer.from(body.trustList[0]).equals(Buffer.from(`${root}\n`))).toBe(true);
    expect(payloadOf(body.caList).trustList).toEqual(body.trustList);
    const client = createStiPaClientFor(server.config);
    const accessToken = await client.login('demo', 'demo-pass');
    expect((await client.caList(accessToken)).trustList).toEqual(body.trustList);
    await client.logout(accessToken);
  });

  it('signs SPC tokens for STI_PA_SIM_TOKEN_LIFETIME seconds, an hour by default', async () => {
    const at = new Date('2026-03-01T12:00:00.750Z');
    const issuedAt = Math.floor(at.getTime() / 1000);
    for (const [overrides, lifetime] of [
      [{}, 3600],
      [{ stiPaSimTokenLifetime: 172_800 }, 172_800],
    ] as const) {
      const sim = await startServer(overrides, () => at);
      try {
        expect(sim.config.stiPaSimTokenLifetime).toBe(lifetime);
        const { token } = await createStiPaClientFor(sim.config).getSpcToken({
          userId: 'demo',
          password: 'demo-pass',
          ocn: '073K',
          atc: atcFor('073K'),
        });
        const payload = payloadOf(token);
        expect(payload.iat).toBeUndefined();
        expect(payload.exp).toBe(issuedAt + lifetime);
      } finally {
        await sim.app.close();
        fs.rmSync(sim.config.dataDir, { recursive: true, force: true });
      }
    }
  });

  it('carries the fingerprint of the atc into the token, which verifies against that key only', async () => {
    const spkiOf = () =>
      new Uint8Array(
        generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({
          type: 'spki',
          format: 'der',
        }),
      );
    const fingerprint = keyFingerprint(spkiOf());
    const { token } = await createStiPaClientFor(server.config).getSpcToken({
      userId: 'demo',
      password: 'demo-pass',
      ocn: '073K',
      atc: { ...atcFor('073K'), fingerprint },
    });
    expect((payloadOf(token).atc as { fingerprint: string }).fingerprint).toBe(fingerprint);
    const opts = {
      ...(await stiPaTrustPolicy(server.config)),
      fetchCertificate: createX5uFetcher(),
      expectedSpc: '073K',
      now: new Date(),
      jtiSeen: async () => false,
    };
    const other = await verifySpcToken(token, {
      ...opts,
      expectedFingerprint: keyFingerprint(spkiOf()),
    }).catch((e: unknown) => e);
    expect((other as SpcTokenError).reason).toBe('fingerprint_mismatch');
    expect((await verifySpcToken(token, { ...opts, expectedFingerprint: fingerprint })).fingerprint).toBe(
      fingerprint,
    );
  });
});
