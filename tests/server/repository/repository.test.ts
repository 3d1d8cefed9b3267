// The public repository: the CR chain (memory after the first read), the CRL (DER that OpenSSL reads and
// that marks a revoked leaf), and decrypt_cert (own CR URLs in-process, https only to public addresses).
import { execFileSync } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  chainToPem,
  crlToPem,
  type ExportedCa,
  generateP256KeyPair,
  newSerial,
} from '../../../server/src/ca';
import { X509Certificate, X509Crl } from '../../../server/src/ca/x509';
import { fetchHttps, parseCertificates } from '../../../server/src/repository/decrypt';
import { createTestApp, type TestApp } from '../helpers';
import { legacyHierarchy, legacyLeaf } from '../ca/legacy-ca';

const DAY = 86_400_000;
const ISSUER = 'test-int';
let t: TestApp;
let ca: { root: ExportedCa; intermediate: ExportedCa };
let spId: string;
let keyId: string;
let dir: string;

async function insertCertificate(
  opts: {
    status?: 'issued' | 'revoked' | 'pending';
    notBefore?: Date;
    notAfter?: Date;
  } = {},
): Promise<{ serial: string; leaf: X509Certificate; chain: string }> {
  const serial = newSerial();
  const keys = await generateP256KeyPair();
  const notBefore = opts.notBefore ?? new Date(Date.now() - 60_000);
  const notAfter = opts.notAfter ?? new Date(Date.now() + 90 * DAY);
  const leaf = await legacyLeaf({
    subjectPublicKey: keys.publicKey,
    serial,
    notBefore: new Date(Math.floor(notBefore.getTime() / 1000) * 1000),
    notAfter: new Date(Math.floor(notAfter.getTime() / 1000) * 1000),
    issuer: { certificate: ca.intermediate.certificate, signer: ca.intermediate.signer },
    crlUrl: `${t.config.publicUrl}/crl/${ISSUER}.crl`,
  });
  const chain = chainToPem([leaf, ca.intermediate.certificate]);
  const status = opts.status ?? 'issued';
  await t.db.query(
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
       not_before, not_after, certificate_der, chain_pem, revoked_on, revocation_reason)
     VALUES ($1, $2, $3, $4, $5, '073K', $6, $7, $8, $9, $10, $11)`,
    [
      serial,
      spId,
      keyId,
      ISSUER,
      status,
      leaf.notBefore,
      leaf.notAfter,
      status === 'pending' ? null : Buffer.from(leaf.rawData),
      status === 'pending' ? null : chain,
      status === 'revoked' ? new Date() : null,
      status === 'revoked' ? 'key_compromise' : null,
    ],
  );
  return { serial, leaf, chain };
}

function openssl(...args: string[]): string {
  try {
    return execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repo-test-'));
  // An earlier release's intermediate: it signs its own, direct CRL, which the certificates it issued name.
  ca = await legacyHierarchy('Test STI-CA', 'http://portal.test/crl/test-root.crl');
  // The app signs this test issuer's CRL besides its own CA's.
  t = await createTestApp({
    crlIssuers: [{ id: ISSUER, certificate: ca.intermediate.certificate, signer: ca.intermediate.signer }],
  });
  for (const [id, role, c] of [
    ['test-root', 'root', ca.root],
    [ISSUER, 'intermediate', ca.intermediate],
  ] as const) {
    await t.db.query(
      `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_ref, key_store, is_current)
       VALUES ($1, $2, $3, $4, 'test:in-memory', 'software', false)`,
      [id, role, c.certificatePem, c.certificate.subject],
    );
  }
  const [account] = await t.db.query<{ id: string }>(
    `INSERT INTO accounts (type, email, first_name, last_name) VALUES ('service-provider', 'repo@acme.test', 'R', 'P')
     RETURNING id`,
  );
  const [sp] = await t.db.query<{ id: string }>(
    `INSERT INTO service_providers (account_id, ocn, company_name, phone_number, title, address, state, city, zipcode)
     VALUES ($1, '073K', 'Acme Telecom, Inc.', '2025550100', 'CTO', '1 Main St', 'NY', 'New York', '10001')
     RETURNING id`,
    [account.id],
  );
  spId = sp.id;
  const spki = new Uint8Array(
    await webcrypto.subtle.exportKey('spki', (await generateP256KeyPair()).publicKey),
  );
  const [key] = await t.db.query<{ id: string }>(
    `INSERT INTO private_keys (service_provider_id, key_ref, key_store, public_key_spki, origin)
     VALUES ($1, 'test:key', 'software', $2, 'generated') RETURNING id`,
    [spId, Buffer.from(spki)],
  );
  keyId = key.id;
  fs.writeFileSync(path.join(dir, 'root.pem'), ca.root.certificatePem);
  fs.writeFileSync(path.join(dir, 'intermediate.pem'), ca.intermediate.certificatePem);
}, 60_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /cr/{serial}.pem', () => {
  it('serves the chain, leaf first then the intermediate, with cache headers, ETag and 304', async () => {
    const { serial, leaf } = await insertCertificate();
    const res = await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pem-certificate-chain');
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(86_000);
    expect(maxAge).toBeLessThanOrEqual(86_400);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const blocks = res.body.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    expect(blocks).toHaveLength(2);
    expect(res.body.replace(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g, '').trim()).toBe(
      '',
    );
    const certs = parseCertificates(Buffer.from(res.body));
    expect(certs[0].serialNumber.toLowerCase()).toBe(serial);
    expect(certs[0].subject).toBe(leaf.subject);
    expect(certs[1].subject).toBe(ca.intermediate.certificate.subject);

    const spy = vi.spyOn(t.db, 'query');
    try {
      const again = await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(res.body);
      const cached = await t.app.inject({
        method: 'GET',
        url: `/cr/${serial.toUpperCase()}.pem`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(res.headers.etag);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 404, with no chain, for unknown, malformed, pending and expired certificates', async () => {
    const pending = await insertCertificate({ status: 'pending' });
    const expired = await insertCertificate({
      notBefore: new Date(Date.now() - 10 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    for (const url of [
      `/cr/${newSerial()}.pem`,
      '/cr/not-a-serial.pem',
      "/cr/1234567890abcdef'%20OR%201=1.pem",
      `/cr/${pending.serial}.pem`,
      `/cr/${expired.serial}.pem`,
      `/cr/${pending.serial}.txt`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('BEGIN');
    }
  });

  it('keeps serving a revoked certificate until it expires', async () => {
    const { serial } = await insertCertificate({ status: 'revoked' });
    expect((await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` })).statusCode).toBe(200);
  });
});

