// The whole portal with PKCS11_MODULE set, on a SoftHSM2 token: the CA is created on the token at start, and a
// provider's certificate and the CRL are signed there, over HTTP, as in production with an HSM.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore, type Pkcs11KeyStore } from '../../../server/src/ca';
import { X509Certificate, X509Crl } from '../../../server/src/ca/x509';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import {
  SOFTHSM,
  SOFTHSM_PIN,
  type SoftHsmToken,
  hasSoftHsm,
  initSoftHsmToken,
  softHsmKeyStoreConfig,
  softHsmMissing,
} from './softhsm';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

describe.skipIf(!hasSoftHsm)(`the portal on PKCS#11${hasSoftHsm ? '' : `: ${softHsmMissing}`}`, () => {
  let token: SoftHsmToken;
  let t: TestApp;

  beforeAll(async () => {
    token = initSoftHsmToken('portal');
    t = await createTestApp({
      config: { pkcs11Module: SOFTHSM, pkcs11Pin: SOFTHSM_PIN },
      stiPaFetch: injectFetch(() => t.app),
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    token?.remove();
  });

  it('creates the root and the intermediates on the token, and keeps only references to them', async () => {
    const rows = await t.db.query<{
      role: string;
      key_store: string;
      key_ref: string;
      certificate_pem: string;
    }>(`SELECT role, key_store, key_ref, certificate_pem FROM ca_issuers WHERE is_current ORDER BY role`);
    expect(rows.map((r) => [r.role, r.key_store])).toEqual([
      ['crl', 'pkcs11'],
      ['delegate-intermediate', 'pkcs11'],
      ['intermediate', 'pkcs11'],
      ['root', 'pkcs11'],
    ]);
    for (const r of rows) expect(r.key_ref).toMatch(/^[0-9a-f]{32}$/);
    // Generated on the token, not imported into it: always sensitive, never extractable.
    const store = (await createKeyStore(softHsmKeyStoreConfig(), {
      dataDir: t.config.dataDir,
      log: { warn: () => undefined },
    })) as Pkcs11KeyStore;
    try {
      const ids = await t.db.query<{ id: string; key_ref: string }>(
        'SELECT id, key_ref FROM ca_issuers WHERE is_current',
      );
      for (const { id, key_ref } of ids) {
        expect(await store.privateKeyAttributes({ id, ref: key_ref })).toMatchObject({
          sensitive: true,
          extractable: false,
          alwaysSensitive: true,
          neverExtractable: true,
          token: true,
        });
      }
    } finally {
      await store.close();
    }
    // No CA key anywhere in the data folder: only the provider keys' key-encryption key may be there, and the
    // simulated STI-PA's own keys (stipa-sim/: the other party's, not the CA's).
    const files = fs.readdirSync(t.config.dataDir, { recursive: true }).map(String);
    const isFile = (f: string) => fs.statSync(path.join(t.config.dataDir, f)).isFile();
    for (const f of files.filter((f) => isFile(f) && !f.startsWith('stipa-sim'))) {
      expect(fs.readFileSync(path.join(t.config.dataDir, f), 'latin1')).not.toContain('PRIVATE KEY');
    }
  });

  it('issues a provider certificate signed on the token, publishes it, and revokes it into a token-signed CRL', async () => {
    const provider = await activeProvider(t);
    const http = api(t, await tokenOf(t, provider));
    const key = await http.post('/api/service_provider/generate_sti_priv_key');
    expect(key.statusCode).toBe(201);
    const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
      ...STIPA,
      private_key_uuid: key.json().priv_key_uuid,
    });
    expect(res.json()).toMatchObject({ success: true });
    const { serial_number: serial, cr_path: crPath } = res.json().certificate;

    // The CR serves leaf + intermediate; OpenSSL verifies the chain against the token-held root.
    const cr = await t.app.inject({ method: 'GET', url: new URL(crPath).pathname });
    expect(cr.statusCode).toBe(200);
    const [root] = await t.db.query<{ certificate_pem: string }>(
      `SELECT certificate_pem FROM ca_issuers WHERE is_current AND role = 'root'`,
    );
    const dir = fs.mkdtempSync(path.join(token.dir, 'chain-'));
    fs.writeFileSync(path.join(dir, 'root.pem'), root.certificate_pem);
    fs.writeFileSync(path.join(dir, 'chain.pem'), cr.body);
    const [leafPem, intermediatePem] = cr.body.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    )!;
    fs.writeFileSync(path.join(dir, 'leaf.pem'), leafPem);
    fs.writeFileSync(path.join(dir, 'intermediate.pem'), intermediatePem);
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    expect(
      openssl('verify', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem', 'leaf.pem').trim(),
    ).toBe('leaf.pem: OK');
    expect(new X509Certificate(leafPem).serialNumber).toBe(serial);

    const revoked = await http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {
      reason: 'key_compromise',
    });
    expect(revoked.statusCode).toBe(200);
    // The revocation is on the STI-PA's SHAKEN CRL; the CA's own CRL is signed on the token by its CRL signer.
    const shaken = await t.app.inject({ method: 'GET', url: '/stipa-sim/api/v1/crl/shaken.crl' });
    expect(new X509Crl(new Uint8Array(shaken.rawPayload)).findRevoked(serial)).not.toBeNull();
    const [{ id, certificate_pem }] = await t.db.query<{ id: string; certificate_pem: string }>(
      `SELECT id, certificate_pem FROM ca_issuers WHERE is_current AND role = 'crl'`,
    );
    const crlRes = await t.app.inject({ method: 'GET', url: `/crl/${id}.crl` });
    expect(crlRes.statusCode).toBe(200);
    const crl = new X509Crl(new Uint8Array(crlRes.rawPayload));
    expect(await crl.verify({ publicKey: new X509Certificate(certificate_pem).publicKey })).toBe(true);
  }, 60_000);
});
