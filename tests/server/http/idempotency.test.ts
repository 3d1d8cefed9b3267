// Double submits give one effect: the Idempotency-Key header replays the first answer (Stripe's semantics), and
// the effects themselves are single at their root: one certificate per key, one open checkout per purpose, one
// saved card per card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../../../server/src/jobs/housekeeping';
import { CERTIFICATE_CONFLICT } from '../../../server/src/certificates/issuance';
import { IDEMPOTENCY_MESSAGES } from '../../../server/src/http/idempotency';
import { postJson } from '../accounts/accounts-fixtures';
import {
  activeProvider,
  api,
  confirmedProvider,
  goodCard,
  payForm,
  startCheckout,
  tokenOf,
} from '../billing/billing-fixtures';
import { type TestApp, createTestApp, injectFetch } from '../helpers';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

let t: TestApp;
let auth: Record<string, string>;
let http: ReturnType<typeof api>;
let seq = 0;
const newKey = () => `key-${Date.now()}-${++seq}`;

const post = (url: string, body: unknown, key?: string) =>
  postJson(t, url, body, { ...auth, ...(key ? { 'idempotency-key': key } : {}) });

async function privateKey(): Promise<string> {
  return (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid as string;
}

async function certificatesOf(keyId: string): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM certificates WHERE private_key_id = $1 AND status IN ('pending', 'issued')`,
    [keyId],
  );
  return row.n;
}

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  const token = await tokenOf(t, await activeProvider(t));
  auth = { authorization: `Bearer ${token}` };
  http = api(t, token);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('Idempotency-Key', () => {
  it('20 parallel generates with one key: one certificate, 19 replays identical to the first', async () => {
    const keyId = await privateKey();
    const key = newKey();
    const body = { ...STIPA, private_key_uuid: keyId };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/service_provider/generate_sti_spc_cert', body, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const first = answers.filter((a) => a.headers['idempotent-replayed'] === undefined);
    const replays = answers.filter((a) => a.headers['idempotent-replayed'] === 'true');
    expect(first).toHaveLength(1);
    expect(replays).toHaveLength(19);
    expect(first[0].json()).toMatchObject({ success: true });
    for (const r of replays) {
      expect(r.body).toBe(first[0].body);
      expect(r.headers['content-type']).toBe(first[0].headers['content-type']);
    }
    expect(await certificatesOf(keyId)).toBe(1);
  }, 60_000);

  it('refuses the same key with another body (422) and replays it with the same body in another order', async () => {
    const key = newKey();
    const card = goodCard({ exp_month: 7 });
    const first = await post('/api/payment/payment_card', card, key);
    expect(first.statusCode).toBe(201);

    const other = await post('/api/payment/payment_card', { ...card, zip_code: '10002' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: IDEMPOTENCY_MESSAGES.reused,
    });
    // Another route with the same key is another request too.
    const elsewhere = await post('/api/payment/subscription/extend', { recurring_interval: 'month' }, key);
    expect(elsewhere.statusCode).toBe(422);

    const reordered = Object.fromEntries(Object.entries(card).reverse());
    const again = await post('/api/payment/payment_card', reordered, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('refuses a malformed key with 400 in the error shape', async () => {
    const res = await post('/api/payment/payment_card', goodCard(), 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: IDEMPOTENCY_MESSAGES.invalid });
  });

  it('does not keep a 5xx: the retry with the same key runs again, and its answer is kept', async () => {
    const payments = t.services.billing.payments;
    const original = payments.createCheckout;
    payments.createCheckout = async () => {
      throw new Error('the provider is down');
    };
    const key = newKey();
    try {
      const failed = await post('/api/payment/subscription/extend', { recurring_interval: 'year' }, key);
      expect(failed.statusCode).toBe(502);
    } finally {
      payments.createCheckout = original;
    }
    const retried = await post('/api/payment/subscription/extend', { recurring_interval: 'year' }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await post('/api/payment/subscription/extend', { recurring_interval: 'year' }, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(retried.body);
  });

  it('answers 409 to a repeat while the first request still runs past the wait', async () => {
    // The first request is held at the payments provider (outside any transaction) until released.
    const payments = t.services.billing.payments;
    const original = payments.addCard;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    payments.addCard = async (...args) => {
      await released;
      return original(...args);
    };
    const waitMs = t.config.idempotencyWaitMs;
    t.config.idempotencyWaitMs = 200;
    const key = newKey();
    const card = goodCard({ exp_month: 5 });
    try {
      const running = post('/api/payment/payment_card', card, key);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const repeat = await post('/api/payment/payment_card', card, key);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().message).toBe(IDEMPOTENCY_MESSAGES.running);
      release();
      expect((await running).statusCode).toBe(201);
    } finally {
      release();
      payments.addCard = original;
      t.config.idempotencyWaitMs = waitMs;
    }
    const after = await post('/api/payment/payment_card', card, key);
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
  });

  it('is scoped by account: another provider with the same key gets its own answer', async () => {
    const key = newKey();
    const mine = await post('/api/service_provider/generate_sti_priv_key', {}, key);
    const other = await postJson(
      t,
      '/api/service_provider/generate_sti_priv_key',
      {},
      {
        authorization: `Bearer ${await tokenOf(t, await activeProvider(t))}`,
        'idempotency-key': key,
      },
    );
    expect(mine.statusCode).toBe(201);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().priv_key_uuid).not.toBe(mine.json().priv_key_uuid);
  });

  it('is deleted by the housekeeping after a day', async () => {
    const key = newKey();
    await post('/api/service_provider/generate_sti_priv_key', {}, key);
    await t.db.query(
      `INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, status, response_status, response_body,
                                     created_on)
       VALUES ('account:old', 'old', repeat('a', 64), 'done', 201, '\\x7b7d', now() - interval '25 hours')`,
    );
    await runHousekeeping({ db: t.db, log: { info: () => undefined }, now: () => new Date() });
    const left = await t.db.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM idempotency_keys WHERE idempotency_key IN ('old', $1)`,
      [key],
    );
    expect(left.map((r) => r.idempotency_key)).toEqual([key]);
  });
});

