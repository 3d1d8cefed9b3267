// Numbers stay true (docs/delegates.md): removing numbers from the inventory (POST /api/service_provider/tn/remove)
// names the live delegate certificates that covered them, the provider's list of delegates that lost numbers says
// how many each lost, and an admin sees every provider's. The delegates here are rows written straight into the
// tables (an STI-SCA requested over HTTP signs nothing for them): what is read is their ranges and standing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { adminToken, as } from '../admin/admin-fixtures';

let t: TestApp;
type Http = ReturnType<typeof api>;
interface Session extends Http {
  spId: string;
  scaId: string;
}
let alice: Session;
let bob: Session;
const CA_USER = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const DAY = 86_400_000;

async function session(): Promise<Session> {
  const p = await activeProvider(t);
  const http = api(t, await tokenOf(t, p));
  const sca = await http.post('/api/service_provider/sti_sca', CA_USER);
  expect(sca.json()).toMatchObject({ success: true });
  return { ...http, spId: p.spId, scaId: sca.json().sti_sca.id };
}

/** `count` consecutive numbers from `first` into the provider's inventory, counted as an import would. */
async function hold(spId: string, first: number, count: number) {
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn) SELECT $1, ($2::bigint + g)::text FROM generate_series(0, $3 - 1) g`,
    [spId, first, count],
  );
  await t.db.query(
    `INSERT INTO number_counts (service_provider_id, total) VALUES ($1, $2)
     ON CONFLICT (service_provider_id) DO UPDATE SET total = number_counts.total + EXCLUDED.total`,
    [spId, count],
  );
}

/** A delegate certificate row for `customer` covering `ranges` (first, last), issued by the provider's STI-SCA. */
async function delegate(
  s: Session,
  customer: string,
  ranges: [number, number][],
  opts: { status?: 'issued' | 'revoked'; notAfter?: Date } = {},
) {
  const id = randomUUID();
  const serial = randomUUID().replace(/-/g, '');
  const now = Date.now();
  const [sca] = await t.db.query<{ issuer_id: string; spc: string }>(
    'SELECT issuer_id, spc FROM certificates WHERE id = $1',
    [s.scaId],
  );
  const status = opts.status ?? 'issued';
  await t.db.query(
    `INSERT INTO certificates (id, serial_number, service_provider_id, issuer_id, status, spc, not_before, not_after,
                               certificate_der, chain_pem, revoked_on, kind, issuing_sti_sca_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '\\x00', 'chain', $9, 'delegate', $10)`,
    [
      id,
      serial,
      s.spId,
      sca.issuer_id,
      status,
      sca.spc,
      new Date(now - 2 * DAY),
      opts.notAfter ?? new Date(now + 30 * DAY),
      status === 'revoked' ? new Date(now) : null,
      s.scaId,
    ],
  );
  const [c] = await t.db.query<{ id: string }>(
    `INSERT INTO delegate_customers (service_provider_id, name) VALUES ($1, $2)
     ON CONFLICT (service_provider_id, lower(name)) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [s.spId, customer],
  );
  const count = ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  await t.db.query(
    `INSERT INTO delegate_certificates (certificate_id, service_provider_id, customer_id, public_key_spki,
                                        number_count, numbers)
     VALUES ($1, $2, $3, '\\x00', $4,
             (SELECT range_agg(int8range(a, b, '[]')) FROM unnest($5::bigint[], $6::bigint[]) AS r(a, b)))`,
    [id, s.spId, c.id, count, ranges.map(([a]) => a), ranges.map(([, b]) => b)],
  );
  return { id, serial };
}

const remove = (s: Session, numbers: string) => s.post('/api/service_provider/tn/remove', { numbers });

