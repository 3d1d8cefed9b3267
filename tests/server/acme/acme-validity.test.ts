// A newOrder's notBefore and notAfter (RFC 8555 §7.4), as vermouth sends them: accepted within the SHAKEN policy's
// longest validity and the provider's paid period, shown in the order, issued exactly; refused outside, with the limit
// named. The paid period is checked again at finalize.
import type * as acme from 'acme-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { x509 } from '../../../server/src/ca';
import type { TestApp } from '../helpers';
import type { Provider } from '../billing/billing-fixtures';
import {
  apiRequest,
  boundClient,
  csrPem,
  identifier,
  spcToken,
  startWorld,
  stopWorld,
  type AcmeBody,
} from './acme-fixtures';

const DAY = 86_400_000;
let t: TestApp;
let base: string;
let provider: Provider;
let client: acme.Client;
let accountKey: Buffer;

beforeAll(async () => {
  ({ t, base, provider } = await startWorld('acme-validity-'));
  ({ client, accountKey } = await boundClient());
}, 60_000);
afterAll(stopWorld);

/** The end of the provider's paid period, set to `at` (every subscription of the provider). */
async function paidUntil(at: Date) {
  await t.db.query(`UPDATE subscriptions SET current_period_end = $2 WHERE service_provider_id = $1`, [
    provider.spId,
    at,
  ]);
}

const midnightIn = (days: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days));
};
const wholeSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** newOrder with these extra members: the answer's status and body. */
async function order(extra: Record<string, unknown>) {
  return apiRequest<acme.Order & AcmeBody>(client, `${base}/acme/new-order`, {
    identifiers: [identifier()],
    ...extra,
  });
}

/** An order through its challenge, finalized: the leaf's validity. */
async function issue(created: acme.Order | { data: acme.Order; headers: Record<string, string> }) {
  const o = 'data' in created ? ({ ...created.data, url: created.headers.location } as acme.Order) : created;
  const [authz] = await client.getAuthorizations(o);
  await apiRequest(client, authz.challenges[0].url, { tkauth: await spcToken(accountKey) }, [200]);
  const finalized = await client.finalizeOrder(o, await csrPem());
  expect(finalized.status).toBe('valid');
  const chain = await client.getCertificate(finalized);
  return new x509.X509Certificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]);
}