describe('one effect without the header', () => {
  it('20 parallel generates on one key with 20 different keys: one certificate, the others 409', async () => {
    const keyId = await privateKey();
    const body = { ...STIPA, private_key_uuid: keyId };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/service_provider/generate_sti_spc_cert', body, newKey())),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(ok[0].json()).toMatchObject({ success: true });
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect([CERTIFICATE_CONFLICT.pending, CERTIFICATE_CONFLICT.valid]).toContain(r.json().message);
      expect(r.json().statusCode).toBe(409);
    }
    expect(await certificatesOf(keyId)).toBe(1);

    // Later too: the key has a valid certificate; renewing it is the way to a new one, once.
    const later = await post('/api/service_provider/generate_sti_spc_cert', body);
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe(CERTIFICATE_CONFLICT.valid);
    const serial = ok[0].json().certificate.serial_number as string;
    const renewals = await Promise.all(
      Array.from({ length: 5 }, () => post(`/api/service_provider/replace_sti_spc_cert/${serial}`, STIPA)),
    );
    expect(renewals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(renewals.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await certificatesOf(keyId)).toBe(2);
  }, 60_000);

  it('20 × the same card saves one card, the last address kept', async () => {
    const p = await activeProvider(t);
    const other = api(t, await tokenOf(t, p));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        other.post('/api/payment/payment_card', goodCard({ billing_address: `${i + 1} Engine Way` })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const cards = (await other.get('/api/payment/payment_card')).json().data;
    expect(cards).toHaveLength(1);
    expect(cards[0].card).toMatchObject({ last4: '4242', exp_month: 12 });
    // Another expiry is another card; the same card again becomes the current one.
    await other.post('/api/payment/payment_card', goodCard({ exp_month: 3 }));
    await other.post('/api/payment/payment_card', goodCard({ billing_address: '9 Last Street' }));
    const after = (await other.get('/api/payment/payment_card')).json().data;
    expect(after).toHaveLength(2);
    expect(after[0].card.exp_month).toBe(12);
    expect(after[0].billing_details.address.line1).toBe('9 Last Street');
  });

  it('two checkouts for one purpose give the same open page; paying it charges once', async () => {
    const p = await confirmedProvider(t);
    const [a, b] = await Promise.all([startCheckout(t, p.spId), startCheckout(t, p.spId)]);
    const c = await startCheckout(t, p.spId);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    const url = a.json().data.url as string;
    expect(b.json().data.url).toBe(url);
    expect(c.json().data.url).toBe(url);
    const open = await t.db.query(
      `SELECT id FROM checkouts WHERE service_provider_id = $1 AND status = 'open'`,
      [p.spId],
    );
    expect(open).toHaveLength(1);

    // Another plan replaces the open page: the first one can no longer be paid.
    const monthly = await startCheckout(t, p.spId, 'month');
    expect(monthly.json().data.url).not.toBe(url);
    expect((await payForm(t, url)).statusCode).toBe(410);
    expect((await payForm(t, monthly.json().data.url)).statusCode).toBe(303);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(n).toBe(1);
  });

  it('two extensions of one plan give the same open page', async () => {
    const p = await activeProvider(t);
    const other = api(t, await tokenOf(t, p));
    const [a, b] = await Promise.all([
      other.post('/api/payment/subscription/extend', { recurring_interval: 'year' }),
      other.post('/api/payment/subscription/extend', { recurring_interval: 'year' }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.json().url).toBe(a.json().url);
  });
});
