// The SHAKEN verifier (npm run verify, server/src/verify) on what the portal really issues, fetched over HTTP from
// the listening server: certificates from their CR URLs and PASSporTs signed with their keys, checked against the
// CA's published root and, for revocation, the built-in STI-PA's indirect CRL, its signer and root. Good, superseded,
// key-compromised and tampered inputs; then the command itself, with its exit codes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CompactSign, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VerifyOptions, loadCertificates, verifyShaken } from '../../../server/src/verify';
import {
  type LiveServer,
  type ProviderApi,
  issueCertificate,
  providerApi,
  revoke,
  startLiveServer,
} from '../process/live-server';

let t: LiveServer;
let http: ProviderApi;
let dir: string;
let options: VerifyOptions;
const sim = () => `${t.url}/stipa-sim/api/v1`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-test-'));
  t = await startLiveServer();
  http = await providerApi(t);
  options = {
    trustAnchors: await loadCertificates([`${t.url}/ca/root.pem`]),
    stiPaAnchors: await loadCertificates([`${sim()}/certificate/root.crt`]),
    crlCertificates: await loadCertificates([`${sim()}/certificate/crl-signer.crt`]),
    allowHttp: true,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A SHAKEN PASSporT signed with `keyPem`, its x5u `x5u`. */
async function passport(keyPem: string, x5u: string, claims: Record<string, unknown> = {}) {
  const payload = {
    attest: 'A',
    dest: { tn: ['12155551213'] },
    iat: Math.floor(Date.now() / 1000),
    orig: { tn: '12155551212' },
    origid: '3a47ccdc-51c8-4b7b-9d5b-4f1f2d1c2f6e',
    ...claims,
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', ppt: 'shaken', typ: 'passport', x5u })
    .sign(await importPKCS8(keyPem, 'ES256'));
}

const chainAt = async (crUrl: string) => (await fetch(crUrl)).text();
const failed = (r: Awaited<ReturnType<typeof verifyShaken>>) =>
  r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('verifyShaken', () => {
  it('accepts a good certificate and a fresh PASSporT signed with its key', async () => {
    const cert = await issueCertificate(http);
    const r = await verifyShaken(await chainAt(cert.crUrl), options);
    expect(failed(r)).toEqual([]);
    expect(r).toMatchObject({ valid: true, kind: 'certificate', revocation: { status: 'good' } });
    expect(r.certificate!.serial).toBe(cert.serial);
    expect(r.certificate!.spc).toMatch(/^[0-9A-Z]{4}$/);
    expect(r.revocation!.crlUrl).toBe(`${sim()}/crl/shaken.crl`);
    expect(r.revocation!.crlIssuer).toBe('C=US, O=STI-PA Simulator, CN=STI-PA SIM SHAKEN CRL');

    const p = await verifyShaken(await passport(cert.keyPem, cert.crUrl), options);
    expect(failed(p)).toEqual([]);
    expect(p.valid).toBe(true);
    expect(p.checks.map((c) => c.name)).toEqual([
      'passport',
      'chain',
      'profile',
      'revocation',
      'signature',
      'freshness',
      'orig',
    ]);
    expect(p.checks.find((c) => c.name === 'orig')!.detail).toContain(`SPC ${r.certificate!.spc}`);
  });

  it('refuses a superseded certificate and its PASSporTs, naming the reason', async () => {
    const cert = await issueCertificate(http);
    await revoke(http, cert.serial, 'superseded');
    const r = await verifyShaken(await chainAt(cert.crUrl), options);
    expect(r.valid).toBe(false);
    expect(failed(r)).toEqual(['revocation']);
    expect(r.revocation).toMatchObject({ status: 'revoked', reason: 'superseded' });
    expect(r.reason).toMatch(/^revoked on .*, reason superseded/);
    const p = await verifyShaken(await passport(cert.keyPem, cert.crUrl), options);
    expect(p.valid).toBe(false);
    expect(failed(p)).toEqual(['revocation']);
  });

  it('refuses a key-compromised certificate: revoked, keyCompromise', async () => {
    const cert = await issueCertificate(http);
    await revoke(http, cert.serial, 'key_compromise');
    const r = await verifyShaken(await chainAt(cert.crUrl), options);
    expect(r.valid).toBe(false);
    expect(r.revocation).toMatchObject({ status: 'revoked', reason: 'keyCompromise' });
  });

  it('refuses a PASSporT whose payload was altered, and a certificate with a byte changed', async () => {
    const cert = await issueCertificate(http);
    const jws = await passport(cert.keyPem, cert.crUrl);
    const [h, , s] = jws.split('.');
    const claims = JSON.parse(Buffer.from(jws.split('.')[1], 'base64url').toString());
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...claims, orig: { tn: '12155550000' } })).toString('base64url')}.${s}`;
    const p = await verifyShaken(altered, options);
    expect(p.valid).toBe(false);
    expect(failed(p)).toEqual(['signature']);

    // One byte of the subject's CN (inside the signed part): it still parses, but no longer verifies.
    const pem = (await chainAt(cert.crUrl)).split(/(?=-----BEGIN CERTIFICATE-----)/);
    const der = Buffer.from(pem[0].replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const at = der.lastIndexOf(Buffer.from('SHAKEN ')); // the subject's CN, after the issuer's
    expect(at).toBeGreaterThan(0);
    der[at] = 's'.charCodeAt(0);
    const tampered = `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----\n${pem[1]}`;
    const r = await verifyShaken(tampered, options);
    expect(r.valid).toBe(false);
    expect(failed(r)).toContain('chain');
    expect(r.reason).toContain('does not verify');
  });

  it('checks iat freshness (60 s by default, or not at all), the trust anchors and the x5u scheme', async () => {
    const cert = await issueCertificate(http);
    const old = await passport(cert.keyPem, cert.crUrl, { iat: Math.floor(Date.now() / 1000) - 600 });
    const stale = await verifyShaken(old, options);
    expect(failed(stale)).toEqual(['freshness']);
    expect(stale.reason).toMatch(/^iat is 6\d\d s old \(the limit is 60 s\)$/);
    expect((await verifyShaken(old, { ...options, maxAgeSeconds: null })).valid).toBe(true);
    expect((await verifyShaken(old, { ...options, maxAgeSeconds: 3600 })).valid).toBe(true);

    // The leaf chains to the CA's root, not to the STI-PA's; the CRL signer to the STI-PA's, not to the CA's.
    const chain = await chainAt(cert.crUrl);
    const wrongRoot = await verifyShaken(chain, { ...options, trustAnchors: options.stiPaAnchors! });
    expect(failed(wrongRoot)).toEqual(['chain']);
    const wrongStiPa = await verifyShaken(chain, { ...options, stiPaAnchors: options.trustAnchors });
    expect(failed(wrongStiPa)).toEqual(['revocation']);
    expect(wrongStiPa.reason).toContain('the CRL signer is not trusted');
    const noSigner = await verifyShaken(chain, { ...options, crlCertificates: options.stiPaAnchors });
    expect(noSigner.reason).toContain('no certificate of the CRL issuer');

    const plain = await verifyShaken(await passport(cert.keyPem, cert.crUrl), {
      ...options,
      allowHttp: false,
    });
    expect(failed(plain)).toEqual(['passport']);
    expect(plain.reason).toContain('x5u is not an https URL');
  });
});

describe('npm run verify', () => {
  const run = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'verify', '--', ...args], {
        cwd: process.cwd(),
        encoding: 'utf8',
      });
      return { code: 0, stdout, stderr: '' };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  const trust = () => ['--portal', t.url, '--stipa', sim(), '--allow-http'];

  it('answers 0 for a valid PASSporT, 1 with the reason for a revoked one, 2 on a usage error', async () => {
    const good = await issueCertificate(http);
    const revoked = await issueCertificate(http);
    await revoke(http, revoked.serial, 'key_compromise');
    fs.writeFileSync(path.join(dir, 'good.jwt'), await passport(good.keyPem, good.crUrl));
    fs.writeFileSync(path.join(dir, 'revoked.jwt'), await passport(revoked.keyPem, revoked.crUrl));
    const [ok, bad, json, cr, usage] = await Promise.all([
      run(...trust(), path.join(dir, 'good.jwt')),
      run(...trust(), path.join(dir, 'revoked.jwt')),
      run(...trust(), '--json', path.join(dir, 'revoked.jwt')),
      run(...trust(), revoked.crUrl),
      run('--portal', t.url, path.join(dir, 'good.jwt')),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^PASSporT: VALID\n/);
    expect(ok.stdout).toContain('✓ revocation');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^PASSporT: INVALID\nReason: revoked on .*, reason keyCompromise/);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: false, revocation: { reason: 'keyCompromise' } });
    expect(cr.code).toBe(1);
    expect(cr.stdout).toMatch(/^Certificate: INVALID\n/);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('revocation needs the STI-PA root and CRL signer');
  }, 60_000);
});
