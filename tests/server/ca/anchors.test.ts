// The trust anchors over HTTP on the real app: GET /ca/root.pem and /ca/intermediate.pem parse, are the CA's
// current certificates, verify a provider certificate issued through the portal and fetched from its CR URL with
// `openssl verify`, and cache like the CR; the STI-PA simulator's trust list carries the same root.
import { execFileSync } from 'node:child_process';
import { X509Certificate as NodeX509 } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchors-test-'));
  // A built web app, so that a path the SPA would answer is told apart from one it must never answer.
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>portal</title>');
  t = await createTestApp({
    stiPaFetch: injectFetch(() => t.app),
    config: { webDistDir: path.join(dir, 'dist') },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** A provider certificate issued through the portal's API; its CR URL. */
async function issuedCrUrl(): Promise<string> {
  const http = api(t, await tokenOf(t, await activeProvider(t)));
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  expect(key.statusCode).toBe(201);
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    sti_pa_username: 'demo',
    sti_pa_password: 'demo-pass',
    private_key_uuid: key.json().priv_key_uuid,
  });
  expect(res.json().success).toBe(true);
  return res.json().certificate.cr_path as string;
}

describe('GET /ca/root.pem and /ca/intermediate.pem', () => {
  it('answer the CA’s current root and intermediate, one PEM certificate each, public and cacheable', async () => {
    for (const [file, issuer] of [
      ['root.pem', t.services.ca.root],
      ['intermediate.pem', t.services.ca.intermediate],
    ] as const) {
      const res = await get(`/ca/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-pem-file');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(res.body.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(1);
      const cert = new NodeX509(res.body);
      expect(cert.raw.equals(Buffer.from(issuer.certificate.rawData))).toBe(true);
      expect(cert.subject).toContain('SHAKEN');
      expect(cert.ca).toBe(true);
    }
    const root = new NodeX509((await get('/ca/root.pem')).body);
    const intermediate = new NodeX509((await get('/ca/intermediate.pem')).body);
    expect(root.checkIssued(root)).toBe(true);
    expect(intermediate.checkIssued(root) && intermediate.verify(root.publicKey)).toBe(true);
  });

  it('verify a certificate issued through the portal, fetched from its CR URL, with openssl verify', async () => {
    const crUrl = new URL(await issuedCrUrl());
    const chain = await get(crUrl.pathname);
    expect(chain.statusCode).toBe(200);
    const files = { root: 'root.pem', intermediate: 'intermediate.pem', leaf: 'leaf.pem' };
    fs.writeFileSync(path.join(dir, files.root), (await get('/ca/root.pem')).body);
    fs.writeFileSync(path.join(dir, files.intermediate), (await get('/ca/intermediate.pem')).body);
    fs.writeFileSync(path.join(dir, files.leaf), chain.body.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]);
    const verify = (...args: string[]) =>
      execFileSync('openssl', ['verify', ...args], { cwd: dir, encoding: 'utf8' }).trim();
    expect(verify('-CAfile', files.root, '-untrusted', files.intermediate, files.leaf)).toBe(
      `${files.leaf}: OK`,
    );
    // The chain served at the CR URL carries the intermediate itself: the root alone verifies it.
    fs.writeFileSync(path.join(dir, 'chain.pem'), chain.body);
    expect(verify('-CAfile', files.root, '-untrusted', 'chain.pem', files.leaf)).toBe(`${files.leaf}: OK`);
  });

  it('answer 304 to a matching If-None-Match, with the same cache headers', async () => {
    const first = await get('/ca/root.pem');
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/ca/root.pem', { 'if-none-match': header });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=86400');
    }
    expect((await get('/ca/root.pem', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const intermediate = await get('/ca/intermediate.pem', { 'if-none-match': etag });
    expect(intermediate.statusCode).toBe(200);
    expect(intermediate.headers.etag).not.toBe(etag);
  });

  it('answer 404 for any other file, never the web app', async () => {
    for (const url of [
      '/ca/root.der',
      '/ca/leaf.pem',
      '/ca/constructor',
      '/ca/__proto__',
      '/ca/',
      '/ca/a/b',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.body, url).not.toContain('<title>portal</title>');
    }
    // A page of the web app is still answered by it.
    expect((await get('/certificates')).body).toContain('<title>portal</title>');
  });

  it('is the root the STI-PA simulator lists as approved, byte for byte', async () => {
    const res = await get('/stipa-sim/api/v1/ca-list');
    expect(res.statusCode).toBe(200);
    const { trustList } = res.json() as { trustList: string[] };
    expect(trustList).toHaveLength(1);
    expect(trustList[0].trim()).toBe(t.services.ca.root.pem.trim());
    const published = (await get('/ca/root.pem')).body;
    expect(Buffer.from(published).equals(Buffer.from(trustList[0]))).toBe(true);
  });
});

describe('GET /ca/crl-signer.pem', () => {
  it('answers the CA’s CRL signer: issued by the root, cRLSign only, the cRLIssuer the intermediate names', async () => {
    const res = await get('/ca/crl-signer.pem');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-pem-file');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(1);
    const signer = new NodeX509(res.body);
    const root = new NodeX509((await get('/ca/root.pem')).body);
    expect(signer.checkIssued(root) && signer.verify(root.publicKey)).toBe(true);
    expect(signer.ca).toBe(false);
    const usage = execFileSync('openssl', ['x509', '-noout', '-ext', 'keyUsage'], {
      input: res.body,
    }).toString();
    expect(usage.split('\n')[1].trim()).toBe('CRL Sign');
    const dp = execFileSync('openssl', ['x509', '-noout', '-ext', 'crlDistributionPoints'], {
      input: (await get('/ca/intermediate.pem')).body,
    }).toString();
    const named = /CRL Issuer:\s*DirName:(.+)/.exec(dp)![1].trim();
    const subject = execFileSync('openssl', ['x509', '-noout', '-subject', '-nameopt', 'oneline'], {
      input: res.body,
    })
      .toString()
      .replace(/^subject=/, '')
      .trim();
    expect(named).toBe(subject);
    const indirect = t.services.ca.crlSigners.filter((s) => s.indirect);
    expect(indirect).toHaveLength(1);
    expect(signer.raw.equals(Buffer.from(indirect[0].certificate.rawData))).toBe(true);
  });

  it('verifies the CRL the intermediate’s distribution point names, and openssl checks the intermediate with it', async () => {
    fs.writeFileSync(path.join(dir, 'root.pem'), (await get('/ca/root.pem')).body);
    fs.writeFileSync(path.join(dir, 'intermediate.pem'), (await get('/ca/intermediate.pem')).body);
    fs.writeFileSync(path.join(dir, 'crl-signer.pem'), (await get('/ca/crl-signer.pem')).body);
    const openssl = (...args: string[]) =>
      execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const dp = openssl('x509', '-in', 'intermediate.pem', '-noout', '-ext', 'crlDistributionPoints');
    const url = new URL(/URI:(\S+)/.exec(dp)![1]);
    expect(dp).toContain('CRL Issuer:');
    const crl = await get(url.pathname);
    expect(crl.statusCode).toBe(200);
    fs.writeFileSync(path.join(dir, 'intermediate.crl'), crl.rawPayload);
    const check = execFileSync(
      'openssl',
      ['crl', '-inform', 'DER', '-in', 'intermediate.crl', '-CAfile', 'crl-signer.pem', '-noout'],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(check).toBe('');
    openssl('crl', '-inform', 'DER', '-in', 'intermediate.crl', '-out', 'intermediate-crl.pem');
    const verified = openssl(
      'verify',
      '-crl_check',
      '-extended_crl',
      '-CAfile',
      'root.pem',
      '-untrusted',
      'crl-signer.pem',
      '-CRLfile',
      'intermediate-crl.pem',
      'intermediate.pem',
    );
    expect(verified.trim()).toBe('intermediate.pem: OK');
  });
});
