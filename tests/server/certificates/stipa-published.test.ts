// The simulated STI-PA publishes what a verifier needs to check its SHAKEN CRL, as an STI-PA does: the CRL, the
// certificate of its signer (the cRLIssuer every leaf names) and the root that signer chains to. Fetched over HTTP
// from the listening server; the CRL's signature verifies against the published signer (node:crypto, @peculiar/x509
// and openssl), and the signer against the published root. With STI_PA_URL set, none of it is served.
import { execFileSync } from 'node:child_process';
import { X509Certificate as NodeX509 } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyUsageFlags, KeyUsagesExtension, X509Certificate, X509Crl } from '../../../server/src/ca';
import { createTestApp } from '../helpers';
import {
  type LiveServer,
  issueCertificate,
  providerApi,
  revoke,
  startLiveServer,
} from '../process/live-server';

const SIM = '/stipa-sim/api/v1';
let t: LiveServer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stipa-published-'));
  t = await startLiveServer();
}, 60_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the STI-PA simulator’s published CRL signer and root', () => {
  it('serve one PEM certificate each, public and cacheable like the portal’s own anchors', async () => {
    for (const file of ['root.crt', 'crl-signer.crt']) {
      const res = await fetch(`${t.url}${SIM}/certificate/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-pem-file');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      const body = await res.text();
      expect(body.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(1);
      const again = await fetch(`${t.url}${SIM}/certificate/${file}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    const keys = await t.services.simulator.keys();
    const root = await (await fetch(`${t.url}${SIM}/certificate/root.crt`)).text();
    expect(root.trim()).toBe(keys.rootPem.trim());
    const signer = new NodeX509(await (await fetch(`${t.url}${SIM}/certificate/crl-signer.crt`)).text());
    expect(signer.raw.equals(Buffer.from(keys.crlSigner.certificate.rawData))).toBe(true);
  });

  it('verify the SHAKEN CRL a leaf names: its signer is the cRLIssuer and chains to the published root', async () => {
    const http = await providerApi(t);
    const { serial, crUrl } = await issueCertificate(http);
    await revoke(http, serial, 'key_compromise');
    const chain = await (await fetch(crUrl)).text();
    fs.writeFileSync(path.join(dir, 'leaf.pem'), chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]);
    const dp = openssl('x509', '-in', 'leaf.pem', '-noout', '-ext', 'crlDistributionPoints');
    const crlUrl = /URI:(\S+)/.exec(dp)![1];
    expect(crlUrl).toBe(`${t.url}${SIM}/crl/shaken.crl`);

    const crlRes = await fetch(crlUrl);
    expect(crlRes.status).toBe(200);
    expect(crlRes.headers.get('content-type')).toBe('application/pkix-crl');
    const crlDer = new Uint8Array(await crlRes.arrayBuffer());
    const rootPem = await (await fetch(`${t.url}${SIM}/certificate/root.crt`)).text();
    const signerPem = await (await fetch(`${t.url}${SIM}/certificate/crl-signer.crt`)).text();

    // node:crypto and @peculiar/x509: CRL ← signer ← root, and the leaf's cRLIssuer is the signer's subject.
    const root = new NodeX509(rootPem);
    const signer = new NodeX509(signerPem);
    expect(root.checkIssued(root) && root.verify(root.publicKey) && root.ca).toBe(true);
    expect(signer.checkIssued(root) && signer.verify(root.publicKey)).toBe(true);
    const usage = new X509Certificate(signerPem).getExtension(KeyUsagesExtension);
    expect(usage?.usages).toBe(KeyUsageFlags.cRLSign);
    const crl = new X509Crl(crlDer);
    expect(await crl.verify({ publicKey: new X509Certificate(signerPem) })).toBe(true);
    expect(await crl.verify({ publicKey: new X509Certificate(rootPem) })).toBe(false);
    expect(crl.issuer).toBe(new X509Certificate(signerPem).subject);
    expect(dp).toMatch(
      /CRL Issuer:\s*DirName:\s*C\s*=\s*US,\s*O\s*=\s*STI-PA Simulator,\s*CN\s*=\s*STI-PA SIM SHAKEN CRL/,
    );

    // openssl: the signer verifies against the root; the CRL against the signer, and a wrong key is refused.
    fs.writeFileSync(path.join(dir, 'stipa-root.pem'), rootPem);
    fs.writeFileSync(path.join(dir, 'stipa-crl-signer.pem'), signerPem);
    fs.writeFileSync(path.join(dir, 'shaken.crl'), crlDer);
    expect(openssl('verify', '-CAfile', 'stipa-root.pem', 'stipa-crl-signer.pem').trim()).toBe(
      'stipa-crl-signer.pem: OK',
    );
    expect(
      openssl('crl', '-inform', 'DER', '-in', 'shaken.crl', '-CAfile', 'stipa-crl-signer.pem', '-noout'),
    ).toBe('');
    expect(() =>
      openssl('crl', '-inform', 'DER', '-in', 'shaken.crl', '-CAfile', 'stipa-root.pem', '-noout'),
    ).toThrow();
    const text = openssl('crl', '-inform', 'DER', '-in', 'shaken.crl', '-noout', '-text');
    expect(text.toLowerCase().replace(/[^0-9a-z\n]/g, '')).toContain(serial);
  });
});

describe('with STI_PA_URL set', () => {
  it('the simulator publishes nothing', async () => {
    const other = await createTestApp({ config: { stiPaUrl: 'https://sti-pa.example/api/v1' } });
    try {
      for (const file of ['root.crt', 'crl-signer.crt'])
        expect(
          (await other.app.inject({ method: 'GET', url: `${SIM}/certificate/${file}` })).statusCode,
        ).toBe(404);
    } finally {
      await other.close();
    }
  });
});
