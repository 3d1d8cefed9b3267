// Issuances a crash interrupted: a row left 'pending' is settled by recovery (at start, and every minute by a job),
// completed from the certificate it kept once signed, or marked failed with its cause. Its serial is never reused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_RECOVERY_JOB,
  NOT_SIGNED_CAUSE,
  PENDING_GRACE_MS,
  recoverPendingCertificates,
} from '../../../server/src/certificates/recovery';
import { newSerial } from '../../../server/src/ca';
import * as store from '../../../server/src/certificates/store';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let p: Provider;
let http: ReturnType<typeof api>;
let keyId: string;

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  p = await activeProvider(t);
  http = api(t, await tokenOf(t, p));
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  expect(key.statusCode).toBe(201);
  keyId = key.json().priv_key_uuid;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A key of its own for each issuance: a key with a valid certificate gets no second one. */
async function newKey(): Promise<string> {
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  expect(key.statusCode).toBe(201);
  return key.json().priv_key_uuid;
}

async function issue(): Promise<{ serial_number: string; id: string }> {
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    ...STIPA,
    private_key_uuid: await newKey(),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().certificate;
}

const row = async (serial: string) =>
  (
    await t.db.query<{ status: string; failure_cause: string | null; certificate_der: Buffer | null }>(
      'SELECT status, failure_cause, certificate_der FROM certificates WHERE serial_number = $1',
      [serial],
    )
  )[0];

const auditOf = (serial: string) =>
  t.db.query<{ action: string; actor_email: string; detail: string }>(
    'SELECT action, actor_email, detail FROM audit_log WHERE subject = $1 ORDER BY id',
    [serial],
  );

const past = () => new Date(Date.now() - PENDING_GRACE_MS - 60_000);

/** The row a crash before the signature leaves: the intent with its serial, nothing signed. */
async function crashedBeforeSigning(createdOn = past()): Promise<string> {
  const serial = newSerial();
  const [ca] = await t.db.query<{ id: string }>(
    `SELECT id FROM ca_issuers WHERE role = 'intermediate' AND is_current`,
  );
  await store.insertPendingCertificate(t.db, {
    serial,
    spId: p.spId,
    keyId,
    issuerId: ca.id,
    spc: await ocn(),
    notBefore: new Date(),
    notAfter: new Date(Date.now() + 86_400_000),
    replacesId: null,
    revokeOld: null,
    now: createdOn,
  });
  return serial;
}

async function ocn(): Promise<string> {
  const [r] = await t.db.query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [p.spId]);
  return r.ocn.toUpperCase();
}

/**
 * The row a crash after the signature leaves: the signed certificate kept on a pending row. Made from a real
 * issuance whose last step (pending → issued) is undone, with its age set past the grace period.
 */
async function crashedAfterSigning(extra: { replacesId?: string; revokeOld?: string } = {}) {
  const cert = await issue();
  await t.db.query(
    `UPDATE certificates SET status = 'pending', created_on = $2, replaces_id = $3, renewal_revoke_old = $4
      WHERE serial_number = $1`,
    [cert.serial_number, past(), extra.replacesId ?? null, extra.revokeOld ?? null],
  );
  return cert;
}

