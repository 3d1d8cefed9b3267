import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import { BODY_NOT_OBJECT } from '../../../contract/schemas';
import { ensureAdminAccount } from '../../../server/src/accounts/admin';
import { login as loginService } from '../../../server/src/accounts/login';
import type { AccountDeps } from '../../../server/src/accounts/deps';
import { createTokenService } from '../../../server/src/auth/tokens';
import {
  insertReseller,
  insertSubscription,
  login,
  postJson,
  register,
  registration,
} from './accounts-fixtures';
import { createTestApp, secondApp, testConfig, type TestApp } from '../helpers';

const PASSWORD = 'secret-pass';

/** A registered provider whose email is confirmed (the link itself is tested with registration). */
async function provider(t: TestApp, overrides: Record<string, string> = {}) {
  const fields = registration(overrides);
  const res = await register(t, fields);
  expect(res.statusCode).toBe(201);
  const uuid: string = res.json().service_provider_uuid;
  await t.db.query(
    'UPDATE accounts SET is_confirmed = true FROM service_providers sp WHERE sp.account_id = accounts.id AND sp.id = $1',
    [uuid],
  );
  return { uuid, email: fields.email, fields };
}

async function paying(t: TestApp) {
  const p = await provider(t);
  await insertSubscription(t.db, p.uuid, 'active');
  return p;
}

