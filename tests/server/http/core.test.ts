import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../server/src/app';
import { migrate } from '../../../server/src/db/migrate';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers';

describe('health and errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('publishes the settings the web app needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(res.json()).toEqual({
      support_url: t.config.supportUrl,
      payments: 'sandbox',
      demo: true,
      acme_directory_url: `${t.config.publicUrl}/acme/directory`,
    });
  });

  it('answers unknown routes with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cr/unknown.txt' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('does not reveal unknown API routes to anonymous callers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('sends the page security headers outside the API (the web app; the sandbox page has its own test)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('stripe.com');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('sends the API security headers on an API answer, found, refused or not found', async () => {
    const urls = ['/api/health', '/api/no-such-route', '/api/service_provider/payments', '/acme/directory'];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      // the page-only headers are not sent
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('lets Stripe.js and its card frames load in Stripe mode only', () => {
    const csp = contentSecurityPolicy('stripe');
    expect(csp.scriptSrc).toContain('https://js.stripe.com');
    expect(csp.frameSrc).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.connectSrc).toContain('https://api.stripe.com');
    expect(contentSecurityPolicy('sandbox').frameSrc).toEqual(["'none'"]);
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>portal</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves client routes from index.html', async () => {
    for (const url of ['/login', '/register/payment?uuid=x', '/account/summary', '/email-verify?token=t']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves assets as files and keeps API misses as JSON', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    const miss = await t.app.inject({ method: 'GET', url: '/crl/none.crl' });
    expect(miss.statusCode).toBe(404);
    expect(miss.headers['content-type']).toContain('application/json');
  });
});

describe('migrations', () => {
  it('apply once, and refuse to start when an applied file was edited', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      expect(await migrate(db)).toEqual([]);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mig-'));
      fs.writeFileSync(path.join(dir, '001_accounts.sql'), 'SELECT 1;');
      await expect(migrate(db, dir)).rejects.toThrow(/edited after it was applied/);
      fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      await drop();
    }
  });
});