describe('recovery of interrupted issuances', () => {
  it('marks a pending row never signed as failed with its cause, and a new issuance gets a new serial', async () => {
    const serial = await crashedBeforeSigning();
    const fresh = await crashedBeforeSigning(new Date()); // still within the grace period: an issuance running
    const result = await recoverPendingCertificates(t.services.certificates);
    expect(result.failed).toContain(serial);
    expect(result.failed).not.toContain(fresh);
    expect(await row(serial)).toMatchObject({ status: 'failed', failure_cause: NOT_SIGNED_CAUSE });
    expect((await row(fresh)).status).toBe('pending');
    // The key's list shows it as failed, not as a certificate still being created.
    const list = await http.get(`/api/service_provider/sti_spc_cert/last/${keyId}`);
    expect(list.statusCode).toBe(200);
    const shown = (list.json() as { serial_number: string; status: string; cr_path: string }[]).find(
      (c) => c.serial_number === serial,
    );
    expect(shown).toMatchObject({ status: 'failed', cr_path: 'not created' });
    // A second run leaves it as it is; nothing is pending past the grace period any more.
    const again = await recoverPendingCertificates(t.services.certificates);
    expect(again.failed).not.toContain(serial);
    const next = await issue();
    expect(next.serial_number).not.toBe(serial);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM certificates WHERE serial_number = $1',
      [serial],
    );
    expect(n).toBe(1);
    await t.db.query(`UPDATE certificates SET status = 'failed' WHERE serial_number = $1`, [fresh]);
  });

  it('completes a pending row whose certificate was signed and kept: issued, published, audited', async () => {
    const cert = await crashedAfterSigning();
    const before = (await row(cert.serial_number)).certificate_der!;
    const result = await recoverPendingCertificates(t.services.certificates);
    expect(result.completed).toEqual([cert.serial_number]);
    const after = await row(cert.serial_number);
    expect(after.status).toBe('issued');
    expect(Buffer.from(after.certificate_der!).equals(Buffer.from(before))).toBe(true);
    const audit = await auditOf(cert.serial_number);
    expect(audit.at(-1)).toMatchObject({
      action: 'certificate.issued',
      actor_email: 'system',
      detail: expect.stringContaining('completed by recovery'),
    });
    const cr = await t.app.inject({ method: 'GET', url: `/cr/${cert.serial_number}.pem` });
    expect(cr.statusCode).toBe(200);
  });

  it('completes an interrupted renewal as it asked: the old certificate is revoked as superseded', async () => {
    const old = await issue();
    const renewed = await crashedAfterSigning({ replacesId: old.id, revokeOld: 'now' });
    const result = await recoverPendingCertificates(t.services.certificates);
    expect(result.completed).toEqual([renewed.serial_number]);
    expect((await row(renewed.serial_number)).status).toBe('issued');
    const [o] = await t.db.query<{ status: string; revocation_reason: string }>(
      'SELECT status, revocation_reason FROM certificates WHERE id = $1',
      [old.id],
    );
    expect(o).toEqual({ status: 'revoked', revocation_reason: 'superseded' });
    const audit = await auditOf(old.serial_number);
    expect(audit.map((a) => a.action)).toEqual([
      'certificate.issued',
      'certificate.renewed',
      'certificate.revoked',
    ]);
  });

  it('an issuance settled by recovery while it signed answers issuance_failed, never success', async () => {
    const leaf = t.services.certificates.ca.leafIssuer;
    const issueOriginal = leaf.issue.bind(leaf);
    // Recovery runs (on another server, later) while this issuance is inside the issuer.
    leaf.issue = async (...args) => {
      await recoverPendingCertificates({
        ...t.services.certificates,
        now: () => new Date(Date.now() + PENDING_GRACE_MS + 1_000),
      });
      return issueOriginal(...args);
    };
    const fresh = await newKey();
    try {
      const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
        ...STIPA,
        private_key_uuid: fresh,
      });
      expect(res.json()).toEqual({ success: false, error_cause: 'issuance_failed' });
    } finally {
      leaf.issue = issueOriginal;
    }
    const [last] = await t.db.query<{
      status: string;
      failure_cause: string;
      certificate_der: Buffer | null;
    }>(`SELECT status, failure_cause, certificate_der FROM certificates ORDER BY created_on DESC LIMIT 1`);
    expect(last).toEqual({ status: 'failed', failure_cause: NOT_SIGNED_CAUSE, certificate_der: null });
  });

  it('runs as a job on the queue, like every minute and at start', async () => {
    const serial = await crashedBeforeSigning();
    await t.services.jobs.send(CERTIFICATE_RECOVERY_JOB, {});
    const deadline = Date.now() + 10_000;
    while ((await row(serial)).status === 'pending' && Date.now() < deadline) await sleep(50);
    expect((await row(serial)).status).toBe('failed');
  });
});
