// The admin's lists over HTTP: every payment and invoice (all, or one provider's) and an invoice's PDF, the change
// log of every provider, the CA audit log (read-only, filtered), a provider's keys, certificates and imports, the
// import on a provider's behalf in its change log, and a certificate revoked by the admin through the provider's
// own revocation path.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/admin';
import { type SeededProvider, adminToken, as, changeRows, listQuery, seedProvider } from './admin-fixtures';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { IMPORTS_DIR } from '../../../server/src/numbers/upload';
import { uploadTo } from '../numbers/numbers-fixtures';
import { AuditLogRow } from '../../../contract/wire/admin';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminTok: string;
let one: SeededProvider;
let two: SeededProvider;
const MISSING = '00000000-0000-4000-8000-000000000099';

const getList = async (path: string, params: Parameters<typeof listQuery>[0] = {}) => {
  const res = await admin.get(`${path}?${listQuery(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Record<string, unknown>[], range: res.headers['content-range'] };
};

async function seedBilling(p: SeededProvider, n: number, firstInvoice: number) {
  for (let i = 0; i < n; i++) {
    const on = new Date(Date.UTC(2026, 0, 1 + i + firstInvoice));
    await t.db.query(
      `INSERT INTO payments (service_provider_id, amount, transaction_id, created_on) VALUES ($1, $2, $3, $4)`,
      [p.spId, 100 + i, `tx_${p.ocn}_${i}`, on],
    );
    await t.db.query(
      `INSERT INTO invoices (service_provider_id, invoice_number, amount, status, description, start_billing_cycle,
         end_billing_cycle, billing_cycle_months, transaction_id, created_on, paid_on)
       VALUES ($1, $2, $3, 'paid', 'Subscription', $4, $4::timestamptz + interval '1 month', 1, $5, $4, $4)`,
      [p.spId, firstInvoice + i, 100 + i, on, `tx_${p.ocn}_${i}`],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  adminTok = await adminToken(t);
  admin = as(t, adminTok);
  one = await seedProvider(t.db, { company: 'One Telecom' });
  two = await seedProvider(t.db, { company: 'Two Voice' });
  await seedBilling(one, 3, 1);
  await seedBilling(two, 2, 10);
  // the numbers taken above are not handed out again by a real payment
  await t.db.query('UPDATE invoice_counter SET last_number = 100');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('payments and invoices', () => {
  it('lists every payment with its company, or one provider’s, sorted and paged', async () => {
    const all = await getList('/api/admin/payment');
    expect(all.rows).toHaveLength(5);
    expect(all.range).toBe('admin-payments 0-4/5');
    expect(all.rows[0]).toEqual({
      id: expect.any(String),
      service_provider_uuid: two.spId,
      company_name: 'Two Voice',
      ocn: two.ocn,
      amount: 101,
      transaction_id: `tx_${two.ocn}_1`,
      created_on: expect.any(String),
      // seeded without a checkout or an invoice: nothing known of what it paid
      for: 'Payment',
    });
    const mine = await getList('/api/admin/payment', {
      filter: { service_provider_uuid: one.spId },
      sort: ['amount', 'ASC'],
      range: [1, 2],
    });
    expect(mine.rows.map((r) => r.amount)).toEqual([101, 102]);
    expect(mine.range).toBe('admin-payments 1-2/3');
    expect((await getList('/api/admin/payment', { filter: { q: 'two' } })).rows).toHaveLength(2);
    const bad = await admin.get(
      `/api/admin/payment?${listQuery({ filter: { service_provider_uuid: 'x' } })}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ service_provider_uuid: 'service_provider_uuid must be an id' });
  });

  it('lists every invoice with its company and PDF path; the admin downloads any provider’s', async () => {
    const all = await getList('/api/payment/invoices_list', { sort: ['invoice_number', 'ASC'] });
    expect(all.rows.map((r) => r.invoice_number)).toEqual([1, 2, 3, 10, 11]);
    const mine = await getList('/api/payment/invoices_list', { filter: { service_provider_uuid: two.spId } });
    expect(mine.rows.map((r) => r.company_name)).toEqual(['Two Voice', 'Two Voice']);
    const path = mine.rows[0].invoice_path as string;
    expect(path).toBe(`/api/admin/invoice/${mine.rows[0].id}/file`);
    const pdf = await admin.get(path);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.get(`/api/admin/invoice/${MISSING}/file`)).statusCode).toBe(404);
    const status = await admin.get(`/api/payment/invoices_list?${listQuery({ filter: { status: 'lost' } })}`);
    expect(status.statusCode).toBe(400);
  });
});

