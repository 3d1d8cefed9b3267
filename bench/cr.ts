// CR throughput: GET /cr/<serial>.pem on the real app (PGlite in memory, one issued certificate with a real
// chain) beside a baseline measured in the same run: a bare Fastify hello-world. Both on loopback, driven by
// the same load loop (a worker thread: CONNECTIONS keep-alive requests in flight for SECONDS each).
// Goal: ratio ≥ 0.7×. Run: npm run bench:cr  (CONNECTIONS=32 SECONDS=5 by default)
import { webcrypto } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  buildShakenCertificate,
  certificateValidity,
  chainToPem,
  createCaHierarchy,
  generateP256KeyPair,
  newSerial,
} from '../server/src/ca';
import { createTestApp } from '../tests/server/helpers';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const SECONDS = Number(process.env.SECONDS ?? 5);

// The load loop, in its own thread so that the client does not share the servers' event loop.
const LOAD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, path, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const end = Date.now() + seconds * 1000;
let ok = 0, failed = 0;
function one() {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      if (res.statusCode === 200) ok++; else failed++;
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => { failed++; resolve(); });
  });
}
async function loop() { while (Date.now() < end) await one(); }
const started = Date.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ ok, failed, elapsed: (Date.now() - started) / 1000 });
});
`;

function drive(port: number, path: string, seconds = SECONDS): Promise<{ rps: number; failed: number }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(LOAD, { eval: true, workerData: { port, path, connections: CONNECTIONS, seconds } });
    w.once('message', (m: { ok: number; failed: number; elapsed: number }) =>
      resolve({ rps: m.ok / m.elapsed, failed: m.failed }),
    );
    w.once('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

// the baseline
const hello = Fastify({ logger: false });
hello.get('/', async () => 'hello world');
const helloPort = await listen(hello);

// the real app with one issued certificate
const t = await createTestApp();
const ca = await createCaHierarchy({
  organization: 'Bench STI-CA',
  crlUrl: 'http://portal.test/crl/root.crl',
});
await t.db.query(
  `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_ref, key_store, is_current)
   VALUES ('bench-int', 'intermediate', $1, $2, 'bench:none', 'software', false)`,
  [ca.intermediate.certificatePem, ca.intermediate.certificate.subject],
);
const [account] = await t.db.query<{ id: string }>(
  `INSERT INTO accounts (type, email, first_name, last_name) VALUES ('service-provider', 'bench@acme.test', 'B', 'B') RETURNING id`,
);
const [sp] = await t.db.query<{ id: string }>(
  `INSERT INTO service_providers (account_id, ocn, company_name, phone_number, title, address, state, city, zipcode)
   VALUES ($1, '073K', 'Acme Telecom, Inc.', '2025550100', 'CTO', '1 Main St', 'NY', 'New York', '10001') RETURNING id`,
  [account.id],
);
const subject = await generateP256KeyPair();
const [key] = await t.db.query<{ id: string }>(
  `INSERT INTO private_keys (service_provider_id, key_ref, key_store, public_key_spki, origin)
   VALUES ($1, 'bench:key', 'software', $2, 'generated') RETURNING id`,
  [sp.id, Buffer.from(await webcrypto.subtle.exportKey('spki', subject.publicKey))],
);
const serial = newSerial();
const now = new Date();
const leaf = await buildShakenCertificate({
  spc: '073K',
  companyName: 'Acme Telecom, Inc.',
  subjectPublicKey: subject.publicKey,
  serial,
  ...certificateValidity(now, new Date(now.getTime() + 365 * 86_400_000)),
  issuer: { certificate: ca.intermediate.certificate, signer: ca.intermediate.signer },
  crl: {
    url: 'http://portal.test/crl/shaken.crl',
    issuerDn: new Uint8Array(ca.crlSigner.certificate.subjectName.toArrayBuffer()),
  },
});
await t.db.query(
  `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
     not_before, not_after, certificate_der, chain_pem)
   VALUES ($1, $2, $3, 'bench-int', 'issued', '073K', $4, $5, $6, $7)`,
  [
    serial,
    sp.id,
    key.id,
    leaf.notBefore,
    leaf.notAfter,
    Buffer.from(leaf.rawData),
    chainToPem([leaf, ca.intermediate.certificate]),
  ],
);
const appPort = await listen(t.app);
const crPath = `/cr/${serial}.pem`;
const check = await fetch(`http://127.0.0.1:${appPort}${crPath}`);
if (check.status !== 200 || check.headers.get('content-type') !== 'application/pem-certificate-chain') {
  throw new Error(`the CR did not answer as expected: ${check.status}`);
}
await check.text();

// Warm both (JIT, the CR cache), then measure the baseline and the CR alternately, twice each.
await drive(helloPort, '/', 1);
await drive(appPort, crPath, 1);
const base: number[] = [];
const cr: number[] = [];
let failed = 0;
for (let i = 0; i < 2; i++) {
  const b = await drive(helloPort, '/');
  const c = await drive(appPort, crPath);
  base.push(b.rps);
  cr.push(c.rps);
  failed += b.failed + c.failed;
}
const best = (xs: number[]) => Math.max(...xs);
const ratio = best(cr) / best(base);
console.log(`connections ${CONNECTIONS}, ${SECONDS} s per run, best of 2 runs each, loopback`);
console.log(
  `bare Fastify hello-world: ${best(base).toFixed(0)} req/s   [baseline]  runs: ${base.map((x) => x.toFixed(0)).join(', ')}`,
);
console.log(
  `GET /cr/{serial}.pem:     ${best(cr).toFixed(0)} req/s   runs: ${cr.map((x) => x.toFixed(0)).join(', ')}`,
);
console.log(
  `ratio: ${ratio.toFixed(2)}x  (goal >= 0.7x) ${ratio >= 0.7 ? 'OK' : 'BELOW GOAL'}${failed ? `  (${failed} failed requests)` : ''}`,
);

await hello.close();
await t.close();
