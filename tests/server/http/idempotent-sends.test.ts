// Every route behind a button that sends a mail, grants days or starts an import takes an Idempotency-Key: the
// same request twice at once with one key (a double click, a retry after a lost answer) makes one effect, and the
// second answer is the first one replayed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProvider } from '../admin/admin-fixtures';
import { mailsTo, postJson } from '../accounts/accounts-fixtures';
import { type TestApp, createTestApp } from '../helpers';
import { uploadTo } from '../numbers/numbers-fixtures';
import { adminToken } from '../resellers/resellers-fixtures';
import { activeProvider, tokenOf } from '../billing/billing-fixtures';

let t: TestApp;
let admin: Record<string, string>;
let seq = 0;
const newKey = () => `send-${Date.now()}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = { authorization: `Bearer ${await adminToken(t)}` };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Answer = Awaited<ReturnType<typeof postJson>>;

/** Sends `send(key)` twice at once with one key: one first answer, one replay of it byte for byte. */
async function twiceAtOnce(send: (key: string) => Promise<Answer>): Promise<Answer> {
  const key = newKey();
  const answers = await Promise.all([send(key), send(key)]);
  const first = answers.filter((a) => a.headers['idempotent-replayed'] === undefined);
  const replays = answers.filter((a) => a.headers['idempotent-replayed'] === 'true');
  expect(first, answers.map((a) => `${a.statusCode} ${a.body}`).join(' | ')).toHaveLength(1);
  expect(replays).toHaveLength(1);
  expect(replays[0].statusCode).toBe(first[0].statusCode);
  expect(replays[0].body).toBe(first[0].body);
  return first[0];
}

const withKey = (headers: Record<string, string>, key: string) => ({ ...headers, 'idempotency-key': key });

describe('buttons that send, grant or import: one effect per Idempotency-Key', () => {
  it('the admin sends a provider its confirmation mail again: one mail', async () => {
    const p = await seedProvider(t.db, { confirmed: false });
    const before = mailsTo(t.config, p.email).length;
    const url = `/api/admin/service_provider/${p.spId}/resend_confirmation_email`;
    const first = await twiceAtOnce((key) => postJson(t, url, undefined, withKey(admin, key)));
    expect(first.statusCode).toBe(200);
    expect(mailsTo(t.config, p.email).length).toBe(before + 1);
  });

  it('the admin grants an extension: the days once', async () => {
    const p = await seedProvider(t.db);
    const url = `/api/admin/service_provider/${p.spId}/extension`;
    const body = { days: 30, reason: 'Goodwill' };
    const first = await twiceAtOnce((key) => postJson(t, url, body, withKey(admin, key)));
    expect(first.statusCode).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscription_changes WHERE service_provider_id = $1`,
      [p.spId],
    );
    expect(n).toBe(1);
  });

  it('the admin sends a reseller its invitation again: one mail', async () => {
    const email = `pending.${Date.now()}@resell.test`;
    const created = await postJson(
      t,
      '/api/admin/reseller/create',
      { name: 'Rita', email, company_name: 'Resell' },
      admin,
    );
    expect(created.statusCode).toBe(201);
    const before = mailsTo(t.config, email).length;
    const url = `/api/admin/reseller/${created.json().id}/invite`;
    const first = await twiceAtOnce((key) => postJson(t, url, undefined, withKey(admin, key)));
    expect(first.statusCode).toBe(200);
    expect(mailsTo(t.config, email).length).toBe(before + 1);
  });

  it('a signed-out provider asks for its confirmation mail again, or a reset link: one mail each', async () => {
    const p = await seedProvider(t.db, { confirmed: false });
    let before = mailsTo(t.config, p.email).length;
    const resend = await twiceAtOnce((key) =>
      postJson(
        t,
        '/api/service_provider/resend_confirmation_email',
        { email: p.email },
        { 'idempotency-key': key },
      ),
    );
    expect(resend.statusCode).toBe(200);
    expect(mailsTo(t.config, p.email).length).toBe(before + 1);

    const confirmed = await seedProvider(t.db);
    before = mailsTo(t.config, confirmed.email).length;
    const reset = await twiceAtOnce((key) =>
      postJson(t, '/api/auth/forgot_password', { email: confirmed.email }, { 'idempotency-key': key }),
    );
    expect(reset.statusCode).toBe(200);
    expect(mailsTo(t.config, confirmed.email).length).toBe(before + 1);
  });

  it('a number import, the provider’s or the admin’s on its behalf: one import', async () => {
    const p = await activeProvider(t);
    const token = await tokenOf(t, p);
    const csv = 'tn\n2015550100\n';
    const injectUpload = (url: string, bearer: string, body: string, key: string) =>
      uploadTo(t, url, bearer, body, 'numbers.csv', 'file', { 'idempotency-key': key });
    const own = await twiceAtOnce((key) => injectUpload('/api/service_provider/tn/import', token, csv, key));
    expect(own.statusCode).toBe(202);
    const onBehalf = await twiceAtOnce((key) =>
      injectUpload(`/api/admin/service_provider/${p.spId}/tn/import`, admin.authorization.slice(7), csv, key),
    );
    expect(onBehalf.statusCode).toBe(202);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM number_imports WHERE service_provider_id = $1`,
      [p.spId],
    );
    expect(n).toBe(2);
  });
});
