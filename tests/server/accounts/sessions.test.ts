// Server-side sessions: a token is good only while its session row is live and its account may still sign in.
// Logout, logout everywhere, password reset and change, deactivation and role change all end sessions; the guard
// decides on the route the router matched, so no spelling of /api reaches a handler without a live session.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, LOGIN_MESSAGES } from '../../../contract/constants';
import { createTokenService } from '../../../server/src/auth/tokens';
import { inviteAccount } from '../../../server/src/accounts/links';
import { runHousekeeping } from '../../../server/src/jobs/housekeeping';
import { insertReseller, lastToken, login, postJson } from './accounts-fixtures';
import { activeProvider, type Provider } from '../billing/billing-fixtures';
import { createTestApp, secondApp, sessionToken, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  // every request reads its session: what these tests change in the database counts at once
  t = await createTestApp({ config: { sessionCacheSeconds: 0 } });
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (token: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/service_provider', headers: bearer(token) });
const post = (url: string, token: string, body?: unknown) => postJson(t, url, body, bearer(token));

const signInAdmin = () => sessionToken(t, { type: 'admin' });

async function signIn(p: Provider, password = p.password): Promise<string> {
  const res = await login(t, p.email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

describe('sign-in', () => {
  it('opens a session row that the token names', async () => {
    const p = await activeProvider(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'user-agent': 'SessionTest/1.0' },
      payload: JSON.stringify({ email: p.email, password: p.password }),
    });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().token);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await t.db.query<{
      account_id: string;
      user_agent: string;
      revoked_on: Date | null;
      expires_on: Date;
    }>('SELECT account_id, user_agent, revoked_on, expires_on FROM sessions WHERE id = $1', [claims.sid]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account_id: claims.sub,
      user_agent: 'SessionTest/1.0',
      revoked_on: null,
    });
    // the row lives as long as the token
    expect(Math.abs(new Date(rows[0].expires_on).getTime() / 1000 - claims.exp!)).toBeLessThanOrEqual(1);
  });

  it('refuses a well-signed token that names no session, or another account’s', async () => {
    const p = await activeProvider(t);
    const token = await signIn(p);
    const claims = decodeJwt(token);
    const tokens = createTokenService(new TextEncoder().encode(t.config.jwtSecret!));
    const base = {
      sub: claims.sub!,
      type: 'service-provider' as const,
      email: p.email,
      first_name: 'A',
      last_name: 'B',
      service_provider_uuid: claims.service_provider_uuid as string,
    };
    expect((await profile(await tokens.sign(base, 600))).statusCode).toBe(401);
    const unknownSid = await tokens.sign({ ...base, sid: '00000000-0000-4000-8000-000000000009' }, 600);
    expect((await profile(unknownSid)).statusCode).toBe(401);
    const other = decodeJwt(await signIn(await activeProvider(t)));
    const borrowed = await tokens.sign({ ...base, sid: other.sid as string }, 600);
    expect((await profile(borrowed)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('refuses a token whose session row has expired', async () => {
    const token = await signIn(await activeProvider(t));
    await t.db.query(`UPDATE sessions SET expires_on = now() - interval '1 second' WHERE id = $1`, [
      decodeJwt(token).sid,
    ]);
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session of the token: the same token then answers 401, other sessions go on', async () => {
    const p = await activeProvider(t);
    const here = await signIn(p);
    const there = await signIn(p);
    expect((await profile(here)).statusCode).toBe(200);

    const out = await post('/api/auth/logout', here);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await profile(here);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((await post('/api/auth/logout', here)).statusCode).toBe(401);
    expect((await profile(there)).statusCode).toBe(200);

    const [row] = await t.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM sessions WHERE id = $1',
      [decodeJwt(here).sid],
    );
    expect(row.revoked_reason).toBe('logout');
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout_all' })).statusCode).toBe(401);
  });

  it('everywhere ends every session of the account and no other account’s', async () => {
    const p = await activeProvider(t);
    const a = await signIn(p);
    const b = await signIn(p);
    const c = await signIn(p);
    const stranger = await signIn(await activeProvider(t));

    expect((await post('/api/auth/logout_all', b)).statusCode).toBe(204);
    for (const token of [a, b, c]) expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(stranger)).statusCode).toBe(200);
    // signing in again opens a new session
    expect((await profile(await signIn(p))).statusCode).toBe(200);
  });

  it('is open to every role', async () => {
    const admin = await signInAdmin();
    expect((await post('/api/auth/logout', admin)).statusCode).toBe(204);
    const reseller = await insertReseller(t.db);
    const token = await sessionToken(t, {
      type: 'reseller',
      sub: reseller.accountId,
      reseller_id: reseller.resellerId,
    });
    expect((await post('/api/auth/logout_all', token)).statusCode).toBe(204);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('a reset through the emailed link ends every session of the account', async () => {
    const p = await activeProvider(t);
    const old = await signIn(p);
    const stranger = await signIn(await activeProvider(t));
    expect((await postJson(t, '/api/auth/forgot_password', { email: p.email })).statusCode).toBe(200);
    const reset = await postJson(t, '/api/auth/forgot_password/confirm', {
      token: lastToken(t.config, p.email),
      password: 'brand-new-pass',
      password_extra: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);

    expect((await profile(old)).statusCode).toBe(401);
    expect((await profile(stranger)).statusCode).toBe(200);
    expect((await profile(await signIn(p, 'brand-new-pass'))).statusCode).toBe(200);
  });

  it('a password set through an invitation link ends the sessions the account had', async () => {
    const reseller = await insertReseller(t.db);
    const token = await sessionToken(t, {
      type: 'reseller',
      sub: reseller.accountId,
      reseller_id: reseller.resellerId,
    });
    await inviteAccount(t.services.accounts, reseller.accountId);
    const set = await postJson(t, '/api/auth/reseller/password', {
      token: lastToken(t.config, reseller.email),
      password: 'reseller-pass',
      password_extra: 'reseller-pass',
    });
    expect(set.statusCode).toBe(200);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(401);
  });

  it('a change ends the other sessions and keeps the one that changed it', async () => {
    const p = await activeProvider(t);
    const here = await signIn(p);
    const there = await signIn(p);
    const res = await post('/api/auth/password', here, {
      current_password: p.password,
      password: 'changed-pass-1',
      password_extra: 'changed-pass-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.passwordUpdated });

    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(there)).statusCode).toBe(401);
    expect((await login(t, p.email, p.password)).json().message).toBe(LOGIN_MESSAGES.wrongPassword);
    expect((await profile(await signIn(p, 'changed-pass-1'))).statusCode).toBe(200);
  });

  it('a change needs the current password (400, the session stays) and answers bad input with 400', async () => {
    const p = await activeProvider(t);
    const here = await signIn(p);
    const there = await signIn(p);
    const wrong = await post('/api/auth/password', here, {
      current_password: 'not-the-password',
      password: 'changed-pass-2',
      password_extra: 'changed-pass-2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: LOGIN_MESSAGES.wrongPassword });
    for (const body of [
      { current_password: p.password, password: 'abc', password_extra: 'abc' },
      { current_password: p.password, password: 'changed-pass-2', password_extra: 'other-pass-2' },
      { password: 'changed-pass-2', password_extra: 'changed-pass-2' },
      {
        current_password: p.password,
        password: 'changed-pass-2',
        password_extra: 'changed-pass-2',
        role: 'admin',
      },
      [],
    ]) {
      expect((await post('/api/auth/password', here, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(there)).statusCode).toBe(200);
    expect((await signIn(p)).length).toBeGreaterThan(0);
  });
});

describe('the account behind a session', () => {
  it('a disabled account’s token answers 401 at its next request, and cannot create a key', async () => {
    const p = await activeProvider(t);
    const token = await signIn(p);
    const keys = () =>
      t.db.query('SELECT 1 FROM private_keys WHERE service_provider_id = $1', [p.spId]).then((r) => r.length);
    const create = () => post('/api/service_provider/generate_sti_priv_key', token);
    expect((await create()).statusCode).toBe(201);
    expect(await keys()).toBe(1);

    await t.db.query('UPDATE accounts SET is_disabled = true WHERE lower(email) = $1', [
      p.email.toLowerCase(),
    ]);
    expect((await create()).statusCode).toBe(401);
    expect(await keys()).toBe(1);
    expect((await profile(token)).statusCode).toBe(401);
    // enabled again, the old token stays revoked: a new sign-in is needed
    await t.db.query('UPDATE accounts SET is_disabled = false WHERE lower(email) = $1', [
      p.email.toLowerCase(),
    ]);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(await signIn(p))).statusCode).toBe(200);
  });

  it('a role change ends the sessions of the old role', async () => {
    const p = await activeProvider(t);
    const token = await signIn(p);
    await t.db.query(`UPDATE accounts SET type = 'admin' WHERE lower(email) = $1`, [p.email.toLowerCase()]);
    expect((await profile(token)).statusCode).toBe(401);
    const [row] = await t.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM sessions WHERE id = $1',
      [decodeJwt(token).sid],
    );
    expect(row.revoked_reason).toBe('role_changed');
  });

  it('a deactivated reseller’s tokens answer 401', async () => {
    const reseller = await insertReseller(t.db);
    const claims = { type: 'reseller' as const, sub: reseller.accountId, reseller_id: reseller.resellerId };
    const one = await sessionToken(t, claims);
    const two = await sessionToken(t, claims);
    expect((await post('/api/auth/logout', one)).statusCode).toBe(204);
    await t.db.query('UPDATE resellers SET is_active = false WHERE id = $1', [reseller.resellerId]);
    expect((await post('/api/auth/logout', two)).statusCode).toBe(401);
    const [row] = await t.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM sessions WHERE id = $1',
      [decodeJwt(two).sid],
    );
    expect(row.revoked_reason).toBe('deactivated');
  });

  it('the guard re-checks the account itself, even where no revocation was written', async () => {
    const p = await activeProvider(t);
    const token = await signIn(p);
    const email = p.email.toLowerCase();
    // as if a statement had bypassed the triggers: the session row stays live, the account changes under it
    await t.db.query('ALTER TABLE accounts DISABLE TRIGGER accounts_revoke_sessions');
    try {
      await t.db.query('UPDATE accounts SET is_disabled = true WHERE lower(email) = $1', [email]);
      expect((await profile(token)).statusCode).toBe(401);
      await t.db.query('UPDATE accounts SET is_disabled = false WHERE lower(email) = $1', [email]);
      expect((await profile(token)).statusCode).toBe(200);
      await t.db.query(`UPDATE accounts SET type = 'reseller' WHERE lower(email) = $1`, [email]);
      expect((await profile(token)).statusCode).toBe(401);
      await t.db.query(`UPDATE accounts SET type = 'service-provider' WHERE lower(email) = $1`, [email]);
      expect((await profile(token)).statusCode).toBe(200);
    } finally {
      await t.db.query('ALTER TABLE accounts ENABLE TRIGGER accounts_revoke_sessions');
    }
  });
});

describe('the cache of another server', () => {
  it('sees a revocation made elsewhere within SESSION_CACHE_SECONDS', async () => {
    const other = await secondApp(t.db, { ...t.config, sessionCacheSeconds: 1 });
    try {
      const p = await activeProvider(t);
      const token = await signIn(p);
      expect((await profile(token, other.app)).statusCode).toBe(200);
      const revokedAt = Date.now();
      expect((await post('/api/auth/logout', token)).statusCode).toBe(204);
      expect((await profile(token)).statusCode).toBe(401);
      let status = 200;
      while (status !== 401 && Date.now() - revokedAt < 5_000) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await profile(token, other.app)).statusCode;
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1_600);
    } finally {
      await other.close();
    }
  });

  it('forgets at once what its own server revoked', async () => {
    const other = await secondApp(t.db, { ...t.config, sessionCacheSeconds: 60 });
    try {
      const p = await activeProvider(t);
      const token = await signIn(p);
      expect((await profile(token, other.app)).statusCode).toBe(200);
      expect(
        (await other.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }))
          .statusCode,
      ).toBe(204);
      expect((await profile(token, other.app)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('the guard decides on the routed path', () => {
  const spellings = [
    ['GET', '/%61pi/service_provider'],
    ['GET', '/%61pi/service_provider/sti_priv_key'],
    ['GET', '/api/%73ervice_provider/payments'],
    ['GET', '/%61%70%69/service_provider/invoices'],
    ['POST', '/%61pi/service_provider/generate_sti_priv_key'],
    ['POST', '/%61pi/auth/logout_all'],
    ['GET', '/%61pi/no_such_route'],
    ['GET', '/%2561pi/service_provider'],
    ['GET', '/API/service_provider'],
  ] as const;

  it('answers 401 or 404 to every spelling of a protected path without a token, never 2xx', async () => {
    for (const [method, url] of spellings) {
      const res = await t.app.inject({ method, url });
      expect([401, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    // the router does decode /%61pi/ to /api/: those are refused by the guard, not by a missing route
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/service_provider' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/%73ervice_provider' })).statusCode).toBe(401);
  });

  it('answers 401 with a revoked token under any spelling, and serves a live one', async () => {
    const p = await activeProvider(t);
    const token = await signIn(p);
    expect(
      (await t.app.inject({ method: 'GET', url: '/%61pi/service_provider', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(204);
    for (const [method, url] of spellings) {
      const res = await t.app.inject({ method, url, headers: bearer(token) });
      expect([401, 404], `${method} ${url}`).toContain(res.statusCode);
    }
  });

  it('refuses a role the matrix does not list under any spelling (403)', async () => {
    const reseller = await insertReseller(t.db);
    const tokens = [
      await sessionToken(t, { type: 'admin' }),
      await sessionToken(t, { type: 'reseller', sub: reseller.accountId, reseller_id: reseller.resellerId }),
    ];
    for (const token of tokens) {
      for (const url of [
        '/%61pi/service_provider/sti_priv_key',
        '/%61pi/service_provider/payments',
        '/api/%73ervice_provider/invoices',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(403);
      }
    }
  });

  it('leaves public routes public under any spelling', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/health' })).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('deletes sessions a week past their expiry or revocation, and keeps the others', async () => {
    const account = decodeJwt(await signInAdmin()).sub!;
    const day = 24 * 3600 * 1000;
    const at = (days: number) => new Date(Date.now() + days * day);
    const insert = (created: Date, expires: Date, revoked: Date | null) =>
      t.db
        .query<{ id: string }>(
          `INSERT INTO sessions (account_id, created_on, expires_on, revoked_on, revoked_reason)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [account, created, expires, revoked, revoked ? 'logout' : null],
        )
        .then((r) => r[0].id);
    const longExpired = await insert(at(-40), at(-8), null);
    const longRevoked = await insert(at(-20), at(10), at(-8));
    const recentlyExpired = await insert(at(-3), at(-2), null);
    const recentlyRevoked = await insert(at(-3), at(10), at(-1));
    const live = await insert(at(-1), at(10), null);

    await runHousekeeping({ db: t.db, log: { info: () => undefined }, now: () => new Date() });

    const left = (await t.db.query<{ id: string }>('SELECT id FROM sessions')).map((r) => r.id);
    expect(left).not.toContain(longExpired);
    expect(left).not.toContain(longRevoked);
    expect(left).toEqual(expect.arrayContaining([recentlyExpired, recentlyRevoked, live]));
  });
});
