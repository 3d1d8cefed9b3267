// Findings of the security review, each over HTTP on the real app: numeric query parameters are bounded (400,
// never 500), the availability check is throttled like sign-in, the outbox logs that a mail was written but never
// its links, and the audit log cannot be truncated.
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../../server/src/integrations/mail/outbox';
import { type TestApp, createTestApp, testConfig } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { insertReseller, lastToken, mailsTo, postJson } from '../accounts/accounts-fixtures';

const LIMIT = 5;
let t: TestApp;
let p: Provider;
let http: ReturnType<typeof api>;
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  const config = testConfig({
    authRateLimit: LIMIT,
    stiPaSimAccounts: 'demo:demo-pass:*;other:other-pass:*',
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) logged.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
  const mailer = createOutboxMailer({ dir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log });
  t = await createTestApp({ config, mailer });
  p = await activeProvider(t);
  http = api(t, await tokenOf(t, p));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('numeric query parameters', () => {
  const keys = '/api/service_provider/sti_priv_key';

  it.each([
    ['skip=1e21', 'skip'],
    ['skip=1e3', 'skip'],
    ['skip=99999999999999999999999', 'skip'],
    ['skip=100000001', 'skip'],
    ['skip=1.5', 'skip'],
    ['skip=-1', 'skip'],
    ['skip=0x10', 'skip'],
    ['take=1e21', 'take'],
    ['take=9223372036854775808', 'take'],
    ['skip=1&skip=2', 'skip'],
  ])('%s answers 400 in the error shape', async (query, field) => {
    const res = await http.get(`${keys}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, errors: { [field]: expect.any(String) } });
  });

  it.each(['[0,1e21]', '[1e21,1e21]', '[0,9223372036854775808]', '[100000001,100000002]', '[0.5,2]'])(
    'range=%s answers 400',
    async (range) => {
      const res = await http.get(`/api/service_provider/payments?range=${encodeURIComponent(range)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/range/) });
    },
  );

  it.each([
    ['sort=%5B%22amount%22%2C%22ASC%22%5D&sort=%5B%22amount%22%2C%22DESC%22%5D', /sort/],
    ['range=%5B0%2C1%5D&range=%5B2%2C3%5D', /range/],
    ['filter=%7B%7D&filter=%7B%7D', /filter/],
  ])('a repeated list parameter (%s) gets the list’s own 400', async (query, word) => {
    const res = await http.get(`/api/service_provider/payments?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(word) });
    expect(res.json().message).not.toMatch(/querystring/);
  });

  it('still pages with plain numbers, up to the bound', async () => {
    const ok = await http.get(`${keys}?skip=100000000&take=10`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: [] });
    expect((await http.get(`${keys}?skip=0&take=99999`)).statusCode).toBe(200);
  });
});

describe('check_availability', () => {
  it(`answers 429 after ${LIMIT} requests a minute from one address`, async () => {
    const ask = (remoteAddress: string, email: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/service_provider/check_availability?email=${encodeURIComponent(email)}&ocn=ZZ9Z`,
        remoteAddress,
      });
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      codes.push((await ask('203.0.113.40', `probe${i}@x.test`)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    const refused = await ask('203.0.113.40', p.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Too many attempts/),
    });
    expect(refused.json()).not.toHaveProperty('isEmailExists');
    // Another address has its own budget.
    const other = await ask('203.0.113.41', p.email);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ isEmailExists: true });
  });
});

describe('the promo code check', () => {
  it(`answers 429 after ${LIMIT} codes a minute from one address, naming no company`, async () => {
    const good = await insertReseller(t.db, { code: 'W3XY4Z5A', company: 'Rate Co' });
    const ask = (remoteAddress: string, code: string) =>
      t.app.inject({ method: 'POST', url: `/api/auth/reseller_token/${code}`, remoteAddress });
    const codes: number[] = [];
    for (let i = 0; i < LIMIT; i++) codes.push((await ask('203.0.113.50', `PRB${i}2345`)).statusCode);
    expect(codes).toEqual(Array(LIMIT).fill(200));
    const refused = await ask('203.0.113.50', good.code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).not.toHaveProperty('company_name');
    expect((await ask('203.0.113.51', good.code)).json()).toEqual({ isValid: true, company_name: 'Rate Co' });
  });
});

describe('the outbox log', () => {
  it('says a mail was written (to, subject, file), never its link or token; the file holds them', async () => {
    logged.length = 0;
    const res = await postJson(t, '/api/auth/forgot_password', { email: p.email });
    expect(res.statusCode).toBe(200);
    const token = lastToken(t.config, p.email);
    expect(token.length).toBeGreaterThan(10);
    const lines = logged.filter((l) => l.msg === 'mail written to the outbox');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      to: expect.stringContaining(p.email),
      subject: expect.any(String),
      file: expect.stringMatching(/outbox[\\/].+\.eml$/),
    });
    expect(lines[0]).not.toHaveProperty('link');
    const everything = JSON.stringify(logged);
    expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/https?:\/\//);
    const mails = mailsTo(t.config, p.email);
    expect(mails.at(-1)).toContain(token.slice(0, 20));
  });
});

describe('audit_log', () => {
  it('refuses TRUNCATE, like UPDATE and DELETE, and keeps its rows', async () => {
    await http.post('/api/service_provider/generate_sti_priv_key');
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE TABLE audit_log RESTART IDENTITY')).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });
});

describe('decrypt_cert address filter', () => {
  let decryptCalls = 0;
  it.each([
    'https://[::127.0.0.1]/x.pem',
    'https://[64:ff9b:1::a00:1]/x.pem',
    'https://[100::1]/x.pem',
    'https://[2001::1]/x.pem',
    'https://[2001:1ff::1]/x.pem',
    'https://192.0.2.10/x.pem',
    'https://198.51.100.10/x.pem',
    'https://203.0.113.10/x.pem',
    'https://198.18.0.10/x.pem',
    'https://100.64.0.10/x.pem',
    'https://[::ffff:127.0.0.1]/x.pem',
  ])('refuses %s with a 400, without connecting', async (url) => {
    // Each from its own address: the route is limited to LIMIT requests a minute per address.
    const remoteAddress = `192.0.2.${++decryptCalls}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/decrypt_cert',
      payload: { url },
      remoteAddress,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /^Only https URLs or this portal's certificate repository can be read: \S+ is not a public address$/,
      ),
    });
  });
});

describe('the STI-PA simulator login limit', () => {
  // The portal calls the simulator from one address for every provider.
  const simLogin = (userId: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/stipa-sim/api/v1/auth/login',
      payload: { userId, password },
      remoteAddress: '127.0.0.1',
    });

  it('locks out one STI-PA user after its wrong passwords, not the others calling from the same address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await simLogin('demo', 'wrong')).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429]);
    expect((await simLogin('demo', 'demo-pass')).statusCode).toBe(429);
    expect((await simLogin('DEMO', 'demo-pass')).statusCode).toBe(429);
    const other = await simLogin('other', 'other-pass');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ status: 'success', accessToken: expect.any(String) });
  });
});
