// The backup-and-restore drill of docs/production.md, run for real: a portal with a provider, a key and a
// certificate is backed up the documented way (PostgreSQL: pg_dump/pg_restore; the embedded PGlite: DATA_DIR copied
// while stopped), restored elsewhere, and started. The backup holds the keys sealed: without the key-encryption key
// (KEY_ENCRYPTION_KEY, kept apart from every backup) or with another one, nothing decrypts; with it, everything does.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app';
import { type Config, testDatabaseUrl } from '../../../server/src/config';
import { type Database, openPglite, openPostgres } from '../../../server/src/db';
import { migrate } from '../../../server/src/db/migrate';
import { activeProvider, api, tokenOf, type Provider } from '../billing/billing-fixtures';
import {
  type TestApp,
  createPostgresDatabase,
  injectFetch,
  secondApp,
  testConfig,
  usingPostgres,
} from '../helpers';
import { TEST_PGLITE_TEMPLATE } from './pgliteTemplate';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const kek = () => randomBytes(32).toString('base64');

let tmp: string;
const cleanup: (() => Promise<void>)[] = [];

/** A database that outlives its app: a PostgreSQL database of its own, or a PGlite folder. */
async function freshDatabase(name: string): Promise<{ db: Database; url?: string; dir?: string }> {
  const server = testDatabaseUrl();
  if (!server) {
    const dir = path.join(tmp, name);
    return { db: await openPglite(dir, { template: TEST_PGLITE_TEMPLATE }), dir };
  }
  const created = await createPostgresDatabase(server, `portal_drill_${name}`);
  cleanup.push(created.drop);
  return { db: await openPostgres(created.url, 3), url: created.url };
}

const KEY = kek();
let source: { db: Database; url?: string; dir?: string };
let config: Config;
let provider: Provider;
let keyId: string;
let chain: string;
let crPath: string;
let restored: { db: Database; url?: string; dir?: string };
let restoredDataDir: string;
/** When the restore ended, before any server started on it. */
let restoredOn: Date;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-'));
  source = await freshDatabase('source');
  await migrate(source.db);
  config = testConfig({ keyEncryptionKey: KEY });
  const t: TestApp = await secondApp(source.db, config, { stiPaFetch: injectFetch(() => t.app) });
  await t.app.ready();
  await t.services.jobs.start();
  provider = await activeProvider(t);
  const http = api(t, await tokenOf(t, provider));
  keyId = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
  const cert = await http.post('/api/service_provider/generate_sti_spc_cert', {
    ...STIPA,
    private_key_uuid: keyId,
  });
  expect(cert.json().success).toBe(true);
  crPath = new URL(cert.json().certificate.cr_path).pathname;
  chain = (await t.app.inject({ method: 'GET', url: crPath })).body;
  await t.services.jobs.stop();
  await t.close();

  // The backup, the documented way; the KEK is not in it (it came from KEY_ENCRYPTION_KEY).
  const backupDir = path.join(tmp, 'backup');
  fs.mkdirSync(backupDir);
  if (source.url) {
    execFileSync('pg_dump', [
      '--format=custom',
      '--no-unlogged-table-data',
      '--file',
      path.join(backupDir, 'portal.dump'),
      source.url,
    ]);
    await source.db.close();
  } else {
    await source.db.close();
    execFileSync('tar', ['-czf', path.join(backupDir, 'db.tar.gz'), '-C', source.dir!, '.']);
  }
  execFileSync('tar', ['-czf', path.join(backupDir, 'data.tar.gz'), '-C', config.dataDir, '.']);
  expect(fs.existsSync(path.join(config.dataDir, 'key-encryption-key'))).toBe(false);

  // The restore, on another database and data directory.
  restoredDataDir = path.join(tmp, 'restored-data');
  fs.mkdirSync(restoredDataDir);
  execFileSync('tar', ['-xzf', path.join(backupDir, 'data.tar.gz'), '-C', restoredDataDir]);
  if (source.url) {
    restored = await freshDatabase('restored');
    execFileSync('pg_restore', [
      '--no-owner',
      '--dbname',
      restored.url!,
      path.join(backupDir, 'portal.dump'),
    ]);
  } else {
    const dir = path.join(tmp, 'restored-db');
    fs.mkdirSync(dir);
    execFileSync('tar', ['-xzf', path.join(backupDir, 'db.tar.gz'), '-C', dir]);
    restored = { db: await openPglite(dir), dir };
  }
  restoredOn = new Date();
}, 120_000);

