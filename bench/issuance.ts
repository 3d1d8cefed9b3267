// Issuance speed: ShakenIssuer.issue (as the portal calls it: TBS, ES256 signature through the Signer, SHAKEN
// lint, PEM) per second, beside a baseline measured in the same run: raw ES256 signatures per second with a
// cached node:crypto KeyObject.
// Goals: ratio ≥ 0.3×, median ≤ 20 ms per certificate. Run: npx tsx bench/issuance.ts  (SECONDS=3 by default)
import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { webcrypto } from 'node:crypto';
import { createCaHierarchy } from '../server/src/ca/hierarchy';
import { ShakenIssuer } from '../server/src/ca/issuer';
import { certificateValidity, newSerial } from '../server/src/ca/profile';
import { generateP256KeyPair } from '../server/src/ca/signer';

const SECONDS = Number(process.env.SECONDS ?? 3);
const MAX_ITERATIONS = 1_000_000;

async function rawEs256(): Promise<number> {
  const keys = await generateP256KeyPair();
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const tbs = randomBytes(520); // about a SHAKEN leaf's TBSCertificate
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  while (performance.now() < end && n < MAX_ITERATIONS) {
    sign('sha256', tbs, { key, dsaEncoding: 'ieee-p1363' });
    n++;
  }
  return n / SECONDS;
}

async function issuance(): Promise<{ perSecond: number; medianMs: number; p95Ms: number }> {
  const ca = await createCaHierarchy({
    organization: 'Bench STI-CA',
    crlUrl: 'https://ca.example.com/crl/root.crl',
  });
  const subject = await generateP256KeyPair();
  const now = new Date();
  const validity = certificateValidity(now, new Date(now.getTime() + 365 * 86_400_000));
  const issuer = await ShakenIssuer.create(ca.intermediate);
  // The portal keeps the provider's key as its SubjectPublicKeyInfo DER.
  const subjectPublicKey = new Uint8Array(await webcrypto.subtle.exportKey('spki', subject.publicKey));
  const times: number[] = [];
  const start = performance.now();
  const end = start + SECONDS * 1000;
  while (performance.now() < end && times.length < MAX_ITERATIONS) {
    const t0 = performance.now();
    await issuer.issue({
      spc: '073K',
      companyName: 'Acme Telecom, Inc.',
      subjectPublicKey,
      serial: newSerial(),
      ...validity,
      crl: { url: 'https://ca.example.com/crl/intermediate.crl' },
    });
    times.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    medianMs: times[Math.floor(times.length / 2)],
    p95Ms: times[Math.floor(times.length * 0.95)],
  };
}

const raw = await rawEs256();
const built = await issuance();
const ratio = built.perSecond / raw;
console.log(`raw ES256 signatures (node:crypto, cached KeyObject): ${raw.toFixed(0)} /s   [baseline]`);
console.log(`ShakenIssuer.issue (encode + sign + lint + PEM):     ${built.perSecond.toFixed(0)} /s`);
console.log(`ratio: ${ratio.toFixed(2)}x  (goal >= 0.3x) ${ratio >= 0.3 ? 'OK' : 'BELOW GOAL'}`);
console.log(
  `per certificate: median ${built.medianMs.toFixed(2)} ms, p95 ${built.p95Ms.toFixed(2)} ms  (goal median <= 20 ms) ${built.medianMs <= 20 ? 'OK' : 'BELOW GOAL'}`,
);