// One database for the file: every test makes its own providers.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('refuses an unknown email (404) and a wrong password (401)', async () => {
    const p = await paying(t);
    const unknown = await login(t, 'nobody@carrier.test', PASSWORD);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      message: LOGIN_MESSAGES.notFound,
      errors: { email: LOGIN_MESSAGES.notFound },
    });
    const wrong = await login(t, p.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: LOGIN_MESSAGES.wrongPassword,
      errors: { password: LOGIN_MESSAGES.wrongPassword },
    });
  });

  it('spends as long on an unknown email as on a known one', async () => {
    const p = await paying(t);
    const time = async (email: string) => {
      const started = performance.now();
      await login(t, email, 'not-the-password');
      return performance.now() - started;
    };
    await time(p.email); // warm both paths
    await time('warm@carrier.test');
    // in turn, five of each, their medians: a burst of load on a shared machine then falls on both
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(p.email));
      unknown.push(await time(`nobody-else-${i}@carrier.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2];
    // both run one argon2 verification (tens of milliseconds); without the dummy one the unknown case takes ~1 ms
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  it('answers each provider state with the message of the sign-in page, in order', async () => {
    const unconfirmed = registration();
    await register(t, unconfirmed);
    const res0 = await login(t, unconfirmed.email, PASSWORD);
    expect(res0.statusCode).toBe(403);
    expect(res0.json().message).toBe(LOGIN_MESSAGES.notConfirmed);

    // confirmed, never paid (an unfinished checkout does not count)
    const p = await provider(t);
    await insertSubscription(t.db, p.uuid, 'incomplete');
    const res1 = await login(t, p.email, PASSWORD);
    expect(res1.statusCode).toBe(403);
    expect(res1.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: LOGIN_MESSAGES.notActive,
      service_provider_uuid: p.uuid,
    });

    // paid once, the period ended
    await insertSubscription(t.db, p.uuid, 'expired', { startDays: -60, endDays: -30 });
    const res2 = await login(t, p.email, PASSWORD);
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toMatchObject({
      message: LOGIN_MESSAGES.noActiveSubscription,
      service_provider_uuid: p.uuid,
    });

    // a renewal failed
    await insertSubscription(t.db, p.uuid, 'past_due', { startDays: -30, endDays: 1 });
    const res3 = await login(t, p.email, PASSWORD);
    expect(res3.statusCode).toBe(402);
    expect(res3.json()).toMatchObject({
      statusCode: 402,
      message: LOGIN_MESSAGES.pastDue,
      service_provider_uuid: p.uuid,
    });

    // paid up again
    await t.db.query(
      `UPDATE subscriptions SET status = 'canceled' WHERE status = 'past_due' AND service_provider_id = $1`,
      [p.uuid],
    );
    await insertSubscription(t.db, p.uuid, 'active');
    const res4 = await login(t, p.email, PASSWORD);
    expect(res4.statusCode).toBe(200);

    // an active subscription whose period is over is no subscription
    const q = await provider(t);
    await insertSubscription(t.db, q.uuid, 'active', { startDays: -40, endDays: -10 });
    expect((await login(t, q.email, PASSWORD)).json().message).toBe(LOGIN_MESSAGES.noActiveSubscription);
  });

  it('signs a provider in with its identity in the token, for the session or for longer', async () => {
    const p = await paying(t);
    const res = await login(t, p.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'service-provider',
      email: p.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Analytical Telecom',
      service_provider_uuid: p.uuid,
    });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: user.id,
      type: 'service-provider',
      email: p.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Analytical Telecom',
      service_provider_uuid: p.uuid,
    });
    expect(claims).not.toHaveProperty('reseller_id');
    expect(claims.exp! - claims.iat!).toBe(t.config.sessionTtl);

    const remembered = decodeJwt((await login(t, p.email, PASSWORD, { remember: true })).json().token);
    expect(remembered.exp! - remembered.iat!).toBe(t.config.rememberMeTtl);
    const notRemembered = decodeJwt((await login(t, p.email, PASSWORD, { remember: false })).json().token);
    expect(notRemembered.exp! - notRemembered.iat!).toBe(t.config.sessionTtl);
  });

  it('refuses a disabled account after checking the password', async () => {
    const p = await paying(t);
    await t.db.query('UPDATE accounts SET is_disabled = true WHERE email = $1', [p.email]);
    expect((await login(t, p.email, 'wrong-password')).statusCode).toBe(401);
    const res = await login(t, p.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.accountDisabled);
  });

  it('signs the admin and resellers in on the same route', async () => {
    await ensureAdminAccount({ db: t.db, config: t.config, log: silentLog });
    const admin = await login(t, t.config.adminEmail, t.config.adminPassword!);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user).toMatchObject({ type: 'admin', email: t.config.adminEmail });
    expect(admin.json().user).not.toHaveProperty('service_provider_uuid');

    const reseller = await insertReseller(t.db, { company: 'Resell Co' });
    // invited but no password chosen yet
    const before = await login(t, reseller.email, 'any-password');
    expect(before.statusCode).toBe(401);
    expect(before.json().message).toBe(LOGIN_MESSAGES.wrongPassword);

    const hash = (
      await t.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE email = $1', [
        t.config.adminEmail,
      ])
    )[0].password_hash;
    await t.db.query('UPDATE accounts SET password_hash = $1, is_confirmed = true WHERE id = $2', [
      hash,
      reseller.accountId,
    ]);
    const res = await login(t, reseller.email, t.config.adminPassword!);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ type: 'reseller', company_name: 'Resell Co' });
    expect(decodeJwt(res.json().token)).toMatchObject({ type: 'reseller', reseller_id: reseller.resellerId });

    await t.db.query('UPDATE resellers SET is_active = false WHERE id = $1', [reseller.resellerId]);
    const inactive = await login(t, reseller.email, t.config.adminPassword!);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe(MESSAGES.accountDisabled);
  });

  it('has a seam for the past-due invoice of the billing module', async () => {
    const p = await provider(t);
    await insertSubscription(t.db, p.uuid, 'past_due');
    const deps: AccountDeps = {
      db: t.db,
      config: t.config,
      log: silentLog,
      now: () => new Date(),
      tokens: createTokenService(new TextEncoder().encode(t.config.jwtSecret!)),
      sessions: t.services.sessions,
      mailer: { kind: 'outbox', send: async () => {}, close: async () => {} },
      pastDueInvoiceUrl: async (uuid) => (uuid === p.uuid ? 'https://pay.test/invoice/1' : null),
    };
    await expect(loginService(deps, { email: p.email, password: PASSWORD })).rejects.toMatchObject({
      statusCode: 402,
      message: LOGIN_MESSAGES.pastDueNewInvoice,
      extra: { service_provider_uuid: p.uuid, url: 'https://pay.test/invoice/1' },
    });
  });

  describe('bad input', () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload,
      });

    it('malformed JSON and bodies that are not objects', async () => {
      const malformed = await raw('{"email": "a@b.co", ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Malformed JSON body',
      });
      for (const body of ['[]', '"a@b.co"', '42', 'null', 'true']) {
        const res = await raw(body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json().message).toBe(BODY_NOT_OBJECT);
      }
      const text = await raw('email=a@b.co', 'text/plain');
      expect(text.statusCode).toBe(400);
      const form = await raw('email=a@b.co', 'application/x-www-form-urlencoded');
      expect(form.statusCode).toBe(415);
      const none = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toMatchObject({
        email: 'Email is a required field',
        password: 'Password is a required field',
      });
    });

    it('wrong types are refused, not turned into text', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: 12345, password: PASSWORD }, 'email', 'email must be a string'],
        [{ email: ['a@b.co'], password: PASSWORD }, 'email', 'email must be a string'],
        [{ email: { $ne: '' }, password: PASSWORD }, 'email', 'email must be a string'],
        [{ email: 'a@b.co', password: 123456 }, 'password', 'password must be a string'],
        [
          { email: 'a@b.co', password: PASSWORD, remember: 'yes' },
          'remember',
          'remember must be true or false',
        ],
        [{ email: 'a\u0000@b.co', password: PASSWORD }, 'email', 'email is not valid.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await postJson(t, '/api/auth/login', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
      }
    });

    it('missing, unknown, invalid and oversized fields', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ password: PASSWORD }, 'Email is a required field'],
        [{ email: '', password: PASSWORD }, 'Email is a required field'],
        [{ email: 'not-an-email', password: PASSWORD }, 'Invalid email'],
        [{ email: `${'a'.repeat(300)}@b.co`, password: PASSWORD }, 'Invalid email'],
        [{ email: "' OR 1=1 --@x.co", password: PASSWORD }, 'Invalid email'],
        [{ email: 'a@b.co', password: 'abc' }, 'Password must be at least 5 characters'],
        [{ email: 'a@b.co', password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
        [{ email: 'a@b.co', password: PASSWORD, role: 'admin' }, 'Unknown field: role'],
      ];
      for (const [body, message] of cases) {
        const res = await postJson(t, '/api/auth/login', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const huge = await raw(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }));
      expect(huge.statusCode).toBe(413);
    });
  });
});

describe('the provider profile', () => {
  const profile = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/service_provider',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers every field of the signed-in provider, and only its own', async () => {
    const a = await provider(t, { company_name: 'Alpha Telecom' });
    await insertSubscription(t.db, a.uuid, 'active', { startDays: -10, endDays: 20 });
    const b = await provider(t, { company_name: 'Beta Telecom' });
    await insertSubscription(t.db, b.uuid, 'active');
    const tokenA = (await login(t, a.email, PASSWORD)).json().token;

    const res = await profile(tokenA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      service_provider_uuid: a.uuid,
      type: 'service-provider',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Alpha Telecom',
      printed_name: 'Ada Lovelace',
      ocn: a.fields.ocn.toUpperCase(),
      email: a.email,
      phone_number: '(202) 555-0143',
      title: 'CTO',
      address: '1 Engine Way',
      address2: null,
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      country: 'US',
      filer_id: '123456',
      frn_number: '0012345678',
      is_active: true,
      is_confirmed: true,
      subscription_started_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      subscription_expired_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      auto_charge: false,
      created_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password_hash|signature/);

    // a token naming B's company but A's account (as a forged or stale token would) finds nothing
    const tokens = createTokenService(new TextEncoder().encode(t.config.jwtSecret!));
    const claims = decodeJwt(tokenA);
    const mixed = await tokens.sign(
      {
        sub: claims.sub!,
        sid: claims.sid as string,
        type: 'service-provider',
        email: a.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        service_provider_uuid: b.uuid,
      },
      60,
    );
    expect((await profile(mixed)).statusCode).toBe(404);
    const garbage = await tokens.sign(
      {
        sub: claims.sub!,
        sid: claims.sid as string,
        type: 'service-provider',
        email: a.email,
        first_name: 'A',
        last_name: 'L',
        service_provider_uuid: "1' OR '1'='1",
      },
      60,
    );
    expect((await profile(garbage)).statusCode).toBe(404);
  });

  it('needs a provider token', async () => {
    expect((await profile()).statusCode).toBe(401);
    expect((await profile('not-a-token')).statusCode).toBe(401);
    await ensureAdminAccount({ db: t.db, config: t.config, log: silentLog });
    const admin = (await login(t, t.config.adminEmail, t.config.adminPassword!)).json().token;
    expect((await profile(admin)).statusCode).toBe(403);
  });
});

describe('rate limit of the sign-in routes', () => {
  // Two servers with a small limit on the same database: the counters are in it, so they count together.
  const servers: TestApp[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const config = testConfig({ authRateLimit: 3 });
      const server = await secondApp(t.db, config);
      servers.push({
        ...server,
        async close() {
          await server.close();
          fs.rmSync(config.dataDir, { recursive: true, force: true });
        },
      });
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  // Each test comes from its own address, so earlier sign-ins in this file do not count.
  const from = (server: TestApp, remoteAddress: string, url: string, payload: object) =>
    server.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('answers 429 past the limit, counting the attempts made on every server', async () => {
    const ip = '198.51.100.7';
    const body = { email: 'nobody@carrier.test', password: PASSWORD };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await from(servers[i % 2], ip, '/api/auth/login', body)).statusCode);
    expect(codes).toEqual([404, 404, 404, 429]);
    const res = await from(servers[1], ip, '/api/auth/login', body);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    // each route has its own budget, and each address its own
    expect(
      (await from(servers[0], ip, '/api/auth/forgot_password', { email: 'nobody@carrier.test' })).statusCode,
    ).toBe(404);
    expect((await from(servers[0], '198.51.100.8', '/api/auth/login', body)).statusCode).toBe(404);
  });

  it('starts a new window when the last one has ended', async () => {
    const ip = '198.51.100.9';
    const body = { email: 'nobody@carrier.test', password: PASSWORD };
    for (let i = 0; i < 3; i++) await from(servers[0], ip, '/api/auth/login', body);
    expect((await from(servers[0], ip, '/api/auth/login', body)).statusCode).toBe(429);
    // As if the minute had passed: the window of this address ends now.
    await t.db.query(`UPDATE rate_limits SET window_ends = clock_timestamp() WHERE key LIKE $1`, [`%${ip}`]);
    expect((await from(servers[1], ip, '/api/auth/login', body)).statusCode).toBe(404);
    const [row] = await t.db.query<{ hits: number }>(`SELECT hits FROM rate_limits WHERE key LIKE $1`, [
      `POST /api/auth/login ${ip}`,
    ]);
    expect(row.hits).toBe(1);
  });
});

const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLog;
  },
};
