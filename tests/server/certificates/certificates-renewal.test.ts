// Renewal overlaps (docs/operations.md, Revocation model): the replaced certificate stays valid unless the provider asks to
// revoke it, now or after RENEWAL_REVOKE_DELAY_SECONDS (3 s here) by a job; the list says which is current.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_SCHEDULED_REVOCATION_JOB,
  revokeScheduled,
} from '../../../server/src/certificates/revocation';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';

const DELAY_SECONDS = 3;
const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

let t: TestApp;
let p: Provider;
let http: ReturnType<typeof api>;

interface Row {
  id: string;
  status: string;
  revocation_reason: string | null;
  revoked_on: Date | null;
  revocation_scheduled_on: Date | null;
}

interface Listed {
  serial_number: string;
  status: string;
  replaced_by: string | null;
  is_current: boolean;
  revoked_on: string | null;
  revocation_reason: string | null;
  revocation_scheduled_on: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(200);
  }
}

async function row(serial: string): Promise<Row> {
  const [r] = await t.db.query<Row>(
    `SELECT id, status, revocation_reason, revoked_on, revocation_scheduled_on
       FROM certificates WHERE serial_number = $1`,
    [serial],
  );
  return r;
}

async function auditOf(serial: string) {
  return t.db.query<{
    action: string;
    actor_account_id: string | null;
    actor_email: string | null;
    detail: string;
  }>('SELECT action, actor_account_id, actor_email, detail FROM audit_log WHERE subject = $1 ORDER BY id', [
    serial,
  ]);
}

/** The state of the scheduled revocation job of a certificate, wherever pg-boss keeps it. */
async function jobOf(certificateId: string) {
  const rows = await t.db.query<{ state: string; start_after: Date }>(
    `SELECT state, start_after FROM pgboss.job WHERE name = $1 AND data->>'certificateId' = $2
     UNION ALL
     SELECT state, start_after FROM pgboss.archive WHERE name = $1 AND data->>'certificateId' = $2`,
    [CERTIFICATE_SCHEDULED_REVOCATION_JOB, certificateId],
  );
  return rows[0];
}

