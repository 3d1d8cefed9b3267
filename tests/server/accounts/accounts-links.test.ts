import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import { inviteAccount } from '../../../server/src/accounts/links';
import { createTokenService } from '../../../server/src/auth/tokens';
import { createMailer } from '../../../server/src/integrations/mail';
import {
  headerOf,
  insertReseller,
  insertSubscription,
  lastToken,
  linkIn,
  login,
  mailsTo,
  postJson,
  register,
  registration,
} from './accounts-fixtures';
import { createTestApp, type TestApp } from '../helpers';

const HOUR = 3600_000;
let clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(() => {
  clock = new Date();
});

const confirm = (token: string) => postJson(t, `/api/service_provider/confirm/${encodeURIComponent(token)}`);
const resend = (email: unknown) => postJson(t, '/api/service_provider/resend_confirmation_email', { email });
const forgot = (email: unknown) => postJson(t, '/api/auth/forgot_password', { email });
const reset = (token: string, password = 'brand-new-pass', password_extra = password) =>
  postJson(t, '/api/auth/forgot_password/confirm', { token, password, password_extra });
const acceptInvite = (token: string, password = 'reseller-pass', password_extra = password) =>
  postJson(t, '/api/auth/reseller/password', { token, password, password_extra });

async function newProvider() {
  const fields = registration();
  const res = await register(t, fields);
  expect(res.statusCode).toBe(201);
  return { email: fields.email, uuid: res.json().service_provider_uuid as string };
}

describe('email confirmation links', () => {
  it('work once, within 72 hours', async () => {
    const p = await newProvider();
    const first = lastToken(t.config, p.email);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);

    clock = new Date(Date.now() + 73 * HOUR);
    const late = await confirm(first);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ statusCode: 400, message: MESSAGES.invalidToken });

    clock = new Date(Date.now() + 71 * HOUR);
    const ok = await confirm(first);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MESSAGES.emailConfirmed });
    // clicked again: the address is confirmed already, and the page sends the person to sign in
    const again = await confirm(first);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: MESSAGES.emailAlreadyConfirmed, already_confirmed: true });
    const [row] = await t.db.query<{ is_confirmed: boolean; confirmed_on: Date }>(
      'SELECT is_confirmed, confirmed_on FROM accounts WHERE email = $1',
      [p.email],
    );
    expect(row.is_confirmed).toBe(true);
    expect(new Date(row.confirmed_on).getTime()).toBe(clock.getTime());
  });

  it('are used by exactly one of two simultaneous clicks', async () => {
    const p = await newProvider();
    const token = lastToken(t.config, p.email);
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    // one confirms; the others find the link used, and the account confirmed once the first has committed
    const confirmedNow = answers.filter((r) => r.statusCode === 200 && !r.json().already_confirmed);
    expect(confirmedNow).toHaveLength(1);
    for (const r of answers.filter((a) => !confirmedNow.includes(a)))
      expect([400, 200]).toContain(r.statusCode);
  });

  it('of an unconfirmed account that was not used are refused once expired, not taken as confirmed', async () => {
    const p = await newProvider();
    const token = lastToken(t.config, p.email);
    clock = new Date(Date.now() + 73 * HOUR);
    expect((await confirm(token)).json()).toMatchObject({ message: MESSAGES.invalidToken });
  });

  it('refuse unknown and malformed tokens', async () => {
    for (const token of ['x', 'A'.repeat(43), "' OR 1=1 --", 'a'.repeat(90), '%00']) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(MESSAGES.invalidToken);
    }
    // a password-reset link is not a confirmation link
    const p = await newProvider();
    await forgot(p.email);
    expect((await confirm(lastToken(t.config, p.email))).statusCode).toBe(400);
  });

  it('are sent again only to an unconfirmed provider, with the same answer for everyone', async () => {
    const p = await newProvider();
    const answer = { message: MESSAGES.checkEmail };

    const res = await resend(p.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);
    const mails = mailsTo(t.config, p.email);
    expect(mails).toHaveLength(2);
    // either link works, and using one closes the other
    const [older, newer] = mails.map((m) => linkIn(m).token);
    expect(older).not.toBe(newer);
    expect((await confirm(older)).json()).toEqual({ message: MESSAGES.emailConfirmed });
    expect((await confirm(newer)).json()).toMatchObject({ already_confirmed: true });

    expect((await resend(p.email)).json()).toEqual(answer);
    expect((await resend('nobody@carrier.test')).json()).toEqual(answer);
    expect(mailsTo(t.config, p.email)).toHaveLength(2);
    expect(mailsTo(t.config, 'nobody@carrier.test')).toHaveLength(0);

    for (const bad of [undefined, '', 'nope', 42, ['a@b.co']]) {
      expect((await resend(bad)).statusCode, String(bad)).toBe(400);
    }
  });
});