afterAll(async () => {
  await restored?.db.close();
  for (const c of cleanup) await c();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
});

/** The restored portal started with `keyEncryptionKey`; a copy of the restored data directory each time. */
async function startRestored(keyEncryptionKey: string | undefined): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'start-'));
  fs.cpSync(restoredDataDir, dataDir, { recursive: true });
  const t: TestApp = await secondApp(
    restored.db,
    { ...config, dataDir, keyEncryptionKey },
    { stiPaFetch: injectFetch(() => t.app) },
  );
  await t.app.ready();
  return t;
}

describe(`backup and restore (${usingPostgres ? 'pg_dump/pg_restore' : 'the PGlite folder'})`, () => {
  it('refuses to start without the key-encryption key, or with another one: the backup alone opens no key', async () => {
    for (const wrong of [undefined, kek()]) {
      const dataDir = fs.mkdtempSync(path.join(tmp, 'start-'));
      fs.cpSync(restoredDataDir, dataDir, { recursive: true });
      const start = buildApp({
        config: { ...config, dataDir, keyEncryptionKey: wrong },
        db: restored.db,
        logger: false,
      });
      await expect(start).rejects.toThrow(
        /does not open: .*could not be decrypted: the key-encryption key is not/,
      );
      // And on a portal that does start (a replica that never signs), the provider's key still does not decrypt.
      const t = await startRestored(wrong);
      try {
        const http = api(t, await tokenOf(t, provider));
        const key = await http.get(`/api/service_provider/sti_priv_key/file/${keyId}`);
        expect(key.statusCode).toBe(500);
        expect(key.body).not.toContain('PRIVATE KEY');
      } finally {
        await t.close();
      }
    }
  });

  it('starts with the key-encryption key: the provider’s key decrypts, its CR URL serves, the CA issues', async () => {
    const t = await startRestored(KEY);
    try {
      expect((await t.app.inject({ method: 'GET', url: crPath })).body).toBe(chain);
      const http = api(t, await tokenOf(t, provider));
      const key = await http.get(`/api/service_provider/sti_priv_key/file/${keyId}`);
      expect(key.statusCode).toBe(200);
      fs.writeFileSync(path.join(tmp, 'key.pem'), key.body);
      fs.writeFileSync(path.join(tmp, 'chain.pem'), chain);
      const pub = (args: string[]) => execFileSync('openssl', args, { cwd: tmp, encoding: 'utf8' });
      expect(pub(['pkey', '-in', 'key.pem', '-pubout'])).toBe(
        pub(['x509', '-in', 'chain.pem', '-noout', '-pubkey']),
      );
      // A new key (sealed under the KEK too) and a certificate on it: the CA's keys sign.
      const fresh = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
      const again = await http.post('/api/service_provider/generate_sti_spc_cert', {
        ...STIPA,
        private_key_uuid: fresh,
      });
      expect(again.json().success).toBe(true);
      // PostgreSQL: the spent ACME nonces were left out, so the restored portal started a new nonce epoch as it
      // started, before which every nonce is refused (PGlite's copy keeps them, as stopped)
      if (usingPostgres) {
        const [epoch] = await t.db.query<{ since: Date }>('SELECT since FROM acme_nonce_epoch');
        const since = new Date(epoch.since).getTime();
        expect(since).toBeGreaterThanOrEqual(restoredOn.getTime());
        const { newNonce, spendNonce } = await import('../../../server/src/acme/nonces');
        const nonceKey = t.services.acme.nonceKey;
        await expect(
          spendNonce(t.db, nonceKey, newNonce(nonceKey, new Date(restoredOn.getTime() - 1000)), new Date()),
        ).rejects.toThrow(/nonce/);
        await spendNonce(t.db, nonceKey, newNonce(nonceKey, new Date(since + 1)), new Date());
      }
    } finally {
      await t.close();
    }
  });
});
