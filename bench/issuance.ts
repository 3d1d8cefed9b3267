// Issuance speed: ShakenIssuer.issue (as the portal calls it: TBS, ES256 signature through the Signer, SHAKEN
// lint, PEM) per second, beside a baseline measured in the same run: raw ES256 signatures per second with a
// cached node:crypto KeyObject over a TBS-sized message.
// Both are warmed up first, then measured in alternating rounds so that the machine's drift hits both alike; the
// figures are the medians of the rounds. Subject keys rotate among 64, as a CA's would.
// Then end to end: POST /api/service_provider/generate_sti_spc_cert on the real app over app.inject (the built-in
// STI-PA simulator for the SPC token and its full verification, the database, the audit row), one request after
// another, once the server is warm (WARM_REQUESTS first, as a running portal would be). The database is PGlite, or
// the PostgreSQL server at TEST_DATABASE_URL when that is set.
// Goals: ratio ≥ 0.3×; ≤ 20 ms per certificate, end to end.
// Run: npm run bench:issuance   (ROUNDS=7, ROUND_SECONDS=1, REQUESTS=100, WARM_REQUESTS=20 by default)
import { createPrivateKey, randomBytes, sign, webcrypto } from 'node:crypto';
import {
  certificateValidity,
  createCaHierarchy,
  generateP256KeyPair,
  newSerial,
  ShakenIssuer,
} from '../server/src/ca';
import { activeProvider, api, tokenOf } from '../tests/server/billing/billing-fixtures';
import { type TestApp, createTestApp, injectFetch, usingPostgres } from '../tests/server/helpers';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const WARM_REQUESTS = Number(process.env.WARM_REQUESTS ?? 20);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 1);
const WARM_UP_SECONDS = 1;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function rawEs256(): Promise<(seconds: number) => number> {
  const keys = await generateP256KeyPair();
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const tbs = randomBytes(560); // about a SHAKEN leaf's TBSCertificate
  return (seconds) => {
    const start = performance.now();
    const end = start + seconds * 1000;
    let n = 0;
    while (performance.now() < end) {
      sign('sha256', tbs, { key, dsaEncoding: 'ieee-p1363' });
      n++;
    }
    return n / ((performance.now() - start) / 1000);
  };
}

async function issuance(): Promise<(seconds: number, times?: number[]) => Promise<number>> {
  const ca = await createCaHierarchy({
    organization: 'Bench STI-CA',
    crlUrl: 'https://ca.example.com/crl/root.crl',
  });
  const issuer = await ShakenIssuer.create(ca.intermediate);
  const crlIssuer = new Uint8Array(ca.crlSigner.certificate.subjectName.toArrayBuffer());
  // The portal keeps each provider's key as its SubjectPublicKeyInfo DER.
  const subjects = await Promise.all(
    Array.from({ length: 64 }, async () => {
      const { publicKey } = await generateP256KeyPair();
      return new Uint8Array(await webcrypto.subtle.exportKey('spki', publicKey));
    }),
  );
  const now = new Date();
  const validity = certificateValidity(now, new Date(now.getTime() + 365 * 86_400_000));
  let i = 0;
  return async (seconds, times) => {
    const start = performance.now();
    const end = start + seconds * 1000;
    let n = 0;
    while (performance.now() < end) {
      const t0 = performance.now();
      await issuer.issue({
        spc: '073K',
        companyName: 'Acme Telecom, Inc.',
        subjectPublicKey: subjects[i++ % subjects.length],
        serial: newSerial(),
        ...validity,
        // As the portal issues: the STI-PA's CRL and its issuer's name (here the CA's own CRL signer's).
        crl: { url: 'https://ca.example.com/crl/shaken.crl', issuerDn: crlIssuer },
      });
      times?.push(performance.now() - t0);
      n++;
    }
    return n / ((performance.now() - start) / 1000);
  };
}

/** Milliseconds of the first generate request after start, and per request once warm, in order. */
async function endToEnd(requests: number): Promise<{ first: number; warm: number[] }> {
  const t: TestApp = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  try {
    const provider = await activeProvider(t);
    const http = api(t, await tokenOf(t, provider));
    // One certificate per key: each request gets a key of its own, made before its time is taken.
    const bodyWithNewKey = async () => ({
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid,
    });
    let body = await bodyWithNewKey();
    const t1 = performance.now();
    await http.post('/api/service_provider/generate_sti_spc_cert', body);
    const first = performance.now() - t1;
    for (let i = 1; i < WARM_REQUESTS; i++)
      await http.post('/api/service_provider/generate_sti_spc_cert', await bodyWithNewKey());
    const ms: number[] = [];
    for (let i = 0; i < requests; i++) {
      body = await bodyWithNewKey();
      const t0 = performance.now();
      const res = await http.post('/api/service_provider/generate_sti_spc_cert', body);
      ms.push(performance.now() - t0);
      if (res.json().success !== true) throw new Error(`generate failed: ${res.body}`);
    }
    return { first, warm: ms };
  } finally {
    await t.close();
  }
}

const raw = await rawEs256();
const issue = await issuance();
raw(WARM_UP_SECONDS);
await issue(WARM_UP_SECONDS);

const rawRates: number[] = [];
const issueRates: number[] = [];
const ratios: number[] = [];
const times: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const baseline = raw(ROUND_SECONDS);
  const issued = await issue(ROUND_SECONDS, times);
  rawRates.push(baseline);
  issueRates.push(issued);
  ratios.push(issued / baseline);
}
times.sort((a, b) => a - b);
const ratio = median(ratios);
const medianMs = times[Math.floor(times.length / 2)];
const p95Ms = times[Math.floor(times.length * 0.95)];
console.log(
  `raw ES256 signatures (node:crypto, cached KeyObject): ${median(rawRates).toFixed(0)} /s   [baseline]`,
);
console.log(`ShakenIssuer.issue (encode + sign + lint + PEM):     ${median(issueRates).toFixed(0)} /s`);
console.log(
  `ratio: ${ratio.toFixed(2)}x, median of ${ROUNDS} rounds [${ratios.map((x) => x.toFixed(2)).join(' ')}]  (goal >= 0.3x) ${ratio >= 0.3 ? 'OK' : 'BELOW GOAL'}`,
);
console.log(`per certificate, issuer alone: median ${medianMs.toFixed(2)} ms, p95 ${p95Ms.toFixed(2)} ms`);

const { first, warm } = await endToEnd(REQUESTS);
const e2e = warm.sort((a, b) => a - b);
const e2eMedian = median(e2e);
console.log(
  `end to end (POST generate_sti_spc_cert, STI-PA simulator, ${usingPostgres ? 'PostgreSQL' : 'PGlite'}), ${REQUESTS} requests after ${WARM_REQUESTS} to warm up: median ${e2eMedian.toFixed(1)} ms, p95 ${e2e[Math.floor(e2e.length * 0.95)].toFixed(1)} ms  (goal <= 20 ms) ${e2eMedian <= 20 ? 'OK' : 'BELOW GOAL'}`,
);
console.log(`  the first request after start (cold): ${first.toFixed(1)} ms`);
