// Publishing to a directory origin (PUBLISH_DIR): an issued certificate's CR answer and a re-signed CRL are
// written there by the job queue with exactly the bytes the portal answers, idempotently; the rebuild writes the
// whole tree from the database; without PUBLISH_DIR nothing is queued and the routes answer as before.
import { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainToPem, type ExportedCa, generateP256KeyPair, newSerial } from '../../../server/src/ca';
import { DirectoryOrigin } from '../../../server/src/publishing/directory';
import { publishCr, removeExpired } from '../../../server/src/publishing/jobs';
import { rebuildTree } from '../../../server/src/publishing/rebuild';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { legacyHierarchy, legacyLeaf } from '../ca/legacy-ca';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const ISSUER = 'pub-int';
const DAY = 86_400_000;

/** Polls `read` until it answers something other than undefined (a job ran), or fails after `ms`. */
async function eventually<T>(read: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the job did not publish in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const fileIf = (file: string, expected?: Buffer) => {
  if (!fs.existsSync(file)) return undefined;
  const bytes = fs.readFileSync(file);
  return expected === undefined || bytes.equals(expected) ? bytes : undefined;
};

/** Every file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function issueThroughApi(t: TestApp) {
  const http = api(t, await tokenOf(t, await activeProvider(t)));
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    ...STIPA,
    private_key_uuid: key.json().priv_key_uuid,
  });
  expect(res.json().success).toBe(true);
  return { http, serial: res.json().certificate.serial_number as string };
}

describe('with PUBLISH_DIR', () => {
  let t: TestApp;
  let publishDir: string;
  let ca: { root: ExportedCa; intermediate: ExportedCa };

  beforeAll(async () => {
    publishDir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-test-'));
    ca = await legacyHierarchy('Publish STI-CA', 'http://portal.test/crl/pub-root.crl');
    t = await createTestApp({
      config: { publishDir },
      stiPaFetch: injectFetch(() => t.app),
      crlIssuers: [{ id: ISSUER, certificate: ca.intermediate.certificate, signer: ca.intermediate.signer }],
    });
    await t.db.query(
      `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_ref, key_store, is_current)
       VALUES ($1, 'intermediate', $2, $3, 'test:in-memory', 'software', false)`,
      [ISSUER, ca.intermediate.certificatePem, ca.intermediate.certificate.subject],
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(publishDir, { recursive: true, force: true });
  });

  let serial: string;
  let http: Awaited<ReturnType<typeof issueThroughApi>>['http'];

  it("writes an issued certificate's CR answer, byte for byte what GET /cr/<serial>.pem answers", async () => {
    ({ serial, http } = await issueThroughApi(t));
    const res = await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` });
    expect(res.statusCode).toBe(200);
    const file = path.join(publishDir, 'cr', `${serial}.pem`);
    const written = await eventually(() => fileIf(file));
    expect(written.equals(res.rawPayload)).toBe(true);
    expect(written.toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it("republishes the issuer's CRL after a revocation, byte for byte what GET /crl/<issuer>.crl answers", async () => {
    // A certificate of an issuer whose CRL this app signs (an earlier release's intermediate), owned by the provider.
    const [owner] = await t.db.query<{ service_provider_id: string }>(
      'SELECT service_provider_id FROM certificates WHERE serial_number = $1',
      [serial],
    );
    const leafSerial = newSerial();
    const keys = await generateP256KeyPair();
    const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', keys.publicKey));
    const [key] = await t.db.query<{ id: string }>(
      `INSERT INTO private_keys (service_provider_id, key_ref, key_store, public_key_spki, origin)
       VALUES ($1, 'test:key', 'software', $2, 'generated') RETURNING id`,
      [owner.service_provider_id, Buffer.from(spki)],
    );
    const notAfter = new Date(Math.floor((Date.now() + 90 * DAY) / 1000) * 1000);
    const leaf = await legacyLeaf({
      subjectPublicKey: keys.publicKey,
      serial: leafSerial,
      notBefore: new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000),
      notAfter,
      issuer: { certificate: ca.intermediate.certificate, signer: ca.intermediate.signer },
      crlUrl: `${t.config.publicUrl}/crl/${ISSUER}.crl`,
    });
    await t.db.query(
      `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
         not_before, not_after, certificate_der, chain_pem)
       VALUES ($1, $2, $3, $4, 'issued', '073K', $5, $6, $7, $8)`,
      [
        leafSerial,
        owner.service_provider_id,
        key.id,
        ISSUER,
        leaf.notBefore,
        leaf.notAfter,
        Buffer.from(leaf.rawData),
        chainToPem([leaf, ca.intermediate.certificate]),
      ],
    );
    const before = (await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` })).rawPayload;
    const revoke = await http.post(`/api/service_provider/revoke_sti_spc_cert/${leafSerial}`, {
      reason: 'key_compromise',
    });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before)).toBe(false);
    const file = path.join(publishDir, 'crl', `${ISSUER}.crl`);
    const written = await eventually(() => fileIf(file, after.rawPayload));
    expect(written.equals(after.rawPayload)).toBe(true);
    // The file's time is the CRL's thisUpdate: what nginx answers as Last-Modified is the portal's.
    expect(fs.statSync(file).mtime.toUTCString()).toBe(after.headers['last-modified']);
  });

  it('publishes idempotently: the same bytes again write nothing, and no temporary file is left', async () => {
    const origin = new DirectoryOrigin(publishDir);
    const file = path.join(publishDir, 'cr', `${serial}.pem`);
    const first = fs.statSync(file);
    const deps = { db: t.db, now: () => new Date(), origin };
    expect(await publishCr(deps, serial)).toBe(false);
    expect(await publishCr(deps, serial)).toBe(false);
    const again = fs.statSync(file);
    expect(again.ino).toBe(first.ino);
    expect(again.mtimeMs).toBe(first.mtimeMs);
    expect(tree(publishDir).filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
    // A changed file is replaced by a new one (renamed over it), never rewritten in place.
    fs.writeFileSync(file, 'stale');
    const stale = fs.statSync(file).ino;
    expect(await publishCr(deps, serial)).toBe(true);
    expect(fs.statSync(file).ino).not.toBe(stale);
    expect(fs.readFileSync(file).toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(() => origin.fileOf('../escape.pem')).toThrow(/not an object key/);
    expect(() => origin.fileOf('cr/.hidden.pem')).toThrow(/not an object key/);
  });

  it('rebuilds the whole tree from the database into an empty folder, in pages', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-rebuild-'));
    try {
      const pages: number[] = [];
      const result = await rebuildTree(
        { db: t.db, now: () => new Date(), origin: new DirectoryOrigin(empty) },
        { pageSize: 1, onPage: (n) => pages.push(n) },
      );
      const [{ n }] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM certificates WHERE status IN ('issued', 'revoked') AND not_after > now()`,
      );
      const issuers = await t.db.query<{ issuer_id: string }>(
        'SELECT DISTINCT issuer_id FROM crls ORDER BY 1',
      );
      expect(result).toMatchObject({ certificates: n, crls: issuers.length, unchanged: 0 });
      expect(result.written).toBe(n + issuers.length);
      expect(pages.length).toBeGreaterThanOrEqual(n - 1);
      const files = tree(empty);
      expect(files).toHaveLength(result.written);
      for (const f of files) {
        const res = await t.app.inject({ method: 'GET', url: `/${f}` });
        expect(res.statusCode, f).toBe(200);
        expect(fs.readFileSync(path.join(empty, f)).equals(res.rawPayload), f).toBe(true);
      }
      const again = await rebuildTree({
        db: t.db,
        now: () => new Date(),
        origin: new DirectoryOrigin(empty),
      });
      expect(again).toMatchObject({ written: 0, unchanged: result.written });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the daily removal of expired chains', () => {
  it('removes the object of a certificate that expired, as the portal stops serving it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-expired-'));
    const t = await createTestApp({ config: { publishDir: dir }, stiPaFetch: injectFetch(() => t.app) });
    try {
      const { serial } = await issueThroughApi(t);
      const file = path.join(dir, 'cr', `${serial}.pem`);
      await eventually(() => fileIf(file));
      const deps = { db: t.db, now: () => new Date(), origin: new DirectoryOrigin(dir) };
      expect(await removeExpired(deps)).toBe(0);
      expect(fs.existsSync(file)).toBe(true);
      await t.db.query(
        `UPDATE certificates SET not_before = now() - interval '2 days', not_after = now() - interval '1 hour'
          WHERE serial_number = $1`,
        [serial],
      );
      expect(await removeExpired(deps)).toBe(1);
      expect(fs.existsSync(file)).toBe(false);
      // A publish-cr of it now removes rather than writes.
      expect(await publishCr(deps, serial)).toBe(false);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('without PUBLISH_DIR', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('queues no publishing and the portal answers /cr/ and /crl/ itself', async () => {
    expect(t.config.publishDir).toBeUndefined();
    const { serial } = await issueThroughApi(t);
    const cr = await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` });
    expect(cr.statusCode).toBe(200);
    expect(cr.headers['content-type']).toBe('application/pem-certificate-chain');
    const [{ id }] = await t.db.query<{ id: string }>('SELECT issuer_id AS id FROM crls LIMIT 1');
    const crl = await t.app.inject({ method: 'GET', url: `/crl/${id}.crl` });
    expect(crl.statusCode).toBe(200);
    expect(crl.headers['content-type']).toBe('application/pkix-crl');
    const jobs = await t.db.query("SELECT 1 FROM pgboss.job WHERE name LIKE 'publish-%'");
    expect(jobs).toEqual([]);
  });
});