describe('GET /crl/{issuer}.crl', () => {
  it('issues one on the first request, then a new one on revocation that OpenSSL reads and enforces', async () => {
    const { serial, leaf } = await insertCertificate();
    const first = await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pkix-crl');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.headers.etag).toBeTruthy();
    const crl1 = new X509Crl(new Uint8Array(first.rawPayload));
    expect(crl1.findRevoked(serial)).toBeNull();

    await t.db.query(
      `UPDATE certificates SET status = 'revoked', revoked_on = now(), revocation_reason = 'key_compromise'
        WHERE serial_number = $1`,
      [serial],
    );
    const issued = await t.services.crl.reissue(ISSUER);
    expect(issued?.crl_number).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(first.headers.etag);
    const der = res.rawPayload;
    expect(der[0]).toBe(0x30);
    fs.writeFileSync(path.join(dir, 'crl.der'), der);
    const text = openssl('crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout');
    expect(text).toMatch(/Version 2 \(0x1\)/);
    expect(text).toContain(`Serial Number: ${serial.toUpperCase()}`);
    expect(text).toMatch(/Key Compromise/);
    expect(text).toMatch(/X509v3 CRL Number:\s+(\d+)/);
    expect(text).toMatch(/X509v3 Authority Key Identifier/);
    const crl = new X509Crl(new Uint8Array(der));
    expect(await crl.verify({ publicKey: ca.intermediate.certificate.publicKey })).toBe(true);
    expect(crl.nextUpdate!.getTime() - crl.thisUpdate.getTime()).toBe(7 * DAY);
    expect(Math.abs(crl.thisUpdate.getTime() - Date.now())).toBeLessThan(60_000);
    const num = (c: X509Crl) =>
      Number(
        BigInt(
          `0x${Buffer.from(c.extensions.find((e) => e.type === '2.5.29.20')!.value)
            .subarray(2)
            .toString('hex')}`,
        ),
      );
    expect(num(crl)).toBeGreaterThan(num(crl1));

    fs.writeFileSync(path.join(dir, 'crl.pem'), crlToPem(der));
    fs.writeFileSync(path.join(dir, 'leaf.pem'), leaf.toString('pem'));
    const verify = openssl(
      'verify',
      '-crl_check',
      '-CAfile',
      'root.pem',
      '-untrusted',
      'intermediate.pem',
      '-CRLfile',
      'crl.pem',
      'leaf.pem',
    );
    expect(verify).toMatch(/certificate revoked/);

    // A certificate that is not revoked verifies against the same CRL.
    const good = await insertCertificate();
    fs.writeFileSync(path.join(dir, 'good.pem'), good.leaf.toString('pem'));
    expect(
      openssl(
        'verify',
        '-crl_check',
        '-CAfile',
        'root.pem',
        '-untrusted',
        'intermediate.pem',
        '-CRLfile',
        'crl.pem',
        'good.pem',
      ).trim(),
    ).toBe('good.pem: OK');

    const notModified = await t.app.inject({
      method: 'GET',
      url: `/crl/${ISSUER}.crl`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('answers from memory: repeated requests read nothing from the database', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` });
    const query = vi.spyOn(t.db, 'query');
    try {
      for (let i = 0; i < 5; i++) {
        const again = await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` });
        expect(again.statusCode).toBe(200);
        expect(again.headers.etag).toBe(first.headers.etag);
      }
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });

  it("signs the bootstrap CA's CRL with its CRL signer, never with the intermediate", async () => {
    const rows = await t.db.query<{ id: string; role: string; certificate_pem: string }>(
      `SELECT id, role, certificate_pem FROM ca_issuers WHERE is_current`,
    );
    const signer = rows.find((r) => r.role === 'crl')!;
    const res = await t.app.inject({ method: 'GET', url: `/crl/${signer.id}.crl` });
    expect(res.statusCode).toBe(200);
    const crl = new X509Crl(new Uint8Array(res.rawPayload));
    const cert = new X509Certificate(signer.certificate_pem);
    expect(crl.issuer).toBe(cert.subject);
    expect(await crl.verify({ publicKey: cert.publicKey })).toBe(true);
    // Indirect (its issuer is not the root that issues the intermediates it covers): IDP indirectCRL, critical.
    const idp = crl.extensions.find((e) => e.type === '2.5.29.28')!;
    expect([idp.critical, Buffer.from(idp.value).toString('hex')]).toEqual([true, '30038401ff']);
    // The intermediate (keyCertSign only) and the root sign no CRL: nothing is published in their name.
    for (const role of ['intermediate', 'root']) {
      const id = rows.find((r) => r.role === role)!.id;
      expect((await t.app.inject({ method: 'GET', url: `/crl/${id}.crl` })).statusCode, role).toBe(404);
    }
  });

  it('numbers CRLs strictly increasing, also when issued concurrently', async () => {
    const rows = await Promise.all([1, 2, 3].map(() => t.services.crl.issue(ISSUER)));
    const numbers = rows.map((r) => r.crl_number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[2] - numbers[0]).toBe(2);
  });

  it('refreshes every CRL it signs (an earlier intermediate too), and 404s unknown issuers', async () => {
    const refreshed = await t.services.crl.refresh();
    expect(refreshed).toContain(ISSUER);
    expect(refreshed.some((id) => id.startsWith('crl-'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/crl/nobody.crl' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/crl/..%2Fetc.crl' })).statusCode).toBe(404);
  });
});

