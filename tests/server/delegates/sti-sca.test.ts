// The provider's STI-SCA hosted by the portal, over HTTP on the real app: the STI-PA simulator answers through
// app.inject, the CA (with its delegate intermediate) is the app's own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasicConstraintsExtension, X509Certificate, X509Crl } from '../../../server/src/ca';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';

let t: TestApp;
let dir: string;
const CA_USER = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const PLAIN_USER = { sti_pa_username: 'plain', sti_pa_password: 'plain-pass' };
const URL_BASE = '/api/service_provider/sti_sca';

type Http = ReturnType<typeof api>;
let alice: Http & { spId: string };
let bob: Http & { spId: string };
/** Every answer body the provider got, to check that no key material is in any. */
const bodies: string[] = [];

async function session(): Promise<Http & { spId: string }> {
  const p = await activeProvider(t);
  const http = api(t, await tokenOf(t, p));
  const keep = async (res: Promise<Awaited<ReturnType<Http['get']>>>) => {
    const r = await res;
    bodies.push(r.body);
    return r;
  };
  return {
    ...http,
    spId: p.spId,
    get: (url) => keep(http.get(url)),
    post: (url, body) => keep(http.post(url, body)),
  };
}

const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** `openssl verify -purpose any` of sca.pem up chain.pem to root.pem, with `extra` options: its output or error. */
function verifyOut(...extra: string[]): string {
  try {
    const args = ['-purpose', 'any', '-CAfile', 'root.pem', '-untrusted', 'chain.pem', ...extra];
    return openssl('verify', ...args, 'sca.pem');
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `FAILED ${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

beforeAll(async () => {
  t = await createTestApp({
    stiPaFetch: injectFetch(() => t.app),
    config: { stiPaSimAccounts: 'demo:demo-pass:*:ca;plain:plain-pass:*' },
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sti-sca-'));
  alice = await session();
  bob = await session();
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the delegate intermediate', () => {
  it('is recorded with its own role, pathLen 1, beside the SHAKEN intermediate (pathLen 0)', async () => {
    const rows = await t.db.query<{ role: string; certificate_pem: string }>(
      `SELECT role, certificate_pem FROM ca_issuers WHERE is_current ORDER BY role`,
    );
    expect(rows.map((r) => r.role)).toEqual(['crl', 'delegate-intermediate', 'intermediate', 'root']);
    const pathLen = (role: string) =>
      new X509Certificate(rows.find((r) => r.role === role)!.certificate_pem).getExtension(
        BasicConstraintsExtension,
      )?.pathLength;
    expect(pathLen('delegate-intermediate')).toBe(1);
    expect(pathLen('intermediate')).toBe(0);
  });
});

describe('POST /api/service_provider/sti_sca', () => {
  let current: { id: string; serial_number: string };
  let id: string;
  let serial: string;

  it('issues the STI-SCA with an STI-PA user allowed to request CA tokens', async () => {
    const res = await alice.post(URL_BASE, CA_USER);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true });
    expect(body.sti_sca).toMatchObject({ status: 'issued', is_current: true, revoked_on: null });
    ({ id, serial_number: serial } = body.sti_sca);
    expect(body.sti_sca.cr_path).toBe(`http://portal.test/cr/${serial}.pem`);
  });

  it('serves a chain at the CR URL that openssl verifies against the root', async () => {
    const cr = await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` });
    expect(cr.statusCode).toBe(200);
    const root = await t.app.inject({ method: 'GET', url: '/ca/root.pem' });
    fs.writeFileSync(path.join(dir, 'root.pem'), root.body);
    fs.writeFileSync(path.join(dir, 'chain.pem'), cr.body);
    const [leaf] = cr.body.split(/(?<=-----END CERTIFICATE-----\n)/);
    fs.writeFileSync(path.join(dir, 'sca.pem'), leaf);
    const out = openssl(
      'verify',
      '-purpose',
      'any',
      '-CAfile',
      'root.pem',
      '-untrusted',
      'chain.pem',
      'sca.pem',
    );
    expect(out).toContain('sca.pem: OK');
    const sca = new X509Certificate(leaf);
    expect(sca.subject).toMatch(/CN=SHAKEN \w{4} STI-SCA/);
    expect(sca.getExtension(BasicConstraintsExtension)).toMatchObject({ ca: true, pathLength: 0 });
  });

  it('shows it with its chain, and lists it; the SHAKEN certificate lists do not', async () => {
    const one = await alice.get(`${URL_BASE}/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().chain_pem).toContain('BEGIN CERTIFICATE');
    const list = await alice.get(URL_BASE);
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([id]);
    const keys = await alice.get('/api/service_provider/sti_priv_key');
    expect(keys.json()).toEqual({ total: 0, data: [] });
  });

  it('refuses a second live STI-SCA of the provider with a 409', async () => {
    const res = await alice.post(URL_BASE, CA_USER);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has a valid STI-SCA/);
  });

  it('is another provider’s 404, to show and to revoke', async () => {
    expect((await bob.get(`${URL_BASE}/${id}`)).statusCode).toBe(404);
    expect((await bob.post(`${URL_BASE}/${id}/revoke`, {})).statusCode).toBe(404);
    expect((await bob.get(URL_BASE)).json()).toEqual([]);
    // nor can the provider revoke it as one of its SHAKEN certificates
    const asCert = await alice.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {});
    expect(asCert.statusCode).toBe(404);
  });

  it('revokes it: the CRL signer’s CRL lists it, and a new one may then be requested', async () => {
    const bad = await alice.post(`${URL_BASE}/${id}/revoke`, { reason: 'because' });
    expect(bad.statusCode).toBe(400);
    const res = await alice.post(`${URL_BASE}/${id}/revoke`, { reason: 'key_compromise' });
    expect(res.statusCode).toBe(200);
    expect((await alice.post(`${URL_BASE}/${id}/revoke`, {})).statusCode).toBe(409);
    const crlId = t.services.ca.crlSigner!.id;
    const crl = await t.app.inject({ method: 'GET', url: `/crl/${crlId}.crl` });
    expect(crl.statusCode).toBe(200);
    const parsed = new X509Crl(new Uint8Array(crl.rawPayload));
    expect(parsed.entries.map((e) => e.serialNumber.toLowerCase())).toContain(serial);
    // openssl, reading the indirect CRL (its signer chains to the root), finds the STI-SCA revoked
    const signer = await t.app.inject({ method: 'GET', url: '/ca/crl-signer.pem' });
    fs.writeFileSync(path.join(dir, 'crl-signer.pem'), signer.body);
    fs.writeFileSync(path.join(dir, 'crl.der'), crl.rawPayload);
    openssl('crl', '-inform', 'DER', '-in', 'crl.der', '-out', 'crl.pem');
    const checked = verifyOut(
      ...['-crl_check', '-extended_crl', '-CRLfile', 'crl.pem', '-untrusted', 'crl-signer.pem'],
    );
    expect(checked).toMatch(/certificate revoked/);
    const shown = await alice.get(`${URL_BASE}/${id}`);
    expect(shown.json()).toMatchObject({ status: 'revoked', revocation_reason: 'key_compromise' });
    const again = await alice.post(URL_BASE, CA_USER);
    expect(again.json().success).toBe(true);
    current = again.json().sti_sca;
  });

  it('renews the current one on a new key: the new one is current, the old one stays valid', async () => {
    expect((await bob.post(`${URL_BASE}/${current.id}/renew`, CA_USER)).statusCode).toBe(404);
    const refused = await alice.post(`${URL_BASE}/${current.id}/renew`, PLAIN_USER);
    expect(refused.json()).toEqual({ success: false, error_cause: 'sti_pa_ca_not_allowed' });
    const res = await alice.post(`${URL_BASE}/${current.id}/renew`, CA_USER);
    expect(res.json()).toMatchObject({ success: true, sti_sca: { is_current: true, replaced_by: null } });
    const renewed = res.json().sti_sca;
    const old = (await alice.get(`${URL_BASE}/${current.id}`)).json();
    expect(old).toMatchObject({ status: 'issued', is_current: false, replaced_by: renewed.serial_number });
    const keys = await t.db.query<{ n: number }>(
      `SELECT count(DISTINCT sti_sca_key_id)::int AS n FROM certificates WHERE id = ANY($1::uuid[])`,
      [[current.id, renewed.id]],
    );
    expect(keys[0].n).toBe(2);
    // the renewed one is not current any more, nor may a second one be requested beside the new one
    const again = await alice.post(`${URL_BASE}/${current.id}/renew`, CA_USER);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Only the current STI-SCA can be renewed/);
    expect((await alice.post(URL_BASE, CA_USER)).statusCode).toBe(409);
  });

  it('is refused when the STI-PA user may not request CA tokens', async () => {
    const res = await bob.post(URL_BASE, PLAIN_USER);
    expect(res.json()).toEqual({ success: false, error_cause: 'sti_pa_ca_not_allowed' });
    expect((await bob.get(URL_BASE)).json()).toEqual([]);
  });

  it('is refused without an active subscription, before the STI-PA is asked', async () => {
    const carol = await session();
    // The paid period ends: the state view derives expired and inactive from it.
    await t.db.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '40 days',
                                current_period_end = now() - interval '1 day'
        WHERE service_provider_id = $1`,
      [carol.spId],
    );
    const keysBefore = await t.db.query('SELECT 1 FROM sti_sca_keys');
    const res = await carol.post(URL_BASE, CA_USER);
    expect(res.json()).toEqual({ success: false, error_cause: 'subscription_inactive' });
    expect(await t.db.query('SELECT 1 FROM sti_sca_keys')).toHaveLength(keysBefore.length);
  });

  it('answers bad input with a 400, and an id that is no UUID with a 404', async () => {
    expect((await bob.post(URL_BASE, { sti_pa_username: 'demo' })).statusCode).toBe(400);
    expect((await bob.get(`${URL_BASE}/not-a-uuid`)).statusCode).toBe(404);
  });

  it('never answers the key', async () => {
    const keyRows = await t.db.query<{ key_ref: string }>('SELECT key_ref FROM sti_sca_keys');
    expect(keyRows.length).toBeGreaterThanOrEqual(3);
    for (const body of bodies) {
      expect(body).not.toMatch(/PRIVATE KEY/);
      for (const k of keyRows) expect(body).not.toContain(k.key_ref);
    }
  });
});
