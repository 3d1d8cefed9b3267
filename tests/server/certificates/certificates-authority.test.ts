// The CA's root and intermediate: created once (also when two starts race), loaded later, imported from CA_DIR.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateAuthority } from '../../../server/src/authority';
import {
  AuthorityError,
  createCaHierarchy,
  type KeyHandle,
  lintShakenCaCertificate,
  type Signer,
  SoftwareKeyStore,
} from '../../../server/src/ca';
import { X509Certificate } from '../../../server/src/ca/x509';
import { type TestDatabase, createTestApp, createTestDatabase } from '../helpers';

const log = { info: () => undefined, warn: () => undefined };
const config = { publicUrl: 'http://portal.test', certPolicyOid: '2.16.840.1.114569.1.1.4' };
let tdb: TestDatabase;
let kek: Buffer;

beforeEach(async () => {
  tdb = await createTestDatabase();
  kek = randomBytes(32);
});
afterEach(async () => {
  await tdb.drop();
});

/** A CA_DIR as an operator hands it over: the root's certificate, the intermediate's certificate and key. */
async function operatorCaDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-dir-'));
  const made = await createCaHierarchy({
    organization: 'Operator Inc',
    crlUrl: 'http://portal.test/crl/root.crl',
    policyOid: config.certPolicyOid,
  });
  fs.writeFileSync(path.join(dir, 'root.pem'), made.root.certificatePem);
  fs.writeFileSync(path.join(dir, 'intermediate.pem'), made.intermediate.certificatePem);
  fs.writeFileSync(path.join(dir, 'intermediate.key'), made.intermediate.privateKeyPem);
  return { dir, made };
}

const load = (extra: Partial<typeof config & { caDir: string; crlUrl: string }> = {}, key = kek) =>
  loadOrCreateAuthority({
    db: tdb.db,
    config: { ...config, ...extra },
    keys: new SoftwareKeyStore(key),
    log,
    now: () => new Date(),
  });

describe('loadOrCreateAuthority', () => {
  it('creates one hierarchy even when two starts race, and loads it afterwards', async () => {
    const [a, b] = await Promise.all([load(), load()]);
    expect(a.intermediate.id).toBe(b.intermediate.id);
    const rows = await tdb.db.query<{
      role: string;
      key_ref: string;
      key_store: string;
      certificate_pem: string;
    }>('SELECT role, key_ref, key_store, certificate_pem FROM ca_issuers');
    expect(rows.map((r) => r.role).sort()).toEqual(['crl', 'delegate-intermediate', 'intermediate', 'root']);
    for (const r of rows) {
      expect(r.key_store).toBe('software');
      expect(r.key_ref).not.toContain('PRIVATE KEY');
    }

    const root = new X509Certificate(a.root.pem);
    expect(root.subject).toContain('SHAKEN ROOT CA');
    expect(a.intermediate.certificate.subject).toContain('SHAKEN Intermediate CA');
    const errors = (f: ReturnType<typeof lintShakenCaCertificate>) => f.filter((x) => x.severity === 'error');
    expect(errors(lintShakenCaCertificate(root, { role: 'root' }))).toEqual([]);
    expect(
      errors(
        lintShakenCaCertificate(a.intermediate.certificate, {
          role: 'intermediate',
          issuer: root,
          policyOid: config.certPolicyOid,
        }),
      ),
    ).toEqual([]);
    // The CRL signer (cRLSign only) signs the CA's one CRL, an indirect one; neither root nor intermediate signs any.
    expect(a.crlSigners.map((s) => [s.id.replace(/-.*/, ''), s.indirect])).toEqual([['crl', true]]);
    expect(a.crlUrl('x')).toBe('http://portal.test/crl/x.crl');

    const again = await load();
    expect(again.intermediate.id).toBe(a.intermediate.id);
    expect(again.intermediate.pem).toBe(a.intermediate.pem);
    const data = new TextEncoder().encode('hello');
    const sig = await again.intermediate.signer.sign(data);
    expect(sig.byteLength).toBe(64);

    // Another KEK cannot open the stored key: loading works (no key needed), signing is refused.
    const wrongKek = await load({}, randomBytes(32));
    await expect(wrongKek.intermediate.signer.sign(data)).rejects.toThrow(/could not be decrypted/);
  });

  it('refuses a hierarchy whose signatures do not verify, and destroys the keys it made for it', async () => {
    // A device that returns wrong signatures (as a faulty HSM could): nothing may be stored or left behind.
    class FaultyStore extends SoftwareKeyStore {
      readonly destroyed: string[] = [];
      override async signer(key: KeyHandle): Promise<Signer> {
        const good = await super.signer(key);
        return {
          algorithm: good.algorithm,
          publicKey: good.publicKey,
          async sign(data) {
            const signature = new Uint8Array(await good.sign(data));
            signature[40] ^= 0x01;
            return signature;
          },
        };
      }
      override async destroy(key: KeyHandle): Promise<void> {
        this.destroyed.push(key.id);
        await super.destroy(key);
      }
    }
    const keys = new FaultyStore(kek);
    await expect(
      loadOrCreateAuthority({ db: tdb.db, config, keys, log, now: () => new Date() }),
    ).rejects.toThrow(/root CA certificate fails the SHAKEN rules: signature/);
    // The root is checked before any other key is made.
    expect(keys.destroyed).toEqual([expect.stringMatching(/^root-/)]);
    expect(await tdb.db.query('SELECT id FROM ca_issuers')).toEqual([]);
  });

  it('imports CA_DIR (intermediate.pem, intermediate.key, root.pem) instead of generating', async () => {
    const { dir, made } = await operatorCaDir();
    try {
      const ca = await load({ caDir: dir });
      expect(ca.intermediate.certificate.equal(made.intermediate.certificate)).toBe(true);
      expect(new X509Certificate(ca.root.pem).equal(made.root.certificate)).toBe(true);
      const [row] = await tdb.db.query<{ key_ref: string }>(
        `SELECT key_ref FROM ca_issuers WHERE role = 'intermediate' AND is_current`,
      );
      expect(row.key_ref).not.toContain(made.intermediate.privateKeyPem.split('\n')[1]);
      // A second start with the same CA_DIR keeps it.
      expect((await load({ caDir: dir })).intermediate.id).toBe(ca.intermediate.id);

      // A key that does not belong to the certificate is refused.
      fs.writeFileSync(path.join(dir, 'intermediate.key'), made.root.privateKeyPem);
      const other = await createCaHierarchy({
        organization: 'Other',
        crlUrl: 'http://portal.test/crl/r.crl',
        policyOid: config.certPolicyOid,
      });
      fs.writeFileSync(path.join(dir, 'intermediate.pem'), other.intermediate.certificatePem);
      fs.writeFileSync(path.join(dir, 'root.pem'), other.root.certificatePem);
      await expect(load({ caDir: dir })).rejects.toBeInstanceOf(AuthorityError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an app on an imported CA (CA_DIR: the root key stays with its operator)', () => {
  it('signs no CRL for an imported CA: its intermediate is keyCertSign only, its root key is not held', async () => {
    const { dir } = await operatorCaDir();
    const t = await createTestApp({ config: { caDir: dir } });
    try {
      const { root, intermediate } = t.services.ca;
      expect([root.holdsKey, intermediate.holdsKey]).toEqual([false, true]);
      expect(t.services.ca.crlSigners).toEqual([]);
      expect(await t.services.crl.refresh()).toEqual([]);
      for (const id of [root.id, intermediate.id]) {
        expect((await t.app.inject({ method: 'GET', url: `/crl/${id}.crl` })).statusCode).toBe(404);
      }
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
