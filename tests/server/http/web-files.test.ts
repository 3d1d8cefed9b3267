// The built web app as the server sends it: the compressed copy the browser accepts, a year of caching for the
// hashed assets, and index.html asked for again on each visit (server/src/http/webApp.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE } from '../../../server/src/http/webApp';
import { createTestApp, type TestApp } from '../helpers';

const INDEX =
  '<!doctype html><title>portal</title><div id="root"></div><script src="/assets/app-abc123.js"></script>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

describe('the web app files', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, 'assets'));
    const script = path.join(dist, 'assets', 'app-abc123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    t = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy to a browser that takes it, else gzip, else the file', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const res of [br, gzip, plain]) {
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toContain('accept-encoding');
    }
  });

  it('lets the browser keep the hashed assets a year, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await get('/assets/app-abc123.js', encoding)).headers['cache-control'], encoding).toBe(
        IMMUTABLE,
      );
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html and the files outside /assets/ asked for again on each use', async () => {
    for (const url of ['/index.html', '/login', '/register/payment?uuid=x', '/logo.svg']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
    }
    const page = await get('/account/summary', 'br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toBe(INDEX);
    expect(REVALIDATE).toBe('no-cache');
  });

  it('answers an unchanged index.html with 304', async () => {
    const first = await get('/login');
    const again = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never serves the compressed copies by their own names', async () => {
    const res = await get('/assets/app-abc123.js.br', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(INDEX);
  });

  it('answers a missing file of /assets/ (a chunk of an earlier build) with 404, not index.html', async () => {
    const res = await get('/assets/app-old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    const route = await get('/register/payment', 'br');
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe(INDEX);
  });

  it('keeps misses outside the app as JSON 404s', async () => {
    const miss = await get('/crl/none.crl', 'br');
    expect(miss.statusCode).toBe(404);
    expect(miss.headers['content-type']).toContain('application/json');
  });
});
