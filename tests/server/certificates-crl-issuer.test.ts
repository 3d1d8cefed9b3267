// With CRL_URL (the STI-PA's indirect CRL), issued certificates point at it and name its issuer in cRLIssuer,
// byte for byte as that CRL carries it; when that CRL cannot be read, nothing is issued.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './helpers';
import { activeProvider, api, tokenOf } from './billing-fixtures';

const CRL_URL = 'https://stipa.example/crl/shaken.crl';
const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A CRL made by OpenSSL under its own issuer, the way an STI-PA publishes one. */
function stiPaCrl(dir: string): Buffer {
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'crlnumber'), '01\n');
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    `[ca]\ndefault_ca = d\n[d]\ndatabase = ${dir}/index.txt\ncrlnumber = ${dir}/crlnumber\ndefault_md = sha256\ndefault_crl_days = 7\n`,
  );
  openssl(['ecparam', '-genkey', '-name', 'prime256v1', '-noout', '-out', 'k.pem'], dir);
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-key',
      'k.pem',
      '-subj',
      '/C=US/O=STI-PA Test/CN=STI-PA SHAKEN CRL',
      '-days',
      '2',
      '-out',
      'c.pem',
    ],
    dir,
  );
  openssl(
    [
      'ca',
      '-config',
      'ca.cnf',
      '-gencrl',
      '-keyfile',
      'k.pem',
      '-cert',
      'c.pem',
      '-out',
      'crl.pem',
      '-batch',
    ],
    dir,
  );
  openssl(['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der'], dir);
  return fs.readFileSync(path.join(dir, 'crl.der'));
}

describe('certificates under the STI-PA CRL', () => {
  let t: TestApp;
  let dir: string;
  let crl: Buffer | null;

  /** The STI-PA's CRL from its stand-in; everything else (the simulator) through this very app. */
  const fetchVia: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (`${url.origin}${url.pathname}` === CRL_URL) {
      return crl ? new Response(new Uint8Array(crl), { status: 200 }) : new Response('down', { status: 503 });
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await t.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as HeadersInit,
    });
  };

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
