import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../../server/src/accounts/admin';
import type { Config } from '../../../server/src/config';
import { login, register, registration } from './accounts-fixtures';
import { captureLog, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query(`DELETE FROM accounts WHERE type = 'admin'`);
});

const admins = () =>
  t.db.query<{ email: string; is_confirmed: boolean; password_hash: string }>(
    `SELECT email, is_confirmed, password_hash FROM accounts WHERE type = 'admin'`,
  );
const bootstrap = (config: Partial<Config> = {}, log = captureLog().log) =>
  ensureAdminAccount({ db: t.db, config: { ...t.config, ...config }, log });

describe('the first admin', () => {
  it('is created once from ADMIN_EMAIL and ADMIN_PASSWORD, confirmed, and can sign in', async () => {
    const { log, lines } = captureLog();
    expect(await bootstrap({}, log)).toEqual({ created: true });
    expect(await admins()).toEqual([
      {
        email: t.config.adminEmail,
        is_confirmed: true,
        password_hash: expect.stringMatching(/^\$argon2id\$/),
      },
    ]);
    expect(lines.some((l) => l.level === 'info')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(t.config.adminPassword);

    expect(await bootstrap()).toEqual({ created: false });
    expect(await bootstrap({ adminEmail: 'other-admin@portal.test' })).toEqual({ created: false });
    expect(await admins()).toHaveLength(1);

    const res = await login(t, t.config.adminEmail, t.config.adminPassword!);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ type: 'admin', email: t.config.adminEmail });
  });

  it('gets a generated password, logged once with a warning, when none is configured', async () => {
    const { log, lines } = captureLog();
    const result = await bootstrap({ adminPassword: undefined }, log);
    expect(result.created).toBe(true);
    const password = result.generatedPassword!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0].args.at(-1))).toContain(password);

    const again = captureLog();
    expect(await bootstrap({ adminPassword: undefined }, again.log)).toEqual({ created: false });
    expect(JSON.stringify(again.lines)).not.toContain(password);
    expect((await login(t, t.config.adminEmail, password)).statusCode).toBe(200);
  });

  it('is created exactly once when several processes start together', async () => {
    const results = await Promise.all([bootstrap(), bootstrap(), bootstrap()]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it('refuses an ADMIN_EMAIL that another account uses, or that is not an email', async () => {
    const fields = registration();
    expect((await register(t, fields)).statusCode).toBe(201);
    await expect(bootstrap({ adminEmail: fields.email })).rejects.toThrow(
      /already belongs to another account/,
    );
    await expect(bootstrap({ adminEmail: 'not-an-email' })).rejects.toThrow(/not a valid email/);
    await expect(bootstrap({ adminPassword: 'abc' })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await admins()).toHaveLength(0);
  });
});
