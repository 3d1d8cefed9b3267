// Publishing to a directory origin (PUBLISH_DIR): an issued certificate's CR answer and a re-signed CRL are
// written there by the job queue with exactly the bytes the portal answers, idempotently; the rebuild writes the
// whole tree from the database; without PUBLISH_DIR nothing is queued and the routes answer as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportedCa } from '../../../server/src/ca';
import { DirectoryOrigin } from '../../../server/src/publishing/directory';
import { publishCr, removeExpired } from '../../../server/src/publishing/jobs';
import { rebuildTree } from '../../../server/src/publishing/rebuild';
import { createServices } from '../../../server/src/services';
import { createJobQueue } from '../../../server/src/jobs/pgBoss';
import {
  type TestApp,
  captureLog,
  createTestApp,
  createTestDatabase,
  injectFetch,
  testConfig,
} from '../helpers';
import { legacyHierarchy } from '../ca/legacy-ca';
import { addLegacyCertificate, addLegacyIssuer, eventually, issueThroughApi } from './publishing-fixtures';

const ISSUER = 'pub-int';

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
    await addLegacyIssuer(t, ISSUER, ca);
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
    const leafSerial = await addLegacyCertificate(t, ISSUER, ca, serial);
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

describe('a CRL signed while the server starts, before its job queue runs', () => {
  it('is left to the publish run at start: no error is logged, nothing is lost', async () => {
    const publishDir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-start-'));
    const ca = await legacyHierarchy('Start STI-CA', 'http://portal.test/crl/start-root.crl');
    const { db, drop } = await createTestDatabase();
    const { log, lines } = captureLog();
    const jobs = createJobQueue(db, { log, pollingIntervalSeconds: 1, stopTimeoutMs: 2_000 });
    const services = await createServices({
      config: testConfig({ publishDir }),
      db,
      jobs,
      log,
      crlIssuers: [{ id: ISSUER, certificate: ca.intermediate.certificate, signer: ca.intermediate.signer }],
    });
    try {
      await addLegacyIssuer({ db } as TestApp, ISSUER, ca);
      await services.repository.crl.issue(ISSUER);
      expect(lines.filter((l) => l.level === 'error').map((l) => l.args)).toEqual([]);
      // the publish run at start writes it
      await rebuildTree({ db, now: () => new Date(), origin: new DirectoryOrigin(publishDir) });
      expect(fs.existsSync(path.join(publishDir, 'crl', `${ISSUER}.crl`))).toBe(true);
    } finally {
      await services.close();
      await drop();
      fs.rmSync(publishDir, { recursive: true, force: true });
    }
  }, 60_000);
});
