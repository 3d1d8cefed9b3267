// docs/verification.md, run: its shell blocks (OpenSSL and curl, then `npm run verify`) on certificates the portal
// issues, fetched over HTTP from the listening server, a good one and a revoked one; and what it says of
// `openssl verify -crl_check` on a provider certificate, checked too. A recipe that stops working fails here.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CompactSign, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LiveServer,
  issueCertificate,
  providerApi,
  revoke,
  startLiveServer,
} from '../process/live-server';

const REPO = process.cwd();
const doc = fs.readFileSync(path.join(REPO, 'docs/verification.md'), 'utf8');
/** The doc's `sh` blocks, in order; the PORTAL and CR_URL examples are this server's. */
const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
  m[1]
    .split('\n')
    .filter((line) => !/^(PORTAL|CR_URL)=/.test(line))
    .join('\n'),
);
const toolBlocks = blocks.filter((b) => !b.includes('passport.mjs') && !b.includes('npm run'));
const verifyLines = blocks
  .filter((b) => b.includes('npm run -s verify'))
  .flatMap((b) => b.split('\n').filter((l) => l.startsWith('npm run')))
  // This server has no TLS: its x5u are http.
  .map((l) => l.replace('npm run -s verify --', `npm --prefix "${REPO}" run -s verify -- --allow-http`));

/** The stock tools the doc uses; without them there is nothing to run. */
const hasTools = ['openssl', 'curl', 'awk'].every(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);

let t: LiveServer;
let dir: string;

beforeAll(async () => {
  if (!hasTools) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verification-docs-'));
  t = await startLiveServer();
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function bash(script: string, env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', `exec 2>&1\n${script}`], {
      cwd: dir,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

/** A PASSporT signed with the certificate's key, in passport.jwt. */
async function passportFile(keyPem: string, x5u: string) {
  const claims = {
    attest: 'A',
    dest: { tn: ['12155551213'] },
    iat: Math.floor(Date.now() / 1000),
    orig: { tn: '12155551212' },
    origid: '8f8d2a4e-3b59-4a0e-9a9e-6f1a2b3c4d5e',
  };
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'ES256', ppt: 'shaken', typ: 'passport', x5u })
    .sign(await importPKCS8(keyPem, 'ES256'));
  fs.writeFileSync(path.join(dir, 'passport.jwt'), jws);
}

describe.skipIf(!hasTools)('docs/verification.md', () => {
  it('has the blocks this test runs', () => {
    expect(toolBlocks.length).toBeGreaterThanOrEqual(4);
    expect(verifyLines).toHaveLength(2);
  });

  it('checks a good certificate: chain OK, CRL signer and CRL verified, not revoked; npm run verify says VALID', async () => {
    const http = await providerApi(t);
    const cert = await issueCertificate(http);
    // Another revoked certificate of the same CA, so the CRL has an entry under that CA's name.
    await revoke(http, (await issueCertificate(http)).serial, 'superseded');
    const env = { PORTAL: t.url, CR_URL: cert.crUrl };
    const tools = await bash(toolBlocks.join('\n'), env);
    expect(tools.code, tools.out).toBe(0);
    expect(tools.out).toContain('leaf.pem: OK');
    expect(tools.out).toContain('crl-signer.pem: OK');
    expect(tools.out).toContain('verify OK');
    expect(tools.out.trim().split('\n').at(-1)).toBe('not revoked');
    // The CRL's issuer and the leaf's CRL Issuer, as the doc prints them: the same name.
    const crlIssuer = /verify OK\nissuer=(.+)$/m.exec(tools.out)![1];
    expect(tools.out).toMatch(
      new RegExp(`CRL Issuer:\\s*\\n?\\s*DirName:\\s*${crlIssuer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );

    await passportFile(cert.keyPem, cert.crUrl);
    for (const line of verifyLines) {
      const r = await bash(line, env);
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/^(Certificate|PASSporT): VALID\n/);
      if (process.env.DOCS_EXAMPLE_OUT)
        fs.appendFileSync(process.env.DOCS_EXAMPLE_OUT, `$ ${line}\n${r.out}\n`);
    }
  }, 120_000);

  it('finds a revoked certificate’s entry under its issuer, with the reason; npm run verify says INVALID (1)', async () => {
    const http = await providerApi(t);
    const cert = await issueCertificate(http);
    await revoke(http, cert.serial, 'key_compromise');
    const env = { PORTAL: t.url, CR_URL: cert.crUrl };
    const tools = await bash(toolBlocks.join('\n'), env);
    expect(tools.code, tools.out).toBe(0);
    expect(tools.out.trim().split('\n').at(-1), tools.out).toMatch(
      /^revoked on .+ GMT, reason: Key Compromise$/,
    );
    await passportFile(cert.keyPem, cert.crUrl);
    for (const line of verifyLines) {
      const r = await bash(line, env);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(/^(Certificate|PASSporT): INVALID\nReason: revoked on .+, reason keyCompromise/);
      if (process.env.DOCS_EXAMPLE_OUT)
        fs.appendFileSync(process.env.DOCS_EXAMPLE_OUT, `$ ${line}\n${r.out}\n`);
    }
  }, 120_000);

  it('is right that openssl verify -crl_check cannot check a provider certificate against the SHAKEN CRL', async () => {
    // leaf.pem, root.pem, intermediate.pem, stipa-root.pem, crl-signer.pem and shaken.crl: from the runs above.
    const run = (args: string) =>
      bash(
        `openssl crl -inform DER -in shaken.crl -out shaken-crl.pem\nopenssl verify -crl_check -extended_crl ${args} leaf.pem`,
        {},
      );
    const alone = await run('-CAfile root.pem -untrusted intermediate.pem -CRLfile shaken-crl.pem');
    expect(alone.code).not.toBe(0);
    expect(alone.out).toContain('error 3 at 0 depth lookup: unable to get certificate CRL');
    expect(doc).toContain('error 3 at 0 depth lookup: unable to get certificate CRL');
    fs.writeFileSync(
      path.join(dir, 'anchors.pem'),
      fs.readFileSync(path.join(dir, 'root.pem'), 'utf8') +
        fs.readFileSync(path.join(dir, 'stipa-root.pem'), 'utf8'),
    );
    const signer = await run(
      '-CAfile anchors.pem -untrusted intermediate.pem -untrusted crl-signer.pem -CRLfile shaken-crl.pem',
    );
    expect(signer.code).not.toBe(0);
    const error = /error 54 at 0 depth lookup: [^\n]+/.exec(signer.out)?.[0];
    expect(error, signer.out).toBeDefined();
    expect(doc.replace(/\n/g, ' ').includes(error!), error).toBe(true);
  }, 60_000);
});
