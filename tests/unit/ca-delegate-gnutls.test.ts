// The delegate hierarchy (docs/delegates.md) checked by GnuTLS's certtool, a second X.509 implementation beside
// OpenSSL: root → intermediate (pathLen 1) → STI-SCA → delegate is trusted, and an end entity under a CA that the
// STI-SCA signed is refused for its path length. Skipped where certtool is absent (`.ci/run` installs gnutls-bin).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DelegateChain, delegateChain, underStiScaCa } from './ca-delegate-fixtures';

const CERTTOOL = '/usr/bin/certtool';
const hasCerttool = existsSync(CERTTOOL);
if (!hasCerttool) console.warn(`gnutls: skipped, ${CERTTOOL} is absent (apt-get install gnutls-bin)`);

let c: DelegateChain;
let dir: string;
const pem = (x: { toString(f: 'pem'): string } | { pem: string }) =>
  ('pem' in x && typeof x.pem === 'string'
    ? x.pem
    : (x as { toString(f: 'pem'): string }).toString('pem')
  ).trim();

/** `certtool --verify` of a chain file (leaf first) against root.pem: its output, and whether it succeeded. */
function certtoolVerify(name: string, chain: string[]): { ok: boolean; out: string } {
  writeFileSync(path.join(dir, name), `${chain.join('\n')}\n`);
  try {
    const args = ['--verify', '--load-ca-certificate', 'root.pem', '--infile', name];
    return { ok: true, out: execFileSync(CERTTOOL, args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe.skipIf(!hasCerttool)('certtool --verify (GnuTLS)', () => {
  beforeAll(async () => {
    c = await delegateChain();
    dir = mkdtempSync(path.join(tmpdir(), 'ca-delegate-gnutls-'));
    writeFileSync(path.join(dir, 'root.pem'), `${pem(c.root.certificate)}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('trusts root → intermediate (pathLen 1) → STI-SCA → delegate, and the STI-SCA alone', () => {
    const delegate = certtoolVerify('delegate-chain.pem', [
      pem(c.delegate),
      pem(c.scaIssued),
      pem(c.intermediate.certificate),
    ]);
    expect(delegate.out).toMatch(/Chain verification output: Verified\. The certificate is trusted\./);
    expect(delegate.ok).toBe(true);
    const sca = certtoolVerify('sca-chain.pem', [pem(c.scaIssued), pem(c.intermediate.certificate)]);
    expect(sca.out).toMatch(/Chain verification output: Verified\. The certificate is trusted\./);
  });

  it('refuses an end entity under a CA that the STI-SCA issued (its pathLen 0 forbids it)', async () => {
    const { sub, leaf } = await underStiScaCa(c);
    const r = certtoolVerify('under-sub.pem', [
      pem(leaf),
      pem(sub),
      pem(c.scaIssued),
      pem(c.intermediate.certificate),
    ]);
    expect(r.ok).toBe(false);
    // GnuTLS's words for a path length exceeded
    expect(r.out).toMatch(/Chain verification output: Not verified\..*violates the signer's constraints/);
  });
});
