// With CRL_URL (the STI-PA's indirect CRL), issued certificates point at it and name its issuer in cRLIssuer,
// byte for byte as that CRL carries it; when that CRL cannot be read, nothing is issued.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { STIPA_CRL_URL, stiPaCrl, stiPaFetch } from './stipa-crl';

const CRL_URL = STIPA_CRL_URL;
const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

describe('certificates under the STI-PA CRL', () => {
  let t: TestApp;
  let dir: string;
  let crl: Buffer | null;

  /** The STI-PA's CRL from its stand-in; everything else (the simulator) through this very app. */
  const fetchVia = stiPaFetch(
    () => t.app,
    CRL_URL,
    () => crl,
  );

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stipa-crl-'));
    crl = stiPaCrl(dir);
    t = await createTestApp({ config: { crlUrl: CRL_URL }, stiPaFetch: fetchVia });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('points at CRL_URL and names the CRL issuer in cRLIssuer', async () => {
    const http = api(t, await tokenOf(t, await activeProvider(t)));
    const key = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
    const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: key,
    });
    expect(res.json()).toMatchObject({ success: true });
    const serial = res.json().certificate.serial_number;
    const chain = (await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` })).body;
    fs.writeFileSync(path.join(dir, 'leaf.pem'), chain.split(/(?<=-----END CERTIFICATE-----)/)[0]);
    const text = openssl(['x509', '-in', 'leaf.pem', '-noout', '-text'], dir).toString();
    expect(text).toContain(`URI:${CRL_URL}`);
    expect(text).toMatch(
      /CRL Issuer:\s*\n?\s*DirName:\s*C\s*=\s*US,\s*O\s*=\s*STI-PA Test,\s*CN\s*=\s*STI-PA SHAKEN CRL/,
    );
  });

  it('issues nothing while that CRL cannot be read', async () => {
    crl = null;
    const http = api(t, await tokenOf(t, await activeProvider(t)));
    const key = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
    // the issuer name is cached for a day: a new URL forces a read
    t.config.crlUrl = `${CRL_URL}?fresh`;
    const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: key,
    });
    expect(res.json()).toEqual({ success: false, error_cause: 'crl_unavailable' });
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM certificates WHERE private_key_id = $1',
      [key],
    );
    expect(rows[0].n).toBe(0);
  });
});
