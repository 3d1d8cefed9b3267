// A data directory and database of the previous release (schema up to 005, its CA with keyCertSign+cRLSign and no
// cRLIssuer, a provider certificate it issued, the STI-PA simulator's folder without a root key or CRL signer) start
// on this release: the CA migrates (a CRL signer, the intermediate's key certified anew), old CR URLs keep serving
// the old chain, old certificates keep their own CRL, and new ones follow ATIS-1000080 v005.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SoftwareKeyStore,
  X509Certificate,
  X509Crl,
  generateP256KeyPair,
  isLegacyIntermediate,
  loadKeyEncryptionKey,
  newSerial,
} from '../../../server/src/ca';
import { MIGRATIONS_DIR } from '../../../server/src/db/migrate';
import { migrate } from '../../../server/src/db/migrate';
import { simulatorKeyring } from '../../../server/src/integrations/stipa';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import {
  type TestApp,
  type TestDatabase,
  createTestDatabase,
  injectFetch,
  secondApp,
  testConfig,
} from '../helpers';
import { legacyHierarchy, legacyLeaf } from './legacy-ca';

const DAY = 86_400_000;
const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const OLD = { root: 'root-0a1b2c3d4e5f', intermediate: 'intermediate-0a1b2c3d4e5f' };

let tdb: TestDatabase;
let t: TestApp;
let tmp: string;
let config: ReturnType<typeof testConfig>;
let old: Awaited<ReturnType<typeof legacyHierarchy>>;
let provider: Provider;
let oldSerial: string;
let oldChain: string;