beforeAll(async () => {
  t = await createTestApp({
    stiPaFetch: injectFetch(() => t.app),
    config: { stiPaSimAccounts: 'demo:demo-pass:*:ca' },
  });
  alice = await session();
  bob = await session();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/service_provider/tn/remove', () => {
  it('removes the numbers and blocks typed, lowers the count and records it', async () => {
    await hold(alice.spId, 2015550100, 100);
    const res = await remove(alice, '2015550100\n2015550150-2015550159, 2015550999');
    expect(res.statusCode).toBe(200);
    // 2015550999 is not held: left alone, not counted
    expect(res.json()).toEqual({ removed: 11, delegates: [] });
    const left = await t.db.query<{ tn: string }>(
      `SELECT tn FROM numbers WHERE service_provider_id = $1 AND tn IN ('2015550100', '2015550155', '2015550101')`,
      [alice.spId],
    );
    expect(left.map((r) => r.tn)).toEqual(['2015550101']);
    const [count] = await t.db.query<{ total: number }>(
      'SELECT total FROM number_counts WHERE service_provider_id = $1',
      [alice.spId],
    );
    expect(Number(count.total)).toBe(89);
    const audit = await t.db.query<{ subject: string; detail: string }>(
      `SELECT subject, detail FROM audit_log WHERE action = 'numbers.removed' AND service_provider_id = $1`,
      [alice.spId],
    );
    expect(audit).toEqual([
      { subject: '11 numbers', detail: '2015550100, 2015550150-2015550159, 2015550999' },
    ]);
  });

  it('names the live delegates that covered a removed number, and how many each lost', async () => {
    await hold(alice.spId, 2025550000, 1000);
    const widget = await delegate(alice, 'Widget Call Center', [[2025550000, 2025550099]]);
    const acme = await delegate(alice, 'Acme Contact', [
      [2025550500, 2025550599],
      [2025550700, 2025550700],
    ]);
    const untouched = await delegate(alice, 'Untouched', [[2025550800, 2025550899]]);
    await delegate(alice, 'Revoked One', [[2025550000, 2025550009]], { status: 'revoked' });
    await delegate(alice, 'Expired One', [[2025550000, 2025550009]], {
      notAfter: new Date(Date.now() - DAY),
    });
    // another provider's delegate over the same digits is not alice's business
    await hold(bob.spId, 2025550000, 10);
    await delegate(bob, 'Bob Customer', [[2025550000, 2025550009]]);

    const res = await remove(alice, '2025550000-2025550004\n2025550700\n2025550590-2025550609');
    expect(res.statusCode).toBe(200);
    expect(res.json().removed).toBe(26);
    expect(res.json().delegates).toEqual([
      {
        id: acme.id,
        serial_number: acme.serial,
        customer_name: 'Acme Contact',
        number_count: 101,
        missing: 11,
      },
      {
        id: widget.id,
        serial_number: widget.serial,
        customer_name: 'Widget Call Center',
        number_count: 100,
        missing: 5,
      },
    ]);
    const [audit] = await t.db.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE action = 'numbers.removed' AND subject = '26 numbers'`,
    );
    expect(audit.detail).toContain(`delegates to issue again: ${acme.serial}, ${widget.serial}`);

    const listed = await alice.get('/api/service_provider/delegates/uncovered');
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().map((d: { customer_name: string; missing: number }) => [d.customer_name, d.missing]),
    ).toEqual([
      ['Acme Contact', 11],
      ['Widget Call Center', 5],
    ]);
    expect(JSON.stringify(listed.json())).not.toContain(untouched.id);
    expect((await bob.get('/api/service_provider/delegates/uncovered')).json()).toEqual([]);
  });

  it("shows an admin every provider's delegates that lost numbers; refuses the others", async () => {
    await remove(bob, '2025550003');
    const admin = as(t, await adminToken(t));
    const res = await admin.get('/api/admin/delegates/uncovered');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { customer_name: string; missing: number; service_provider_id: string }[];
    expect(rows.map((r) => [r.customer_name, r.missing, r.service_provider_id])).toEqual([
      ['Acme Contact', 11, alice.spId],
      ['Widget Call Center', 5, alice.spId],
      ['Bob Customer', 1, bob.spId],
    ]);
    expect(rows[0]).toHaveProperty('company_name');
    expect((await alice.get('/api/admin/delegates/uncovered')).statusCode).toBe(403);
    expect((await admin.get('/api/service_provider/delegates/uncovered')).statusCode).toBe(403);
    expect((await admin.post('/api/service_provider/tn/remove', { numbers: '2025550001' })).statusCode).toBe(
      403,
    );
  });

  it('leaves the rows of an import still running alone', async () => {
    const importId = randomUUID();
    await t.db.query(
      `INSERT INTO number_imports (id, service_provider_id, filename, status, hidden_rows)
       VALUES ($1, $2, 'running.csv', 'processing', true)`,
      [importId, alice.spId],
    );
    await t.db.query(
      `INSERT INTO numbers (service_provider_id, tn, import_id) VALUES ($1, '2035550100', $2)`,
      [alice.spId, importId],
    );
    expect((await remove(alice, '2035550100')).json()).toEqual({ removed: 0, delegates: [] });
  });

  it('refuses what is not a number or a block, nothing, and too many numbers', async () => {
    const bad = await remove(alice, '2015550100\n12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('12345 is neither');
    expect((await remove(alice, ' \n ')).json().message).toBe(
      'Type the numbers to remove: one number or block per line',
    );
    expect((await alice.post('/api/service_provider/tn/remove', {})).statusCode).toBe(400);
    const many = await remove(alice, '2015550000-2019999999');
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Remove at most 1,000,000 numbers at a time');
  });
});