describe('the CA audit log', () => {
  beforeAll(async () => {
    const rows: [string, string | null, string, string, string][] = [
      ['key.created', one.spId, 'key-1', 'ops@one.test', '2026-03-01T10:00:00Z'],
      ['certificate.issued', one.spId, 'aaaa0000bbbb1111', 'ops@one.test', '2026-03-02T10:00:00Z'],
      ['certificate.revoked', two.spId, 'cccc2222dddd3333', 'admin@portal.test', '2026-03-03T10:00:00Z'],
    ];
    for (const [action, sp, subject, email, on] of rows) {
      await t.db.query(
        `INSERT INTO audit_log (action, service_provider_id, subject, actor_email, occurred_on)
         VALUES ($1, $2, $3, $4, $5)`,
        [action, sp, subject, email, on],
      );
    }
  });

  it('is listed newest first with the company, filtered by action, provider, text and dates', async () => {
    const all = await getList('/api/admin/audit_log');
    expect(all.rows.map((r) => r.action)).toEqual([
      'certificate.revoked',
      'certificate.issued',
      'key.created',
    ]);
    expect(all.rows[0]).toMatchObject({ company_name: 'Two Voice', service_provider_uuid: two.spId });
    // every field of the row's one shape (contract/wire/admin.ts) and nothing else; the moment as ISO 8601 text
    expect(Object.keys(all.rows[0]).sort()).toEqual(Object.keys(AuditLogRow.properties).sort());
    expect(all.rows[0].occurred_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const f = async (filter: object) =>
      (await getList('/api/admin/audit_log', { filter })).rows.map((r) => r.subject);
    expect(await f({ action: 'key.created' })).toEqual(['key-1']);
    expect(await f({ service_provider_uuid: two.spId })).toEqual(['cccc2222dddd3333']);
    expect(await f({ q: 'ADMIN@' })).toEqual(['cccc2222dddd3333']);
    expect(await f({ q: 'one telecom' })).toHaveLength(2);
    expect(await f({ occurred_from: '2026-03-02', occurred_to: '2026-03-02' })).toEqual(['aaaa0000bbbb1111']);
    const page = await getList('/api/admin/audit_log', { sort: ['occurred_on', 'ASC'], range: [0, 0] });
    expect(page.range).toBe('audit-log 0-0/3');
  });

  it('refuses bad filters and has no route that writes', async () => {
    for (const filter of [{ action: 'key.stolen' }, { occurred_from: 'yesterday' }, { nope: 1 }]) {
      const res = await admin.get(`/api/admin/audit_log?${listQuery({ filter })}`);
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/audit_log',
        headers: { authorization: `Bearer ${adminTok}` },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('one provider’s keys, certificates, imports, and the change log of all', () => {
  it('answers empty lists for a provider without any, and 404 for one that does not exist', async () => {
    for (const part of ['private_keys', 'certificates', 'tn/import-history']) {
      const res = await admin.get(`/api/admin/service_provider/${one.spId}/${part}`);
      expect(res.statusCode, part).toBe(200);
      expect(res.json()).toEqual([]);
      const missing = await admin.get(`/api/admin/service_provider/${MISSING}/${part}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ADMIN_MESSAGES.providerNotFound);
    }
  });

  it('writes the import on a provider’s behalf to its change log, and lists it and its numbers', async () => {
    const res = await uploadTo(
      t,
      `/api/admin/service_provider/${two.spId}/tn/import`,
      adminTok,
      'tn\n2015553000\n',
      'batch.csv',
    );
    expect(res.statusCode, res.body).toBe(202);
    expect((await changeRows(t.db, two.spId)).map((r) => [r.change, r.to_value])).toEqual([
      ['numbers import', 'batch.csv'],
    ]);
    const imports = await getList(`/api/admin/service_provider/${two.spId}/tn/import-history`);
    expect(imports.rows.map((r) => r.filename)).toEqual(['batch.csv']);
    // once the import ran, the provider's numbers are listed for the admin, with their total
    await expect
      .poll(
        async () =>
          (await getList(`/api/admin/service_provider/${two.spId}/tn/import-history`)).rows[0].status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('completed');
    const numbers = await getList(`/api/admin/service_provider/${two.spId}/tn/assigned`, { range: [0, 4] });
    expect(numbers.rows).toEqual([
      expect.objectContaining({ tn: '2015553000', voip_user: null, organization: null }),
    ]);
    expect(numbers.range).toBe('provider-numbers 0-0/1');
    expect((await admin.get(`/api/admin/service_provider/${MISSING}/tn/assigned`)).statusCode).toBe(404);
    const log = await getList('/api/admin/subscription_change_log', {
      filter: { service_provider_uuid: two.spId },
    });
    expect(log.rows).toEqual([
      expect.objectContaining({ company_name: 'Two Voice', change: 'numbers import', to: 'batch.csv' }),
    ]);
    expect(
      (await getList('/api/admin/subscription_change_log', { filter: { service_provider_uuid: one.spId } }))
        .rows,
    ).toEqual([]);
  }, 60_000);
});

describe('a certificate revoked by the admin', () => {
  it('goes through the provider’s revocation: revoked, audited with the admin, 409 the second time', async () => {
    const p = await activeProvider(t);
    const provider = api(t, await tokenOf(t, p));
    const key = await provider.post('/api/service_provider/generate_sti_priv_key');
    expect(key.statusCode).toBe(201);
    const issued = await provider.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: key.json().priv_key_uuid,
    });
    expect(issued.json().success, issued.body).toBe(true);

    const certs = await getList(`/api/admin/service_provider/${p.spId}/certificates`);
    expect(certs.rows).toHaveLength(1);
    expect(certs.rows[0].status).toBe('issued');
    const serial = certs.rows[0].serial_number as string;
    const keys = await getList(`/api/admin/service_provider/${p.spId}/private_keys`);
    expect(keys.rows.map((k) => k.priv_key_uuid)).toEqual([key.json().priv_key_uuid]);

    const url = (sp: string, s = serial) => `/api/admin/service_provider/${sp}/certificates/${s}/revoke`;
    expect((await admin.post(url(p.spId), { reason: 'stolen' })).statusCode).toBe(400);
    expect((await admin.post(url(one.spId))).statusCode).toBe(404);
    expect((await admin.post(url(MISSING))).statusCode).toBe(404);
    const revoked = await admin.post(url(p.spId), { reason: 'key_compromise' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await admin.post(url(p.spId))).statusCode).toBe(409);

    const after = await getList(`/api/admin/service_provider/${p.spId}/certificates`, {
      filter: { status: 'revoked' },
    });
    // the whole row as its wire shape has it, its moments as toISOString writes them
    const [stored] = await t.db.query<Record<string, Date | string>>(
      'SELECT id, private_key_id, not_before, not_after, created_on, revoked_on FROM certificates WHERE serial_number = $1',
      [serial],
    );
    const iso = (name: string) => (stored[name] as Date).toISOString();
    expect(after.rows[0]).toEqual({
      id: stored.id,
      serial_number: serial,
      private_key_id: stored.private_key_id,
      status: 'revoked',
      not_before: iso('not_before'),
      not_after: iso('not_after'),
      created_on: iso('created_on'),
      revoked_on: iso('revoked_on'),
      revocation_reason: 'key_compromise',
    });
    const audit = await getList('/api/admin/audit_log', {
      filter: { action: 'certificate.revoked', q: serial },
    });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_email: 'admin@portal.test', detail: 'key_compromise' });
    const details = await admin.get(`/api/admin/service_provider/${p.spId}`);
    expect(details.json().counts).toMatchObject({ keys: 1, certificates: 1 });
  }, 60_000);
});

describe('the import on a provider’s behalf and its change-log row', () => {
  const importsDir = () => path.join(t.config.dataDir, IMPORTS_DIR);
  const files = () => (fs.existsSync(importsDir()) ? fs.readdirSync(importsDir()).sort() : []);

  it('are written together: a change log that cannot be written leaves no import and no file', async () => {
    // the change log refuses this one file, after the import's row is inserted in the same transaction
    await t.db.query(`CREATE FUNCTION refuse_import_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'change log unavailable'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_import_log BEFORE INSERT ON subscription_changes FOR EACH ROW
      WHEN (NEW.to_value = 'refused.csv') EXECUTE FUNCTION refuse_import_log()`);
    try {
      const before = files();
      const res = await uploadTo(
        t,
        `/api/admin/service_provider/${one.spId}/tn/import`,
        adminTok,
        'tn\n2015554000\n',
        'refused.csv',
      );
      expect(res.statusCode).toBe(500);
      const imports = await t.db.query('SELECT id FROM number_imports WHERE filename = $1', ['refused.csv']);
      expect(imports).toEqual([]);
      expect(await changeRows(t.db, one.spId)).toEqual([]);
      expect(files()).toEqual(before);
    } finally {
      await t.db.query('DROP TRIGGER refuse_import_log ON subscription_changes');
      await t.db.query('DROP FUNCTION refuse_import_log()');
    }
    // the same upload once the log can be written: both rows
    const ok = await uploadTo(
      t,
      `/api/admin/service_provider/${one.spId}/tn/import`,
      adminTok,
      'tn\n2015554000\n',
      'refused.csv',
    );
    expect(ok.statusCode, ok.body).toBe(202);
    const [imported] = await t.db.query<{ id: string }>('SELECT id FROM number_imports WHERE filename = $1', [
      'refused.csv',
    ]);
    expect(imported.id).toBe(ok.json().id);
    expect((await changeRows(t.db, one.spId)).map((r) => [r.change, r.to_value])).toEqual([
      ['numbers import', 'refused.csv'],
    ]);
    // the job was queued after the commit: the import runs
    await expect
      .poll(
        async () =>
          (
            await t.db.query<{ status: string }>('SELECT status FROM number_imports WHERE id = $1', [
              imported.id,
            ])
          )[0].status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('completed');
  }, 60_000);
});