describe('password reset', () => {
  it('mails a one-hour link that sets a new password', async () => {
    const p = await newProvider();
    await insertSubscription(t.db, p.uuid, 'active');
    const res = await forgot(p.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.checkEmail });
    const mail = mailsTo(t.config, p.email).at(-1)!;
    expect(headerOf(mail, 'Subject')).toBe('Reset your password');
    const { url, token } = linkIn(mail);
    expect(`${url.origin}${url.pathname}`).toBe('http://portal.test/reset-password');
    const [stored] = await t.db.query<{ purpose: string }>(
      'SELECT purpose FROM auth_tokens WHERE token_hash = $1',
      [createHash('sha256').update(token).digest('hex')],
    );
    expect(stored.purpose).toBe('password_reset');

    const mismatch = await reset(token, 'brand-new-pass', 'other-pass');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ password_extra: 'Passwords do not match' });

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: MESSAGES.passwordChanged });
    expect((await reset(token, 'third-pass-1')).statusCode).toBe(400);

    expect((await login(t, p.email, 'secret-pass')).statusCode).toBe(401);
    // following the link proved the address, so the account counts as confirmed too
    expect((await login(t, p.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('expires after an hour', async () => {
    const p = await newProvider();
    await forgot(p.email);
    const token = lastToken(t.config, p.email);
    clock = new Date(Date.now() + HOUR + 1000);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: MESSAGES.invalidToken,
      errors: { token: MESSAGES.invalidToken },
    });
  });

  it('closes every other open reset link of the account', async () => {
    const p = await newProvider();
    await forgot(p.email);
    const first = lastToken(t.config, p.email);
    await forgot(p.email);
    const second = lastToken(t.config, p.email);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'another-pass')).statusCode).toBe(400);
    expect((await login(t, p.email, 'another-pass')).statusCode).not.toBe(200);
  });

  it('can be checked as the page opens, before the form is filled: open, then used, expired or of another kind', async () => {
    const linkStatus = (token: string, purpose: unknown = 'password_reset') =>
      postJson(t, '/api/auth/link_status', { token, purpose });
    const p = await newProvider();
    await forgot(p.email);
    const token = lastToken(t.config, p.email);
    const open = await linkStatus(token);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ message: MESSAGES.linkUsable });
    // checking spends nothing
    expect((await linkStatus(token)).statusCode).toBe(200);
    expect((await linkStatus(token, 'invitation')).json()).toMatchObject({ message: MESSAGES.invalidToken });
    expect((await linkStatus(token, 'email_confirmation')).statusCode).toBe(400);
    expect((await linkStatus('x')).statusCode).toBe(400);

    clock = new Date(Date.now() + HOUR + 1000);
    expect((await linkStatus(token)).json()).toMatchObject({
      message: MESSAGES.invalidToken,
      errors: { token: MESSAGES.invalidToken },
    });
    clock = new Date();
    expect((await reset(token)).statusCode).toBe(200);
    expect((await linkStatus(token)).statusCode).toBe(400);
  });

  it('tells an unknown address so, and refuses bad input', async () => {
    const res = await forgot('nobody@carrier.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MESSAGES.inputCorrectEmail });
    expect(mailsTo(t.config, 'nobody@carrier.test')).toHaveLength(0);

    expect((await forgot('not-an-email')).json().message).toBe('Invalid email');
    expect((await forgot(12)).json().message).toBe('email must be a string');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'This link is invalid or has expired'],
      [{ token: 'abc', password: 'abc', password_extra: 'abc' }, 'Password must be at least 5 characters'],
      [{ token: 'abc', password: 'abcdef' }, 'Confirm password is a required field'],
      [
        { token: 'x'.repeat(201), password: 'abcdef', password_extra: 'abcdef' },
        'token must be at most 200 characters',
      ],
      [{ token: ['abc'], password: 'abcdef', password_extra: 'abcdef' }, 'token must be a string'],
      [
        { token: 'abc', password: 'abcdef', password_extra: 'abcdef', email: 'a@b.co' },
        'Unknown field: email',
      ],
      [{ token: 'abc', password: 'abcdef', password_extra: 'abcdef' }, MESSAGES.invalidToken],
    ];
    for (const [body, message] of cases) {
      const r = await postJson(t, '/api/auth/forgot_password/confirm', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toBe(message);
    }
  });
});

