// TRUST_PROXY: X-Forwarded-For counts only when the connection comes from a trusted proxy. The sign-in limit and
// the signed agreement's recorded address use the address that setting yields, in production as anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/src/config';
import { multipart, makePng, registration } from '../accounts/accounts-fixtures';
import { createTestApp, type TestApp } from '../helpers';

const LIMIT = 5;
const PROXY = '10.20.30.40';

/** A production app (a declared demo, so that it starts on the sandbox and the simulator). */
const production = (trustProxy: Config['trustProxy']): Partial<Config> => ({
  isProduction: true,
  demoMode: true,
  trustProxy,
  authRateLimit: LIMIT,
});

function wrongLogin(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ email: 'nobody@carrier.test', password: 'wrong-password' }),
  });
}

async function registerFrom(t: TestApp, remoteAddress: string, forwardedFor: string) {
  const body = multipart(registration(), [{ name: 'sign_file', data: makePng() }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: body.payload,
    headers: { ...body.headers, 'x-forwarded-for': forwardedFor },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await t.db.query<{ accepted_ip: string }>(
    'SELECT accepted_ip FROM subscriber_agreements WHERE service_provider_id = $1',
    [res.json().service_provider_uuid],
  );
  return row.accepted_ip;
}

describe('TRUST_PROXY unset: no proxy is trusted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: production(false) });
  });
  afterAll(() => t.close());

  it('limits wrong sign-ins per connection address, whatever X-Forwarded-For claims', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await wrongLogin(t, '203.0.113.9', `198.51.100.${i + 1}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LIMIT);
    const limited = await wrongLogin(t, '203.0.113.9', '192.0.2.200');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429 });
  });

  it('records the connection address with the signed agreement, not a forged X-Forwarded-For', async () => {
    expect(await registerFrom(t, '203.0.113.77', '198.51.100.66')).toBe('203.0.113.77');
  });
});

describe('TRUST_PROXY lists the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: production([PROXY, '10.99.0.0/16']) });
  });
  afterAll(() => t.close());

  it('limits each client behind the proxy by the address the proxy forwards', async () => {
    // Clients behind the proxy each have their own count...
    for (let i = 0; i < 3 * LIMIT; i++) {
      expect((await wrongLogin(t, PROXY, `198.51.100.${i + 1}`)).statusCode).toBe(404);
    }
    // ...and one client reaches its limit however many others share the proxy.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await wrongLogin(t, PROXY, '192.0.2.33')).statusCode);
    expect(statuses.slice(0, LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it("records the client's forwarded address from the proxy, a CIDR of proxies included", async () => {
    expect(await registerFrom(t, PROXY, '198.51.100.66')).toBe('198.51.100.66');
    expect(await registerFrom(t, '10.99.1.2', '198.51.100.67')).toBe('198.51.100.67');
    // A client that claims to be behind a proxy while it is not: its own address is recorded.
    expect(await registerFrom(t, '203.0.113.5', '198.51.100.68')).toBe('203.0.113.5');
    // The proxy appends what it saw to what the client sent: the entry before the proxy is the client.
    expect(await registerFrom(t, PROXY, '6.6.6.6, 198.51.100.69')).toBe('198.51.100.69');
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: production(1) });
  });
  afterAll(() => t.close());

  it('takes the address the nearest proxy saw, not the ones the client wrote before it', async () => {
    expect(await registerFrom(t, PROXY, '6.6.6.6, 198.51.100.70')).toBe('198.51.100.70');
  });
});
