import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT, LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import type { Mailer } from '../../../server/src/integrations/mail/mailer';
import {
  count,
  headerOf,
  insertReseller,
  linkIn,
  login,
  mailsTo,
  makePng,
  multipart,
  postJson,
  register,
  registration,
} from './accounts-fixtures';
import { createTestApp, secondApp, type TestApp } from '../helpers';

const TABLES = ['accounts', 'service_providers', 'subscriber_agreements', 'auth_tokens'];

async function counts(t: TestApp) {
  return Promise.all(TABLES.map((table) => count(t.db, table)));
}

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the provider, its signed agreement and a confirmation link, and mails the link', async () => {
    const png = makePng(300, 145);
    const fields = registration({ ocn: '123x', email: 'Ada.Owner@Carrier.TEST' });
    const res = await register(t, fields, png);
    expect(res.statusCode).toBe(201);
    const { service_provider_uuid } = res.json();
    expect(service_provider_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(res.json())).toEqual(['service_provider_uuid']);

    const [row] = await t.db.query<Record<string, unknown>>(
      `SELECT a.*, sp.ocn, sp.company_name, sp.zipcode, sp.filer_id, sp.frn_number, sp.reseller_id
         FROM service_providers sp JOIN accounts a ON a.id = sp.account_id WHERE sp.id = $1`,
      [service_provider_uuid],
    );
    expect(row).toMatchObject({
      type: 'service-provider',
      email: 'ada.owner@carrier.test',
      ocn: '123X',
      first_name: 'Ada',
      is_confirmed: false,
      is_disabled: false,
      filer_id: '123456',
      frn_number: '0012345678',
      reseller_id: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,(p=1,t=2|t=2,p=1)\$/);

    const [agreement] = await t.db.query<Record<string, unknown> & { signature_png: Uint8Array }>(
      'SELECT * FROM subscriber_agreements WHERE service_provider_id = $1',
      [service_provider_uuid],
    );
    expect(agreement).toMatchObject({
      agreement_version: AGREEMENT.version,
      printed_name: 'Ada Lovelace',
      title: 'CTO',
      company_name: 'Analytical Telecom',
      phone_number: '(202) 555-0143',
      signature_sha256: createHash('sha256').update(png).digest('hex'),
      accepted_ip: '127.0.0.1',
    });
    expect(Buffer.from(agreement.signature_png).equals(png)).toBe(true);

    const mails = mailsTo(t.config, 'ada.owner@carrier.test');
    expect(mails).toHaveLength(1);
    expect(headerOf(mails[0], 'Subject')).toBe('Confirm your email address');
    const { url, token } = linkIn(mails[0]);
    expect(`${url.origin}${url.pathname}`).toBe('http://portal.test/email-verify');
    // only a hash of the link's secret is kept
    const tokens = await t.db.query<{ token_hash: string; purpose: string }>(
      'SELECT token_hash, purpose FROM auth_tokens WHERE account_id = $1',
      [row.id],
    );
    expect(tokens).toEqual([
      { token_hash: createHash('sha256').update(token).digest('hex'), purpose: 'email_confirmation' },
    ]);

    // before the link is used the sign-in says so; after, the provider still has to pay
    expect((await login(t, 'ada.owner@carrier.test', 'secret-pass')).json().message).toBe(
      LOGIN_MESSAGES.notConfirmed,
    );
    const confirmed = await postJson(t, `/api/service_provider/confirm/${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: MESSAGES.emailConfirmed });
    // used up: clicked again, it says the address is confirmed already and confirms nothing more
    const again = await postJson(t, `/api/service_provider/confirm/${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: MESSAGES.emailAlreadyConfirmed, already_confirmed: true });
    const signIn = await login(t, 'ADA.OWNER@carrier.test', 'secret-pass');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ message: LOGIN_MESSAGES.notActive, service_provider_uuid });
  });

  it('reports taken OCNs and emails, whatever their case', async () => {
    const fields = registration();
    const check = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/service_provider/check_availability?${q}` });
    const before = await check(`email=${encodeURIComponent(fields.email)}&ocn=${fields.ocn}`);
    expect(before.json()).toEqual({ isOcnExists: false, isEmailExists: false });
    expect((await register(t, fields)).statusCode).toBe(201);
    const after = await check(
      `email=${encodeURIComponent(fields.email.toUpperCase())}&ocn=${fields.ocn.toLowerCase()}`,
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ isOcnExists: true, isEmailExists: true });
    expect((await check(`ocn=${fields.ocn}`)).json()).toEqual({ isOcnExists: true, isEmailExists: false });
    expect((await check('')).json()).toEqual({ isOcnExists: false, isEmailExists: false });
    expect((await check('email=x&email=y')).statusCode).toBe(400);
    expect((await check(`ocn=${'1'.repeat(50)}`)).statusCode).toBe(400);
    expect((await check('color=red')).statusCode).toBe(400);
  });

  it('answers 409 for a taken OCN or email and writes nothing', async () => {
    const first = registration();
    expect((await register(t, first)).statusCode).toBe(201);
    const before = await counts(t);

    const sameOcn = await register(t, registration({ ocn: first.ocn.toLowerCase() }));
    expect(sameOcn.statusCode).toBe(409);
    expect(sameOcn.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: MESSAGES.ocnTaken,
      errors: { ocn: MESSAGES.ocnTaken },
    });
    const sameEmail = await register(t, registration({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      message: MESSAGES.emailTaken,
      errors: { email: MESSAGES.emailTaken },
    });
    expect(await counts(t)).toEqual(before);
  });

  it('lets exactly one of two identical registrations through when they race', async () => {
    const fields = registration();
    const results = await Promise.all([register(t, fields), register(t, fields)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect([MESSAGES.ocnTaken, MESSAGES.emailTaken]).toContain(loser.json().message);
    const rows = await t.db.query('SELECT 1 FROM accounts WHERE email = $1', [fields.email]);
    expect(rows).toHaveLength(1);
    expect(mailsTo(t.config, fields.email)).toHaveLength(1);
  });

  it('links the provider to the reseller of a valid promo code, and refuses other codes', async () => {
    const reseller = await insertReseller(t.db);
    const withCode = await register(t, registration({ reseller_url_token: reseller.code }));
    expect(withCode.statusCode).toBe(201);
    const [sp] = await t.db.query<{ reseller_id: string }>(
      'SELECT reseller_id FROM service_providers WHERE id = $1',
      [withCode.json().service_provider_uuid],
    );
    expect(sp.reseller_id).toBe(reseller.resellerId);

    const empty = await register(t, registration({ reseller_url_token: '' }));
    expect(empty.statusCode).toBe(201);

    // a short code typed as read out, and a code given before short codes, both link the provider
    const short = await insertReseller(t.db, { code: 'HJ4K8N2W' });
    const old = await insertReseller(t.db, { code: 'NyZW0Pq2dWDDoSL72YZLdg' });
    for (const [typed, owner] of [
      [' hj4k-8n2w ', short],
      [old.code, old],
    ] as const) {
      const res = await register(t, registration({ reseller_url_token: typed }));
      expect(res.statusCode, typed).toBe(201);
      const [linked] = await t.db.query<{ reseller_id: string }>(
        'SELECT reseller_id FROM service_providers WHERE id = $1',
        [res.json().service_provider_uuid],
      );
      expect(linked.reseller_id, typed).toBe(owner.resellerId);
    }

    const inactive = await insertReseller(t.db, { active: false });
    const before = await counts(t);
    for (const code of [
      'unknown-code',
      inactive.code,
      "x' OR '1'='1",
      'a'.repeat(64),
      'nyzw0pq2dwddosl72yzldg',
    ]) {
      const res = await register(t, registration({ reseller_url_token: code }));
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.resellerCodeInvalid,
        errors: { reseller_url_token: MESSAGES.resellerCodeInvalid },
      });
    }
    expect(await counts(t)).toEqual(before);
  });

  it('stores SQL-looking text as plain text', async () => {
    const company = "Robert'); DROP TABLE accounts;--";
    const res = await register(t, registration({ company_name: company, city: "1' OR '1'='1" }));
    expect(res.statusCode).toBe(201);
    const [sp] = await t.db.query<{ company_name: string; city: string }>(
      'SELECT company_name, city FROM service_providers WHERE id = $1',
      [res.json().service_provider_uuid],
    );
    expect(sp).toEqual({ company_name: company, city: "1' OR '1'='1" });
  });

  describe('refuses bad input with a 4xx and writes nothing', () => {
    let before: number[];
    beforeAll(async () => {
      before = await counts(t);
    });
    afterAll(async () => {
      expect(await counts(t)).toEqual(before);
    });

    const expectRefusal = async (
      res: Awaited<ReturnType<typeof register>>,
      status: number,
      message: string | RegExp,
      errors?: Record<string, string>,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body.statusCode).toBe(status);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      if (errors) expect(body.errors).toMatchObject(errors);
    };

    it('a JSON body (415)', async () => {
      await expectRefusal(
        await postJson(t, '/api/auth/register', registration()),
        415,
        'Registration must be sent as multipart/form-data',
      );
    });

    it('a missing signature', async () => {
      await expectRefusal(await register(t, registration(), null), 400, MESSAGES.signatureRequired, {
        sign_file: MESSAGES.signatureRequired,
      });
      await expectRefusal(
        await register(t, registration(), Buffer.alloc(0)),
        400,
        MESSAGES.signatureRequired,
      );
    });

    it('a signature that is not a PNG', async () => {
      const notPng = [
        Buffer.from('GIF89a not a png at all, just some bytes pretending to be an image'),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...randomish(200)]),
        makePng().subarray(0, 40), // cut short: no IEND
        makePng(0, 10), // zero width
        makePng(100_000, 10, {}), // absurd width
        makePng(10, 10, { ihdr: (h) => (h[9] = 5) }), // no such colour type
        corruptIhdrCrc(makePng()),
      ];
      for (const data of notPng) {
        await expectRefusal(await register(t, registration(), data), 400, MESSAGES.signatureNotPng, {
          sign_file: MESSAGES.signatureNotPng,
        });
      }
      const asText = multipart({ ...registration(), sign_file: 'data:image/png;base64,iVBORw0KGgo=' });
      await expectRefusal(
        await t.app.inject({ method: 'POST', url: '/api/auth/register', ...asText }),
        400,
        MESSAGES.signatureNotPng,
      );
    });

    it('a signature over 1 MB (413)', async () => {
      const big = Buffer.concat([makePng(), Buffer.alloc(1024 * 1024)]);
      await expectRefusal(await register(t, registration(), big), 413, MESSAGES.signatureTooLarge);
    });

    it('invalid fields, with the messages of the forms', async () => {
      const cases: [Record<string, string | undefined>, string, string][] = [
        [{ ocn: '12' }, 'ocn', 'OCN must be a valid format'],
        [{ ocn: undefined }, 'ocn', 'OCN is required'],
        [{ email: 'not-an-email' }, 'email', 'email must be a valid email'],
        [{ first_name: '<script>alert(1)</script>' }, 'first_name', 'first name is not valid.'],
        [{ company_name: 'Acme <b>Telecom</b>' }, 'company_name', 'company name is not valid.'],
        [{ printed_name: '' }, 'printed_name', 'Printed Name is a required field'],
        [{ phone_number: '020 7946 0958' }, 'phone_number', 'phone numbers only from US are allowed'],
        [{ zipcode: '1234567' }, 'zipcode', 'zipcode must be at most 6 characters'],
        [{ state: 'XX' }, 'state', 'state is not valid.'],
        [{ country: 'CA' }, 'country', 'country is not valid.'],
        [{ filer_id: undefined }, 'filer_id', '499 Filer ID is required'],
        [{ confirm_password: 'other-pass' }, 'confirm_password', 'Passwords do not match'],
        [{ password: 'abc', confirm_password: 'abc' }, 'password', 'Password must be at least 5 characters'],
        [{ city: 'x'.repeat(101) }, 'city', 'city must be at most 100 characters'],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await register(t, registration(overrides));
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().errors[field]).toBe(message);
      }
    });

    it('unknown, repeated and oversized fields', async () => {
      await expectRefusal(
        await register(t, { ...registration(), is_admin: 'true' }),
        400,
        'Unknown field: is_admin',
      );
      const fields = Object.entries(registration());
      const repeated = multipart([...fields, ['ocn', '999Z']], [{ name: 'sign_file', data: makePng() }]);
      await expectRefusal(
        await t.app.inject({ method: 'POST', url: '/api/auth/register', ...repeated }),
        400,
        'ocn must be sent once',
      );
      await expectRefusal(
        await register(t, registration({ address: 'a'.repeat(5000) })),
        400,
        'address is too long',
      );
      const otherFile = multipart(registration(), [
        { name: 'sign_file', data: makePng() },
        { name: 'avatar', data: makePng() },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...otherFile });
      expect(res.statusCode).toBe(400);
      const many = multipart(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x'] as [string, string]));
      const tooMany = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...many });
      expect(tooMany.statusCode).toBe(413);
    });

    it('a malformed multipart body', async () => {
      const body = multipart(registration(), [{ name: 'sign_file', data: makePng() }]);
      const cut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: body.headers,
        payload: body.payload.subarray(0, body.payload.length - 200),
      });
      expect(cut.statusCode).toBe(400);
      const noBoundary = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'hello',
      });
      expect(noBoundary.statusCode).toBe(400);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: body.headers,
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toMatchObject({
        ocn: 'OCN is required',
        sign_file: MESSAGES.signatureRequired,
      });
    });
  });

  describe('when mail cannot be sent', () => {
    let broken: TestApp;
    const failing: Mailer = {
      kind: 'smtp',
      async send() {
        throw new Error('mail server unreachable');
      },
      async close() {},
    };
    beforeAll(async () => {
      // a second app on the same database, with a mailer that always fails
      broken = await secondApp(t.db, t.config, { mailer: failing });
    });
    afterAll(() => broken.close());

    it('keeps the registration', async () => {
      const fields = registration();
      const res = await register(broken, fields);
      expect(res.statusCode).toBe(201);
      expect(await t.db.query('SELECT 1 FROM accounts WHERE email = $1', [fields.email])).toHaveLength(1);
      expect(mailsTo(t.config, fields.email)).toHaveLength(0);
      // and the provider can ask for the mail again later
      const resend = await postJson(t, '/api/service_provider/resend_confirmation_email', {
        email: fields.email,
      });
      expect(resend.statusCode).toBe(200);
      expect(mailsTo(t.config, fields.email)).toHaveLength(1);
    });
  });
});

function randomish(n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i * 37) % 256);
}

function corruptIhdrCrc(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  copy[29] ^= 0xff;
  return copy;
}