describe('invitations and reseller codes', () => {
  // Invitations are sent by the admin and reseller modules; here the service is called as they will call it.
  const deps = () =>
    ({
      db: t.db,
      config: t.config,
      log: t.app.log,
      now: () => clock,
      tokens: createTokenService(new TextEncoder().encode(t.config.jwtSecret!), () => clock),
      sessions: t.services.sessions,
      mailer: createMailer(t.config, t.app.log),
    }) as const;

  it('let an invited reseller choose a password once, then sign in', async () => {
    const reseller = await insertReseller(t.db, { company: 'Resell Co' });
    await inviteAccount(deps(), reseller.accountId);
    const mail = mailsTo(t.config, reseller.email).at(-1)!;
    expect(headerOf(mail, 'Subject')).toMatch(/invited/);
    const { url, token } = linkIn(mail);
    expect(`${url.origin}${url.pathname}`).toBe('http://portal.test/accept-invite');

    // an invitation is not a reset link, nor the other way round
    expect((await reset(token)).statusCode).toBe(400);
    await forgot(reseller.email);
    expect((await acceptInvite(lastToken(t.config, reseller.email))).statusCode).toBe(400);

    const res = await acceptInvite(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.passwordSet });
    expect((await acceptInvite(token, 'other-pass')).statusCode).toBe(400);

    const signIn = await login(t, reseller.email, 'reseller-pass');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ type: 'reseller', company_name: 'Resell Co' });
  });

  it('expire after 7 days', async () => {
    const reseller = await insertReseller(t.db);
    await inviteAccount(deps(), reseller.accountId);
    const token = lastToken(t.config, reseller.email);
    clock = new Date(Date.now() + 7 * 24 * HOUR + 1000);
    expect((await acceptInvite(token)).statusCode).toBe(400);
    clock = new Date();
    expect((await acceptInvite(token, 'abc', 'abc')).json().message).toBe(
      'Password must be at least 5 characters',
    );
    expect((await login(t, reseller.email, 'reseller-pass')).json().message).toBe(
      LOGIN_MESSAGES.wrongPassword,
    );
  });

  it('tell whether a promo code names an active reseller, and then its company alone', async () => {
    const active = await insertReseller(t.db, { company: 'Channel One LLC' });
    const inactive = await insertReseller(t.db, { active: false });
    await insertReseller(t.db, { code: 'K7M2QX9P', company: 'Short Code Co' });
    const old = await insertReseller(t.db, { code: 'NyZW0Pq2dWDDoSL72YZLdg', company: 'Old Code Co' });
    const check = (code: string) => postJson(t, `/api/auth/reseller_token/${encodeURIComponent(code)}`);
    expect((await check(active.code)).json()).toEqual({ isValid: true, company_name: 'Channel One LLC' });
    // a short code as read out: any case, grouped with a hyphen or a space
    for (const typed of ['K7M2QX9P', 'k7m2-qx9p', 'K7M2 QX9P', ' k7m2qx9p '])
      expect((await check(typed)).json(), typed).toEqual({ isValid: true, company_name: 'Short Code Co' });
    // a code given before short codes keeps working, exactly as issued
    expect((await check(old.code)).json()).toEqual({ isValid: true, company_name: 'Old Code Co' });
    for (const code of [
      'nyzw0pq2dwddosl72yzldg',
      'NyZW-0Pq2dWDDoSL72YZLdg',
      'K7M2-QX9',
      'K7M2-QX9O',
      inactive.code,
      'unknown-code',
      'short',
      "x' OR '1'='1",
      'a'.repeat(65),
      '%00abcdef',
    ]) {
      const res = await check(code);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toEqual({ isValid: false });
    }
  });
});
