// The data of the release before ATIS-1000080 v005 conformance, as that release made it: `previous-release/` holds
// a pg_dump of its database and its data directory (KEK, JWT secret, the simulator's folder), made by running that
// release's own code (a provider registered, paid, got two certificates and revoked one). This release restores
// them, migrates, starts, and must keep everything the old one published working.
import { execFileSync } from 'node:child_process';
import { X509Certificate as NodeX509 } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db';
import { migrate, splitStatements } from '../../../server/src/db/migrate';
import { api, tokenOf } from '../billing/billing-fixtures';
import {
  type TestApp,
  type TestDatabase,
  createTestDatabase,
  injectFetch,
  secondApp,
  testConfig,
} from '../helpers';

const FIXTURE = path.join(import.meta.dirname, 'previous-release');
interface Manifest {
  provider: { spId: string; email: string; password: string };
  certificates: { serial: string; cr_path: string; chain: string; revoked: boolean }[];
  crl_issuers: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'manifest.json'), 'utf8')) as Manifest;
const OLD_ROOT = manifest.crl_issuers.find((id) => id.startsWith('root-'))!;
const OLD_INTERMEDIATE = manifest.crl_issuers.find((id) => id.startsWith('intermediate-'))!;
const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

let tdb: TestDatabase;
let t: TestApp;
let tmp: string;
let applied: number[];
/** The app's clock: an hour after the archive was made, so that its certificates and subscription stay current. */
let now: Date;

/** Runs pg_dump's plain output (psql's backslash lines and the search_path reset left out: names are qualified). */
async function restore(db: Database, dump: string): Promise<void> {
  const sql = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  await db.transaction(async (tx) => {
    for (const statement of splitStatements(sql)) {
      if (statement.startsWith("SELECT pg_catalog.set_config('search_path'")) continue;
      await tx.query(statement);
    }
  });
}

const openssl = (...args: string[]) => {
  try {
    return execFileSync('openssl', args, { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
const epoch = () => String(Math.floor(now.getTime() / 1000));

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  const dataDir = path.join(tmp, 'data');
  fs.cpSync(path.join(FIXTURE, 'data'), dataDir, { recursive: true });
  now = new Date(new NodeX509(manifest.certificates[0].chain).validFrom);
  now.setUTCHours(now.getUTCHours() + 1);
  tdb = await createTestDatabase(null);
  await restore(tdb.db, fs.readFileSync(path.join(FIXTURE, 'database.sql'), 'utf8'));
  applied = await migrate(tdb.db);
  // The archive's own KEK and JWT secret, read from its data directory.
  const config = testConfig({ dataDir, jwtSecret: undefined });
  t = await secondApp(tdb.db, config, { stiPaFetch: injectFetch(() => t.app), now: () => now });
  await t.app.ready();
}, 90_000);

afterAll(async () => {
  await t?.close();
  await tdb?.drop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a data directory and database made by the previous release', () => {
  it('migrate from 005 and start with the CA migrated: the same root, a CRL signer, the intermediate re-certified', async () => {
    expect(applied[0]).toBe(6);
    const rows = await t.db.query<{ id: string; role: string; key_id: string; is_current: boolean }>(
      'SELECT id, role, key_id, is_current FROM ca_issuers',
    );
    const current = rows.filter((r) => r.is_current);
    expect(current.map((r) => r.role).sort()).toEqual([
      'crl',
      'delegate-intermediate',
      'intermediate',
      'root',
    ]);
    expect(current.find((r) => r.role === 'root')!.id).toBe(OLD_ROOT);
    expect(current.find((r) => r.role === 'intermediate')!.key_id).toBe(OLD_INTERMEDIATE);
    expect(rows.map((r) => r.id)).toContain(OLD_INTERMEDIATE);
  });

  it('keep serving the old CR URLs byte for byte, and the old chains verify against the published root', async () => {
    fs.writeFileSync(path.join(tmp, 'root.pem'), (await get('/ca/root.pem')).body);
    for (const c of manifest.certificates) {
      const res = await get(new URL(c.cr_path).pathname);
      expect(res.statusCode, c.serial).toBe(200);
      expect(res.body).toBe(c.chain);
      fs.writeFileSync(path.join(tmp, `${c.serial}.pem`), c.chain);
      const verified = openssl(
        'verify',
        '-attime',
        epoch(),
        '-CAfile',
        'root.pem',
        '-untrusted',
        `${c.serial}.pem`,
        `${c.serial}.pem`,
      );
      expect(verified.trim()).toBe(`${c.serial}.pem: OK`);
    }
  });

  it('keep the old CRL: signed by the old intermediate, the revoked certificate on it and the other not', async () => {
    const res = await get(`/crl/${OLD_INTERMEDIATE}.crl`);
    expect(res.statusCode).toBe(200);
    fs.writeFileSync(path.join(tmp, 'old.crl'), res.rawPayload);
    openssl('crl', '-inform', 'DER', '-in', 'old.crl', '-out', 'old-crl.pem');
    for (const c of manifest.certificates) {
      const verified = openssl(
        'verify',
        '-attime',
        epoch(),
        '-crl_check',
        '-CAfile',
        'root.pem',
        '-untrusted',
        `${c.serial}.pem`,
        '-CRLfile',
        'old-crl.pem',
        `${c.serial}.pem`,
      );
      if (c.revoked) expect(verified).toContain('certificate revoked');
      else expect(verified.trim()).toBe(`${c.serial}.pem: OK`);
    }
  });

  it('open the sealed keys with the archive’s key-encryption key: the provider downloads its key, signs in and renews', async () => {
    const http = api(t, await tokenOf(t, manifest.provider));
    const live = manifest.certificates.find((c) => !c.revoked)!;
    const keys = (
      (await http.get('/api/service_provider/sti_priv_key')).json() as { data: { priv_key_uuid: string }[] }
    ).data;
    expect(keys).toHaveLength(manifest.certificates.length);
    let keyId = '';
    for (const k of keys) {
      const rows = (await http.get(`/api/service_provider/sti_spc_cert/last/${k.priv_key_uuid}`)).json() as {
        serial_number: string;
      }[];
      if (rows.some((r) => r.serial_number === live.serial)) keyId = k.priv_key_uuid;
    }
    expect(keyId).not.toBe('');
    const key = await http.get(`/api/service_provider/sti_priv_key/file/${keyId}`);
    expect(key.statusCode).toBe(200);
    fs.writeFileSync(path.join(tmp, 'key.pem'), key.body);
    const fromKey = openssl('pkey', '-in', 'key.pem', '-pubout');
    const fromCert = openssl('x509', '-in', `${live.serial}.pem`, '-noout', '-pubkey');
    expect(fromKey).toContain('BEGIN PUBLIC KEY');
    expect(fromKey).toBe(fromCert);

    const renewed = await http.post(`/api/service_provider/replace_sti_spc_cert/${live.serial}`, STIPA);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const chain = (await get(new URL(renewed.json().certificate.cr_path).pathname)).body;
    fs.writeFileSync(path.join(tmp, 'new.pem'), chain);
    expect(
      openssl('verify', '-attime', epoch(), '-CAfile', 'root.pem', '-untrusted', 'new.pem', 'new.pem').trim(),
    ).toBe('new.pem: OK');
    // The old certificate stays valid (renewal overlaps) and keeps its CR URL.
    expect((await get(new URL(live.cr_path).pathname)).body).toBe(live.chain);
  });
});