async function list(keyId: string): Promise<Listed[]> {
  const res = await http.get(`/api/service_provider/sti_spc_cert/last/${keyId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A new key with a new certificate: its key id and serial. */
async function issued(): Promise<{ keyId: string; serial: string }> {
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  const keyId = key.json().priv_key_uuid as string;
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    ...STIPA,
    private_key_uuid: keyId,
  });
  expect(res.json().success).toBe(true);
  return { keyId, serial: res.json().certificate.serial_number as string };
}

async function renew(serial: string, extra: Record<string, unknown> = {}) {
  const res = await http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, { ...STIPA, ...extra });
  expect(res.statusCode).toBe(200);
  const answer = res.json();
  expect(answer.success).toBe(true);
  return answer.certificate as Listed & { id: string };
}

beforeAll(async () => {
  t = await createTestApp({
    stiPaFetch: injectFetch(() => t.app),
    config: { renewalRevokeDelaySeconds: DELAY_SECONDS },
  });
  p = await activeProvider(t);
  http = api(t, await tokenOf(t, p));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('renewal: what becomes of the old certificate', () => {
  it('keeps it valid by default; the list marks the new one current and the old one replaced', async () => {
    const { keyId, serial } = await issued();
    const renewed = await renew(serial);
    expect(renewed).toMatchObject({ is_current: true, replaced_by: null, revocation_scheduled_on: null });
    expect(await row(serial)).toMatchObject({
      status: 'issued',
      revoked_on: null,
      revocation_scheduled_on: null,
    });
    const [first, second] = await list(keyId);
    // the renew answer is what the list says of the new certificate
    expect(first).toEqual(renewed);
    expect(second).toMatchObject({
      serial_number: serial,
      status: 'issued',
      replaced_by: renewed.serial_number,
      is_current: false,
      revocation_scheduled_on: null,
    });
    expect((await auditOf(serial)).map((a) => a.action)).toEqual([
      'certificate.issued',
      'certificate.renewed',
    ]);
    // 'keep' said explicitly is the same
    const again = await renew(renewed.serial_number, { revoke_old: 'keep' });
    expect((await row(renewed.serial_number)).status).toBe('issued');
    const now = await list(keyId);
    expect(now.filter((c) => c.is_current).map((c) => c.serial_number)).toEqual([again.serial_number]);
  });

  it('revokes it now as superseded, audited by the provider', async () => {
    const { keyId, serial } = await issued();
    const renewed = await renew(serial, { revoke_old: 'now' });
    expect(await row(serial)).toMatchObject({ status: 'revoked', revocation_reason: 'superseded' });
    const old = (await list(keyId)).find((c) => c.serial_number === serial)!;
    expect(old).toMatchObject({ status: 'revoked', is_current: false, replaced_by: renewed.serial_number });
    const audit = await auditOf(serial);
    expect(audit.map((a) => a.action)).toEqual([
      'certificate.issued',
      'certificate.renewed',
      'certificate.revoked',
    ]);
    expect(audit[2]).toMatchObject({ actor_email: p.email, detail: 'superseded' });
  });

  it('schedules it in_24_hours, and the job revokes it when the delay is over (system actor, CRL)', async () => {
    const { keyId, serial } = await issued();
    const before = Date.now();
    const renewed = await renew(serial, { revoke_old: 'in_24_hours' });
    const scheduled = await row(serial);
    expect(scheduled.status).toBe('issued');
    const at = scheduled.revocation_scheduled_on!.getTime();
    expect(at).toBeGreaterThanOrEqual(before + DELAY_SECONDS * 1000);
    expect(at).toBeLessThan(Date.now() + DELAY_SECONDS * 1000 + 1000);
    expect((await jobOf(scheduled.id)).start_after.getTime()).toBe(at);
    const old = (await list(keyId)).find((c) => c.serial_number === serial)!;
    expect(old).toMatchObject({
      status: 'issued',
      is_current: false,
      replaced_by: renewed.serial_number,
      revocation_scheduled_on: new Date(at).toISOString(),
    });
    const audit = await auditOf(serial);
    expect(audit.map((a) => a.action)).toEqual([
      'certificate.issued',
      'certificate.renewed',
      'certificate.revocation_scheduled',
    ]);
    expect(audit[2].detail).toBe(new Date(at).toISOString());

    await until(async () => (await row(serial)).status === 'revoked');
    const revoked = await row(serial);
    expect(revoked.revocation_reason).toBe('superseded');
    expect(revoked.revocation_scheduled_on).toBeNull();
    expect(revoked.revoked_on!.getTime()).toBeGreaterThanOrEqual(at);
    const last = (await auditOf(serial)).at(-1)!;
    expect(last).toMatchObject({
      action: 'certificate.revoked',
      actor_account_id: null,
      actor_email: 'system',
    });
    const listed = (await list(keyId)).find((c) => c.serial_number === serial)!;
    expect(listed).toMatchObject({ status: 'revoked', revocation_scheduled_on: null });

    // the job reports the revocation to the STI-PA right after its commit (afterRevocation), so the status above can
    // be read before the report arrives: the STI-PA's SHAKEN CRL lists the serial once it has
    const stiPaCrl = async () => {
      const crl = await t.app.inject({ method: 'GET', url: '/stipa-sim/api/v1/crl/shaken.crl' });
      const text = execFileSync('openssl', ['crl', '-inform', 'DER', '-noout', '-text'], {
        input: crl.rawPayload,
        encoding: 'utf8',
      });
      return text.toLowerCase().replace(/[^0-9a-z\n]/g, '');
    };
    await until(async () => (await stiPaCrl()).includes(serial));
    expect(await stiPaCrl()).toContain(serial);

    // idempotent: the job run again changes nothing
    const audits = (await auditOf(serial)).length;
    await revokeScheduled(t.services.certificates, revoked.id);
    expect(await row(serial)).toEqual(revoked);
    expect((await auditOf(serial)).length).toBe(audits);
  }, 30_000);

  it('leaves alone a certificate revoked by the provider before its time, and one kept valid', async () => {
    const { serial } = await issued();
    await renew(serial, { revoke_old: 'in_24_hours' });
    const res = await http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {
      reason: 'key_compromise',
    });
    expect(res.statusCode).toBe(200);
    const revoked = await row(serial);
    expect(revoked).toMatchObject({ status: 'revoked', revocation_reason: 'key_compromise' });
    expect(revoked.revocation_scheduled_on).toBeNull();
    await until(async () => (await jobOf(revoked.id))?.state === 'completed');
    expect(await row(serial)).toEqual(revoked);
    const revocations = (await auditOf(serial)).filter((a) => a.action === 'certificate.revoked');
    expect(revocations).toEqual([
      expect.objectContaining({ actor_email: p.email, detail: 'key_compromise' }),
    ]);

    // a certificate kept valid has no revocation scheduled: the job does nothing to it
    const kept = await issued();
    await renew(kept.serial);
    const keptRow = await row(kept.serial);
    await revokeScheduled(t.services.certificates, keptRow.id);
    expect(await row(kept.serial)).toEqual(keptRow);
  }, 30_000);

  it('names a replacement only while it is valid: the renewal revoked, the old certificate is the current one again', async () => {
    const { keyId, serial } = await issued();
    const renewed = await renew(serial);
    let [newer, older] = await list(keyId);
    expect(older).toMatchObject({
      serial_number: serial,
      is_current: false,
      replaced_by: renewed.serial_number,
    });
    expect(newer).toMatchObject({
      is_current: true,
      replaced_by: null,
      revoked_on: null,
      revocation_reason: null,
    });

    const res = await http.post(`/api/service_provider/revoke_sti_spc_cert/${renewed.serial_number}`, {
      reason: 'key_compromise',
    });
    expect(res.statusCode).toBe(200);
    [newer, older] = await list(keyId);
    expect(older).toMatchObject({
      serial_number: serial,
      status: 'issued',
      is_current: true,
      replaced_by: null,
    });
    expect(newer).toMatchObject({
      status: 'revoked',
      is_current: false,
      revocation_reason: 'key_compromise',
    });
    expect(Date.parse(newer.revoked_on as string)).not.toBeNaN();
  }, 30_000);

  it('records a revocation that names no reason as unspecified, never superseded; unspecified may be named', async () => {
    for (const body of [{}, { reason: 'unspecified' }]) {
      const { serial } = await issued();
      const res = await http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(await row(serial)).toMatchObject({ status: 'revoked', revocation_reason: 'unspecified' });
      const revocations = (await auditOf(serial)).filter((a) => a.action === 'certificate.revoked');
      expect(revocations).toEqual([expect.objectContaining({ detail: 'unspecified' })]);
    }
  }, 30_000);

  it('refuses another revoke_old with 400 and a clear message, renewing nothing', async () => {
    const { keyId, serial } = await issued();
    for (const revoke_old of ['later', 'NOW', 24, true]) {
      const res = await http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, {
        ...STIPA,
        revoke_old,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('revoke_old must be one of keep, now, in_24_hours');
      expect(res.json().errors.revoke_old).toBe('revoke_old must be one of keep, now, in_24_hours');
    }
    const unknown = await http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, {
      ...STIPA,
      when: 'now',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await list(keyId)).toHaveLength(1);
  });
});