describe('notBefore and notAfter in newOrder', () => {
  beforeAll(() => paidUntil(new Date(Date.now() + 400 * DAY)));

  it('issues exactly the notAfter vermouth asks for (today + 90 days, midnight UTC), shown in the order', async () => {
    const notAfter = midnightIn(90);
    // as Go's time.Time writes it: no fraction of a second; through acme-client's own createOrder
    const created = await client.createOrder({
      identifiers: [identifier()],
      notAfter: notAfter.toISOString().replace('.000Z', 'Z'),
    });
    expect(Date.parse(created.notAfter!)).toBe(notAfter.getTime());
    expect(created.notBefore).toBeUndefined();
    const leaf = await issue(created);
    expect(leaf.notAfter.getTime()).toBe(notAfter.getTime());
    const [row] = await t.db.query<{ not_after: Date }>(
      'SELECT not_after FROM certificates WHERE serial_number = $1',
      [leaf.serialNumber.toLowerCase()],
    );
    expect(new Date(row.not_after).getTime()).toBe(notAfter.getTime());
    // the order, read again, still says what was asked
    const again = await apiRequest(client, created.url, null, [200]);
    expect(Date.parse(String(again.data.notAfter))).toBe(notAfter.getTime());
  });

  it('issues exactly a notBefore and notAfter asked together (to the second)', async () => {
    const notBefore = wholeSecond(Date.now() + 3600_000);
    const notAfter = wholeSecond(notBefore.getTime() + 30 * DAY);
    const created = await order({ notBefore: notBefore.toISOString(), notAfter: notAfter.toISOString() });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    expect(Date.parse(String(created.data.notBefore))).toBe(notBefore.getTime());
    const leaf = await issue(created);
    expect([leaf.notBefore.getTime(), leaf.notAfter.getTime()]).toEqual([
      notBefore.getTime(),
      notAfter.getTime(),
    ]);
  });

  it('issues as before when the order asks for neither: the policy, capped at the paid period', async () => {
    const paid = wholeSecond(Date.now() + 100 * DAY);
    await paidUntil(paid);
    try {
      const created = await order({});
      expect(created.status).toBe(201);
      expect(created.data).not.toHaveProperty('notAfter');
      const leaf = await issue(created);
      expect(leaf.notAfter.getTime()).toBe(paid.getTime());
      expect(Math.abs(leaf.notBefore.getTime() - (Date.now() - 5 * 60_000))).toBeLessThan(60_000);
    } finally {
      await paidUntil(new Date(Date.now() + 400 * DAY));
    }
  });

  it('refuses what lies outside, naming the limit', async () => {
    const refused = async (extra: Record<string, unknown>) => {
      const res = await order(extra);
      expect(res.status, JSON.stringify(res.data)).toBe(400);
      expect(res.data.type).toBe('urn:ietf:params:acme:error:malformed');
      return res.data.detail as string;
    };
    expect(await refused({ notBefore: new Date(Date.now() - 3600_000).toISOString() })).toMatch(
      /notBefore must not be in the past/,
    );
    const start = wholeSecond(Date.now() + 3600_000);
    expect(await refused({ notBefore: start.toISOString(), notAfter: start.toISOString() })).toMatch(
      /notAfter must be after notBefore/,
    );
    expect(await refused({ notAfter: new Date(Date.now() - DAY).toISOString() })).toMatch(
      /notAfter must be after notBefore/,
    );
    expect(await refused({ notAfter: 'in 90 days' })).toMatch(/RFC 3339/);
    expect(await refused({ notAfter: 20270101 })).toMatch(/RFC 3339/);
    // beyond the policy (paid for 400 days): the policy's limit, counted from notBefore
    const policy = await refused({ notBefore: start.toISOString(), notAfter: midnightIn(380).toISOString() });
    expect(policy).toContain(
      `notAfter must be at most ${new Date(start.getTime() + 365 * DAY).toISOString()}: the longest validity the policy allows`,
    );
    // beyond the paid period
    const paid = wholeSecond(Date.now() + 60 * DAY);
    await paidUntil(paid);
    try {
      expect(await refused({ notAfter: midnightIn(90).toISOString() })).toBe(
        `notAfter must be at most ${paid.toISOString()}: the end of the paid period`,
      );
    } finally {
      await paidUntil(new Date(Date.now() + 400 * DAY));
    }
  });

  it('checks the paid period again at finalize', async () => {
    const notAfter = midnightIn(90);
    const created = await order({ notAfter: notAfter.toISOString() });
    expect(created.status).toBe(201);
    const o = { ...created.data, url: created.headers.location } as acme.Order;
    const [authz] = await client.getAuthorizations(o);
    await apiRequest(client, authz.challenges[0].url, { tkauth: await spcToken(accountKey) }, [200]);
    const paid = wholeSecond(Date.now() + 60 * DAY);
    await paidUntil(paid);
    try {
      const res = await apiRequest(client, o.finalize, { csr: await csrDer() });
      expect(res.status).toBe(400);
      expect(res.data.detail).toContain(
        `notAfter must be at most ${paid.toISOString()}: the end of the paid period`,
      );
      // nothing was issued: the order is still ready
      expect((await client.getOrder(o)).status).toBe('ready');
    } finally {
      await paidUntil(new Date(Date.now() + 400 * DAY));
    }
    const finalized = await client.finalizeOrder(o, await csrPem());
    const leaf = new x509.X509Certificate(
      (await client.getCertificate(finalized)).split(/(?=-----BEGIN CERTIFICATE-----)/)[0],
    );
    expect(leaf.notAfter.getTime()).toBe(notAfter.getTime());
  });
});

/** A CSR as finalize's payload carries it: base64url DER. */
async function csrDer() {
  const pem = await csrPem();
  return Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64').toString('base64url');
}
