// Keys and certificates of a provider over HTTP, on the real app: the STI-PA simulator answers through
// app.inject (the client and the x5u fetch use the injected fetch), the CA is the app's own.
import { execFileSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, X509Certificate as NodeX509 } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEK_FILE, P256_ONLY_MESSAGE } from '../../../server/src/ca';
import { ERROR_CAUSE_MESSAGES } from '../../../contract/certificates';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { decodeQuotedPrintable, headerOf, mailsTo, postJson } from '../accounts/accounts-fixtures';

let t: TestApp;
const logLines: string[] = [];

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const pem = (body: string) => body;

interface Session {
  p: Provider;
  token: string;
  http: ReturnType<typeof api>;
  del: (url: string) => Promise<LightMyRequestResponse>;
}

async function session(p: Provider): Promise<Session> {
  const token = await tokenOf(t, p);
  return {
    p,
    token,
    http: api(t, token),
    del: (url) => t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } }),
  };
}

async function newKey(s: Session): Promise<string> {
  const res = await s.http.post('/api/service_provider/generate_sti_priv_key');
  expect(res.statusCode).toBe(201);
  return res.json().priv_key_uuid as string;
}

async function issue(s: Session, keyId: string, creds = STIPA) {
  const res = await s.http.post('/api/service_provider/generate_sti_spc_cert', {
    ...creds,
    private_key_uuid: keyId,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  // The app's logger (silent in tests) is where every service line goes: record all of it.
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
    vi.spyOn(t.app.log, level).mockImplementation((...args: unknown[]) => {
      // Fastify's request/response lines go through the logger's serializers (method, url, status only);
      // every other line, the services' and the STI-PA client's, is recorded as given.
      const first = args[0] as Record<string, unknown> | undefined;
      if (first && typeof first === 'object' && ('req' in first || 'res' in first)) return;
      const seen = new WeakSet<object>();
      logLines.push(
        JSON.stringify(args, (_k, v: unknown) => {
          if (v instanceof Error) return { message: v.message, stack: v.stack, cause: String(v.cause) };
          if (v && typeof v === 'object') {
            if (seen.has(v)) return '[circular]';
            seen.add(v);
          }
          return v;
        }),
      );
    });
  }
  alice = await session(await activeProvider(t));
  bob = await session(await activeProvider(t));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('private keys', () => {
  it('creates, lists newest first, downloads as PKCS#8 and SEC1, and deletes', async () => {
    const first = await newKey(alice);
    const second = await newKey(alice);
    const list = await alice.http.get('/api/service_provider/sti_priv_key?skip=0&take=10');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    const ids = body.data.map((k: { priv_key_uuid: string }) => k.priv_key_uuid);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(body.data[0]).toEqual({ priv_key_uuid: expect.any(String), created_on: expect.any(String) });
    // a moment as toISOString writes it (UTC, milliseconds, Z)
    expect(new Date(body.data[0].created_on).toISOString()).toBe(body.data[0].created_on);
    const one = await alice.http.get('/api/service_provider/sti_priv_key?skip=1&take=1');
    expect(one.json().data).toHaveLength(1);

    // The list protocol: sorted in SQL, a page by range, the total in Content-Range.
    const q = (params: Record<string, unknown>) =>
      new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString();
    const oldest = await alice.http.get(
      `/api/service_provider/sti_priv_key?${q({ sort: ['created_on', 'ASC'], range: [0, 0] })}`,
    );
    expect(oldest.statusCode).toBe(200);
    expect(oldest.json()).toEqual([{ priv_key_uuid: first, created_on: expect.any(String) }]);
    expect(oldest.headers['content-range']).toBe(`private-keys 0-0/${body.total}`);
    const ascending = await alice.http.get(
      `/api/service_provider/sti_priv_key?skip=0&take=10&${q({ sort: ['created_on', 'ASC'] })}`,
    );
    expect(
      ascending
        .json()
        .data.map((k: { priv_key_uuid: string }) => k.priv_key_uuid)
        .slice(0, 2),
    ).toEqual([first, second]);
    const unknown = await alice.http.get(
      `/api/service_provider/sti_priv_key?${q({ sort: ['secret', 'ASC'] })}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Cannot sort by "secret"/);

    const file = await alice.http.get(`/api/service_provider/sti_priv_key/file/${first}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/x-pem-file');
    expect(file.headers['content-disposition']).toBe('attachment; filename="stir_private_key.pem"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.body).toContain('-----BEGIN PRIVATE KEY-----');
    const k8 = createPrivateKey(file.body);
    expect(k8.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');

    const sec1 = await alice.http.get(`/api/service_provider/sti_priv_key/file/${first}?format=sec1`);
    expect(sec1.body).toContain('-----BEGIN EC PRIVATE KEY-----');
    const k1 = createPrivateKey(sec1.body);
    expect(k1.export({ format: 'jwk' }).d).toBe(k8.export({ format: 'jwk' }).d);
    expect(
      (await alice.http.get(`/api/service_provider/sti_priv_key/file/${first}?format=der`)).statusCode,
    ).toBe(400);

    const del = await alice.del(`/api/service_provider/sti_priv_key/${second}`);
    expect(del.statusCode).toBe(204);
    const after = (await alice.http.get('/api/service_provider/sti_priv_key')).json();
    expect(after.data.map((k: { priv_key_uuid: string }) => k.priv_key_uuid)).not.toContain(second);
    expect((await alice.http.get(`/api/service_provider/sti_priv_key/file/${second}`)).statusCode).toBe(404);
    const [row] = await t.db.query<{ key_ref: string; deleted_on: Date | null }>(
      'SELECT key_ref, deleted_on FROM private_keys WHERE id = $1',
      [second],
    );
    expect(row.deleted_on).not.toBeNull();
    expect(row.key_ref).toBe('destroyed');
    expect((await alice.del(`/api/service_provider/sti_priv_key/${second}`)).statusCode).toBe(404);
  });

  it('imports a P-256 key (PKCS#8 and SEC1) and refuses P-384 with the P-256 message', async () => {
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    for (const type of ['pkcs8', 'sec1'] as const) {
      const res = await alice.http.post('/api/service_provider/sti_priv_key/import', {
        pem: p256.export({ type, format: 'pem' }),
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().priv_key_uuid;
      const back = await alice.http.get(`/api/service_provider/sti_priv_key/file/${id}`);
      expect(createPrivateKey(back.body).export({ format: 'jwk' }).d).toBe(p256.export({ format: 'jwk' }).d);
    }
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey;
    const refused = await alice.http.post('/api/service_provider/sti_priv_key/import', {
      pem: p384.export({ type: 'pkcs8', format: 'pem' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(P256_ONLY_MESSAGE);
    const big = await alice.http.post('/api/service_provider/sti_priv_key/import', {
      pem: 'x'.repeat(20_000),
    });
    expect(big.statusCode).toBe(413);
    const junk = await alice.http.post('/api/service_provider/sti_priv_key/import', { pem: pem('hello') });
    expect(junk.statusCode).toBe(400);
  });
});

describe('certificates', () => {
  let keyId: string;
  let serial: string;

  it('issues with the simulator demo account: SHAKEN profile, TNAuthList, chains to the root', async () => {
    keyId = await newKey(alice);
    const answer = await issue(alice, keyId);
    expect(answer.success).toBe(true);
    const cert = answer.certificate;
    expect(cert.status).toBe('issued');
    expect(cert.serial_number).toMatch(/^[0-9a-f]{40}$/);
    expect(cert.cr_path).toBe(`${t.config.publicUrl}/cr/${cert.serial_number}.pem`);
    serial = cert.serial_number;

    const [row] = await t.db.query<{ chain_pem: string; certificate_der: Uint8Array; spc: string }>(
      'SELECT chain_pem, certificate_der, spc FROM certificates WHERE serial_number = $1',
      [serial],
    );
    const leaf = new NodeX509(Buffer.from(row.certificate_der));
    expect(leaf.serialNumber.toLowerCase()).toBe(serial);
    expect(leaf.subject).toContain(`CN=SHAKEN ${row.spc}`);

    const issuers = await t.db.query<{ id: string; role: string; certificate_pem: string }>(
      'SELECT id, role, certificate_pem FROM ca_issuers WHERE is_current',
    );
    const rootRow = issuers.find((i) => i.role === 'root')!;
    const intRow = issuers.find((i) => i.role === 'intermediate')!;
    const ca = {
      root: { pem: rootRow.certificate_pem },
      intermediate: { pem: intRow.certificate_pem },
      // The SHAKEN CRL the simulated STI-PA named with the token, and its issuer in cRLIssuer.
      leafCrlUrl: `${t.config.publicUrl}/stipa-sim/api/v1/crl/shaken.crl`,
    };
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'verify-'));
    const files = {
      root: path.join(dir, 'root.pem'),
      int: path.join(dir, 'int.pem'),
      leaf: path.join(dir, 'leaf.pem'),
    };
    fs.writeFileSync(files.root, ca.root.pem);
    fs.writeFileSync(files.int, ca.intermediate.pem);
    fs.writeFileSync(files.leaf, row.chain_pem.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]);
    const text = execFileSync('openssl', ['x509', '-in', files.leaf, '-noout', '-text'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(new RegExp(`CN ?= ?SHAKEN ${row.spc}`));
    expect(text).toContain('1.3.6.1.5.5.7.1.26');
    expect(text).toContain(ca.leafCrlUrl);
    expect(text).toMatch(/CRL Issuer:\s+DirName:.*STI-PA SIM SHAKEN CRL/);
    const verify = execFileSync(
      'openssl',
      ['verify', '-CAfile', files.root, '-untrusted', files.int, files.leaf],
      { encoding: 'utf8' },
    );
    expect(verify.trim()).toBe(`${files.leaf}: OK`);
    fs.rmSync(dir, { recursive: true, force: true });

    const list = await alice.http.get(`/api/service_provider/sti_spc_cert/last/${keyId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      serial_number: serial,
      status: 'issued',
      sti_cert_start_date: expect.any(String),
      sti_cert_expire_date: expect.any(String),
    });
    // The generate answer is built from what was written, without reading it back: it must be what a read gives.
    expect(list.json()[0]).toEqual(cert);
  });

  it('refuses a wrong STI-PA password with unable_to_generate_spc_token and keeps no trace of it', async () => {
    const secret = 'Wrong-Secret-Pass-9317';
    // a key without a certificate: one that has a valid certificate is refused before the STI-PA is asked
    const answer = await issue(alice, await newKey(alice), {
      sti_pa_username: 'demo',
      sti_pa_password: secret,
    });
    expect(answer).toEqual({ success: false, error_cause: 'unable_to_generate_spc_token' });
    expect(ERROR_CAUSE_MESSAGES[answer.error_cause]).toBeDefined();
    expect(logLines.join('\n')).not.toContain(secret);
    expect(logLines.join('\n')).not.toContain('demo-pass');
    expect(await databaseText()).not.toContain(secret);
    expect(await databaseText()).not.toContain('demo-pass');
  });

  it('answers key_not_found for an unknown or foreign key, and validates the payload', async () => {
    const bobKey = await newKey(bob);
    expect(await issue(alice, bobKey)).toEqual({ success: false, error_cause: 'key_not_found' });
    const bad = await alice.http.post('/api/service_provider/generate_sti_spc_cert', {
      ...STIPA,
      private_key_uuid: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.private_key_uuid).toBeDefined();
  });

  it('refuses to delete a key with a valid certificate', async () => {
    const res = await alice.del(`/api/service_provider/sti_priv_key/${keyId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`This key has a valid certificate (serial ${serial}) — revoke it first`);
  });

  it('renews with revoke_old now: a new serial on the same key, the old one revoked as superseded', async () => {
    const noCreds = await alice.http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, {});
    expect(noCreds.statusCode).toBe(400);
    const res = await alice.http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, {
      ...STIPA,
      revoke_old: 'now',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.certificate.serial_number).not.toBe(serial);
    const rows = await t.db.query<{
      serial_number: string;
      status: string;
      revocation_reason: string | null;
      private_key_id: string;
      replaces_id: string | null;
    }>(
      'SELECT serial_number, status, revocation_reason, private_key_id, replaces_id FROM certificates WHERE private_key_id = $1',
      [keyId],
    );
    const old = rows.find((r) => r.serial_number === serial)!;
    const renewed = rows.find((r) => r.serial_number === answer.certificate.serial_number)!;
    expect(old).toMatchObject({ status: 'revoked', revocation_reason: 'superseded' });
    expect(renewed.status).toBe('issued');
    expect(renewed.replaces_id).not.toBeNull();
    const again = await alice.http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, STIPA);
    expect(again.statusCode).toBe(409);
    serial = answer.certificate.serial_number;
  });

  it('revokes once (200) then 409; the key can then be deleted', async () => {
    const res = await alice.http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {
      reason: 'key_compromise',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Certificate revoked' });
    const again = await alice.http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This certificate is already revoked');
    const list = (await alice.http.get(`/api/service_provider/sti_spc_cert/last/${keyId}`)).json();
    expect(list.every((c: { status: string }) => c.status === 'revoked')).toBe(true);
    const bad = await alice.http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {
      reason: 'bored',
    });
    expect(bad.statusCode).toBe(400);

    // The revocation was reported to the STI-PA at once; its SHAKEN CRL lists the serial.
    const [{ revocation_reported_on }] = await t.db.query<{ revocation_reported_on: Date | null }>(
      'SELECT revocation_reported_on FROM certificates WHERE serial_number = $1',
      [serial],
    );
    expect(revocation_reported_on).not.toBeNull();
    const crl = await t.app.inject({ method: 'GET', url: '/stipa-sim/api/v1/crl/shaken.crl' });
    expect(crl.statusCode).toBe(200);
    const crlText = execFileSync('openssl', ['crl', '-inform', 'DER', '-noout', '-text'], {
      input: crl.rawPayload,
      encoding: 'utf8',
    });
    expect(crlText.toLowerCase().replace(/[^0-9a-z\n]/g, '')).toContain(serial);
  });

  it('mails the account holder about each revocation, with the serial and the reason (agreement 7.3)', async () => {
    const notices = () =>
      mailsTo(t.config, alice.p.email)
        .filter((m) => headerOf(m, 'Subject') === 'Your STI certificate was revoked')
        .map(decodeQuotedPrintable);
    const deadline = Date.now() + 20_000;
    while (notices().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(notices()).toHaveLength(2);
    expect(
      notices().filter((m) => m.includes(serial) && m.includes('because its private key is compromised')),
    ).toHaveLength(1);
    expect(
      notices().filter((m) => m.includes('because it was replaced by a renewed certificate')),
    ).toHaveLength(1);
  }, 30_000);

  it('another provider gets 404 on every key and certificate route; malformed ids 404', async () => {
    const key = await newKey(alice);
    const { certificate } = await issue(alice, key);
    const cs = certificate.serial_number as string;
    const responses = [
      await bob.http.get(`/api/service_provider/sti_priv_key/file/${key}`),
      await bob.del(`/api/service_provider/sti_priv_key/${key}`),
      await bob.http.get(`/api/service_provider/sti_spc_cert/last/${key}`),
      await bob.http.post(`/api/service_provider/replace_sti_spc_cert/${cs}`, STIPA),
      await bob.http.post(`/api/service_provider/revoke_sti_spc_cert/${cs}`),
      await alice.http.get('/api/service_provider/sti_priv_key/file/not-a-uuid'),
      await alice.del('/api/service_provider/sti_priv_key/123'),
      await alice.http.get('/api/service_provider/sti_spc_cert/last/xyz'),
      await alice.http.post('/api/service_provider/revoke_sti_spc_cert/zz'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 404));
    const bobKeys = (await bob.http.get('/api/service_provider/sti_priv_key')).json();
    expect(bobKeys.data.map((k: { priv_key_uuid: string }) => k.priv_key_uuid)).not.toContain(key);
    // Alice's certificate is still valid after Bob's attempts.
    const mine = (await alice.http.get(`/api/service_provider/sti_spc_cert/last/${key}`)).json();
    expect(mine[0].status).toBe('issued');
  });

  it('answers subscription_inactive once the subscription has expired', async () => {
    const carol = await session(await activeProvider(t));
    const key = await newKey(carol);
    // The paid period ends: the state view derives expired and inactive from it.
    await t.db.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '40 days',
                                current_period_end = now() - interval '1 day'
        WHERE service_provider_id = $1`,
      [carol.p.spId],
    );
    expect(await issue(carol, key)).toEqual({ success: false, error_cause: 'subscription_inactive' });
    expect((await t.db.query('SELECT 1 FROM certificates WHERE private_key_id = $1', [key])).length).toBe(0);
  });

  it('needs a provider token', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/service_provider/sti_priv_key' })).statusCode,
    ).toBe(401);
    expect((await postJson(t, '/api/service_provider/generate_sti_priv_key')).statusCode).toBe(401);
  });
});

describe('secrets at rest and the audit log', () => {
  it('keeps no private key in the clear in the database or in DATA_DIR', async () => {
    const key = await newKey(alice);
    const pemText = (await alice.http.get(`/api/service_provider/sti_priv_key/file/${key}`)).body;
    const k = createPrivateKey(pemText);
    const der = k.export({ type: 'pkcs8', format: 'der' });
    const d = Buffer.from(k.export({ format: 'jwk' }).d!, 'base64url');
    const needles = [
      der.toString('hex'),
      der.toString('base64'),
      d.toString('hex'),
      d.toString('base64'),
      d.toString('base64url'),
    ];

    for (const table of ['private_keys', 'ca_issuers']) {
      const rows = await t.db.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (value instanceof Uint8Array) {
            expect(Buffer.from(value).includes(der)).toBe(false);
            expect(Buffer.from(value).includes(d)).toBe(false);
          } else if (typeof value === 'string') {
            for (const n of needles) expect(value.toLowerCase()).not.toContain(n.toLowerCase());
            expect(value).not.toContain('PRIVATE KEY');
            // The ref is a sealed blob: it does not open as a key.
            if (/^[A-Za-z0-9+/=]{80,}$/.test(value)) {
              expect(() =>
                createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' }),
              ).toThrow();
            }
          }
        }
      }
    }
    const dump = await databaseText();
    for (const n of needles) expect(dump.toLowerCase()).not.toContain(n.toLowerCase());
    expect(dump).not.toContain('PRIVATE KEY');

    // DATA_DIR: the KEK file and the STI-PA simulator's own stand-in files, nothing of ours in the clear.
    const files = walk(t.config.dataDir);
    for (const f of files) {
      const rel = path.relative(t.config.dataDir, f);
      const content = fs.readFileSync(f);
      expect(content.includes(der)).toBe(false);
      for (const n of needles) expect(content.toString('latin1')).not.toContain(n);
      if (rel !== KEK_FILE && !rel.startsWith('stipa-sim') && !rel.startsWith('outbox')) {
        expect(content.toString('latin1')).not.toContain('PRIVATE KEY');
      }
    }
  });

  it('has the audit rows, and refuses UPDATE and DELETE', async () => {
    const rows = await t.db.query<{ action: string; actor_email: string; service_provider_id: string }>(
      'SELECT action, actor_email, service_provider_id FROM audit_log WHERE service_provider_id = $1',
      [alice.p.spId],
    );
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'key.created',
      'key.imported',
      'key.downloaded',
      'key.deleted',
      'certificate.issued',
      'certificate.renewed',
      'certificate.revoked',
    ]) {
      expect(actions.has(a)).toBe(true);
    }
    expect(rows.every((r) => r.actor_email === alice.p.email)).toBe(true);
    await expect(t.db.query(`UPDATE audit_log SET detail = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});

async function databaseText(): Promise<string> {
  const tables = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await t.db.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${table_name}" x`);
    parts.push(...rows.map((r) => r.j));
  }
  return parts.join('\n');
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}