const openssl = (args: string[]) => {
  try {
    return execFileSync('openssl', args, { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
};

/** The previous release's schema: today's migrations up to 005. */
function previousMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-005-'));
  for (const f of fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^00[1-5]_/.test(f)))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  return dir;
}

/** Its CA rows, keys sealed under the data directory's KEK the way that release sealed them. */
async function previousCa(): Promise<void> {
  old = await legacyHierarchy(
    'STI-CA Portal',
    `${config.publicUrl}/crl/${OLD.root}.crl`,
    new Date(Date.now() - 30 * DAY),
  );
  const keys = new SoftwareKeyStore(
    loadKeyEncryptionKey({ dataDir: config.dataDir, log: { warn() {}, info() {} } }),
  );
  for (const [id, role, ca] of [
    [OLD.root, 'root', old.root],
    [OLD.intermediate, 'intermediate', old.intermediate],
  ] as const) {
    const sealed = await keys.importPkcs8OrSec1(id, ca.privateKeyPem);
    await tdb.db.query(
      `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_ref, key_store, is_current)
       VALUES ($1, $2, $3, $4, $5, 'software', true)`,
      [id, role, ca.certificatePem, ca.certificate.subject, sealed.ref],
    );
  }
  await keys.close();
}

/** The simulator folder as that release left it: root, token signer and its key; no root key, no CRL signer. */
async function previousSimulatorFolder(): Promise<void> {
  await simulatorKeyring(config.dataDir)();
  for (const f of ['root.key', 'crl.pem', 'crl.key']) fs.rmSync(path.join(config.dataDir, 'stipa-sim', f));
}

/** A certificate that release issued (CRL DP: its intermediate's own CRL, no cRLIssuer), as its row held it. */
async function previousCertificate(p: Provider): Promise<void> {
  const keys = await generateP256KeyPair();
  const spki = new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', keys.publicKey));
  const [key] = await tdb.db.query<{ id: string }>(
    `INSERT INTO private_keys (service_provider_id, key_ref, key_store, public_key_spki, origin)
     VALUES ($1, 'test:previous', 'software', $2, 'imported') RETURNING id`,
    [p.spId, Buffer.from(spki)],
  );
  oldSerial = newSerial();
  const notBefore = new Date(Math.floor((Date.now() - DAY) / 1000) * 1000);
  const notAfter = new Date(notBefore.getTime() + 200 * DAY);
  const leaf = await legacyLeaf({
    issuer: old.intermediate,
    serial: oldSerial,
    subjectPublicKey: keys.publicKey,
    notBefore,
    notAfter,
    crlUrl: `${config.publicUrl}/crl/${OLD.intermediate}.crl`,
  });
  oldChain = `${leaf.toString('pem').trim()}\n${old.intermediate.certificatePem.trim()}\n`;
  await tdb.db.query(
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
       not_before, not_after, certificate_der, chain_pem)
     VALUES ($1, $2, $3, $4, 'issued', '073K', $5, $6, $7, $8)`,
    [oldSerial, p.spId, key.id, OLD.intermediate, notBefore, notAfter, Buffer.from(leaf.rawData), oldChain],
  );
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-migration-'));
  config = testConfig();
  tdb = await createTestDatabase(previousMigrations());
  await previousCa();
  await previousSimulatorFolder();
  // This release starts: its migrations, then the CA bootstrap.
  await migrate(tdb.db);
  t = await secondApp(tdb.db, config, { stiPaFetch: injectFetch(() => t.app) });
  await t.app.ready();
  await t.services.jobs.start();
  provider = await activeProvider(t);
  await previousCertificate(provider);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await tdb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

describe("the previous release's data directory", () => {
  it('migrates the CA at start: a CRL signer, and the same intermediate key certified keyCertSign-only', async () => {
    const rows = await t.db.query<{ id: string; role: string; key_id: string | null; is_current: boolean }>(
      'SELECT id, role, key_id, is_current FROM ca_issuers ORDER BY created_on, id',
    );
    const current = rows.filter((r) => r.is_current);
    expect(current.map((r) => r.role).sort()).toEqual([
      'crl',
      'delegate-intermediate',
      'intermediate',
      'root',
    ]);
    expect(current.find((r) => r.role === 'root')!.id).toBe(OLD.root);
    const inter = current.find((r) => r.role === 'intermediate')!;
    expect(inter.id).not.toBe(OLD.intermediate);
    expect(inter.key_id).toBe(OLD.intermediate);
    const now = t.services.ca.intermediate.certificate;
    expect(isLegacyIntermediate(now)).toBe(false);
    expect(now.subject).toBe(old.intermediate.certificate.subject);
    expect(Buffer.from(now.publicKey.rawData)).toEqual(
      Buffer.from(old.intermediate.certificate.publicKey.rawData),
    );

    // A second start finds nothing to migrate.
    const again = await secondApp(tdb.db, config);
    try {
      expect(again.services.ca.intermediate.id).toBe(inter.id);
      expect(await t.db.query('SELECT id FROM ca_issuers')).toHaveLength(rows.length);
    } finally {
      await again.close();
    }
  });

  it('keeps serving the old CR URL, whose chain verifies as before and through the new intermediate', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/cr/${oldSerial}.pem` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(oldChain);
    const [leafPem] = oldChain.split(/(?=-----BEGIN CERTIFICATE-----)/);
    fs.writeFileSync(path.join(tmp, 'leaf.pem'), leafPem);
    fs.writeFileSync(path.join(tmp, 'root.pem'), old.root.certificatePem);
    fs.writeFileSync(path.join(tmp, 'old-int.pem'), old.intermediate.certificatePem);
    fs.writeFileSync(path.join(tmp, 'new-int.pem'), t.services.ca.intermediate.pem);
    for (const inter of ['old-int.pem', 'new-int.pem'])
      expect(openssl(['verify', '-CAfile', 'root.pem', '-untrusted', inter, 'leaf.pem']).trim()).toBe(
        'leaf.pem: OK',
      );
  });

  it('keeps the old certificate on its own CRL, signed by the old intermediate, and reports its revocation', async () => {
    const http = api(t, await tokenOf(t, provider));
    const revoked = await http.post(`/api/service_provider/revoke_sti_spc_cert/${oldSerial}`, {
      reason: 'key_compromise',
    });
    expect(revoked.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/crl/${OLD.intermediate}.crl` });
    expect(res.statusCode).toBe(200);
    const crl = new X509Crl(new Uint8Array(res.rawPayload));
    expect(await crl.verify({ publicKey: old.intermediate.certificate.publicKey })).toBe(true);
    expect(crl.findRevoked(oldSerial)).not.toBeNull();
    fs.writeFileSync(path.join(tmp, 'crl.der'), res.rawPayload);
    openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-out', 'crl.pem']);
    expect(
      openssl([
        'verify',
        '-crl_check',
        '-CAfile',
        'root.pem',
        '-untrusted',
        'old-int.pem',
        '-CRLfile',
        'crl.pem',
        'leaf.pem',
      ]),
    ).toMatch(/certificate revoked/);
    // The STI-PA's SHAKEN CRL lists it too, under its issuer's name.
    const shaken = await t.app.inject({ method: 'GET', url: '/stipa-sim/api/v1/crl/shaken.crl' });
    expect(new X509Crl(new Uint8Array(shaken.rawPayload)).findRevoked(oldSerial)).not.toBeNull();
  });

  it('issues new certificates under the migrated intermediate, pointing at the STI-PA CRL with cRLIssuer', async () => {
    const http = api(t, await tokenOf(t, provider));
    const key = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
    const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
      ...STIPA,
      private_key_uuid: key,
    });
    expect(res.json().success).toBe(true);
    const chain = await t.app.inject({
      method: 'GET',
      url: new URL(res.json().certificate.cr_path).pathname,
    });
    const [leafPem, interPem] = chain.body.split(/(?=-----BEGIN CERTIFICATE-----)/);
    expect(new X509Certificate(interPem).equal(t.services.ca.intermediate.certificate)).toBe(true);
    const text = execFileSync('openssl', ['x509', '-noout', '-text'], { input: leafPem, encoding: 'utf8' });
    expect(text).toContain(`${config.publicUrl}/stipa-sim/api/v1/crl/shaken.crl`);
    expect(text).toMatch(/CRL Issuer:\s+DirName:.*STI-PA SIM SHAKEN CRL/);
  });
});