describe('POST /api/public/decrypt_cert', () => {
  it('describes our own CR URL in-process: text, TNAuthList SPC, only the earlier profile finding', async () => {
    const { serial } = await insertCertificate();
    const spy = vi.spyOn(https, 'request');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/decrypt_cert',
        payload: { url: `${t.config.publicUrl}/cr/${serial}.pem` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.certificates).toHaveLength(2);
      const [leafInfo] = body.certificates;
      expect(leafInfo.serial_number).toBe(serial);
      expect(leafInfo.tn_auth_list).toEqual({ spc: '073K' });
      // This fixture is an earlier release's certificate: its CRL DP has no cRLIssuer, which the lint now reports.
      expect(
        leafInfo.findings
          .filter((f: { severity: string }) => f.severity === 'error')
          .map((f: { rule: string }) => f.rule),
      ).toEqual(['crl-issuer']);
      expect(body.text).toMatch(/Version: 3 \(0x2\)/);
      expect(body.text).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
      expect(body.text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature/);
      expect(body.text).toMatch(/TNAuthList[^\n]*\n\s+SPC: 073K/);
      expect(body.text).toContain(`URI:${t.config.publicUrl}/crl/${ISSUER}.crl`);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses other schemes and private, loopback or link-local targets without connecting', async () => {
    const spy = vi.spyOn(https, 'request');
    try {
      for (const url of [
        'http://example.com/cert.pem',
        'file:///etc/passwd',
        'ftp://example.com/x.pem',
        'https://127.0.0.1/x.pem',
        'https://10.0.0.1/x.pem',
        'https://192.168.1.1/x.pem',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/x.pem',
        'https://[::ffff:127.0.0.1]/x.pem',
        'https://[fd00::1]/x.pem',
        'https://0.0.0.0/x.pem',
        'https://user:pw@example.com/x.pem',
        'not a url',
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/public/decrypt_cert', payload: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toMatch(
          /Only https URLs or this portal's certificate repository can be read/,
        );
      }
      await expect(
        fetchHttps(new URL('https://evil.example/x.pem'), {
          resolve: async () => [
            { address: '93.184.216.34', family: 4 },
            { address: '127.0.0.1', family: 4 },
          ],
        }),
      ).rejects.toMatchObject({ statusCode: 400 });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('decrypt_cert fetching (a local https server, reachable only through an allow-list)', () => {
  let server: https.Server;
  let port: number;
  let tlsCert: string;
  let chain: string;
  let opts: Parameters<typeof fetchHttps>[1];

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'tls.key',
        '-out',
        'tls.pem',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    tlsCert = fs.readFileSync(path.join(dir, 'tls.pem'), 'utf8');
    chain = (await insertCertificate()).chain;
    server = https.createServer(
      { key: fs.readFileSync(path.join(dir, 'tls.key')), cert: tlsCert },
      (req, res) => {
        if (req.url === '/chain.pem')
          return res.writeHead(200, { 'content-type': 'application/pem-certificate-chain' }).end(chain);
        if (req.url === '/redirect')
          return res.writeHead(302, { location: 'https://127.0.0.1/chain.pem' }).end();
        if (req.url === '/big') {
          res.writeHead(200);
          const chunk = Buffer.alloc(16 * 1024, 0x41);
          for (let i = 0; i < 8; i++) res.write(chunk);
          return res.end();
        }
        if (req.url === '/slow') return; // never answers
        res.writeHead(404).end();
      },
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    opts = {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddress: (a) => a === '127.0.0.1',
      ca: tlsCert,
    };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('reads a chain from the checked address and parses every certificate', async () => {
    const body = await fetchHttps(new URL(`https://localhost:${port}/chain.pem`), opts);
    const certs = parseCertificates(body);
    expect(certs).toHaveLength(2);
  });

  it('refuses the same server without the allow-list (it is loopback)', async () => {
    await expect(
      fetchHttps(new URL(`https://localhost:${port}/chain.pem`), { ...opts, allowAddress: undefined }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/not a public address/) });
  });

  it('does not follow redirects, caps the size and times out', async () => {
    await expect(fetchHttps(new URL(`https://localhost:${port}/redirect`), opts)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/HTTP 302.*redirects are not followed/),
    });
    await expect(fetchHttps(new URL(`https://localhost:${port}/missing`), opts)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/HTTP 404/),
    });
    await expect(fetchHttps(new URL(`https://localhost:${port}/big`), opts)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/larger than 64 KB/),
    });
    const started = Date.now();
    await expect(
      fetchHttps(new URL(`https://localhost:${port}/slow`), { ...opts, timeoutMs: 300 }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/did not answer/) });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('CRLs at start', () => {
  it('are issued when the app is ready, before anyone asks, by every CRL signer whose key it holds', async () => {
    const app = await createTestApp();
    try {
      const rows = await app.db.query<{ issuer_id: string }>('SELECT issuer_id FROM crls ORDER BY issuer_id');
      expect(rows.map((r) => r.issuer_id)).toEqual(app.services.ca.crlSigners.map((s) => s.id));
      expect(rows).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
