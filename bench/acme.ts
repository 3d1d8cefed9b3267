// ACME issuance beside the portal's own generate route, on the same app in the same run: certificates per second
// and the latency of each, one issuance after another, over app.inject (no network, as bench:issuance measures the
// portal). An ACME issuance is the whole flow with the account reused: newOrder, the authorization, the SPC token
// from the built-in STI-PA (as the portal's route asks for one itself), the tkauth-01 answer, finalize and the
// chain download: five signed requests, each with the nonce the last answer gave. The CSR (a client's key and its
// signature) and the portal's key are made before their issuance's time is taken. Rounds alternate so that the
// machine's drift hits both alike; the figures are medians. The database is PGlite, or TEST_DATABASE_URL's.
// Goals: ACME ≥ 0.5× the portal route's rate; median ACME issuance ≤ 50 ms.
// Run: npm run bench:acme   (ROUNDS=5, PER_ROUND=20, WARM=10 by default)
import { activeProvider, api, tokenOf } from '../tests/server/billing/billing-fixtures';
import { injectAcmeClient } from '../tests/server/acme/acme-inject';
import { type TestApp, createTestApp, injectFetch, usingPostgres } from '../tests/server/helpers';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PER_ROUND = Number(process.env.PER_ROUND ?? 20);
const WARM = Number(process.env.WARM ?? 10);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const t: TestApp = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
try {
  const provider = await activeProvider(t);
  const http = api(t, await tokenOf(t, provider));
  const acme = await injectAcmeClient(t, http, provider.spId);

  /** One portal issuance: a new key (not timed), then POST generate_sti_spc_cert (timed). */
  async function portalOnce(): Promise<number> {
    const keyId = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
    const t0 = performance.now();
    const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: keyId,
    });
    const ms = performance.now() - t0;
    if (res.json().success !== true) throw new Error(`generate failed: ${res.body}`);
    return ms;
  }

  /** One ACME issuance: a CSR (not timed), then the whole flow (timed). */
  async function acmeOnce(): Promise<number> {
    const csr = await acme.csr();
    const t0 = performance.now();
    const chain = await acme.issue(csr);
    const ms = performance.now() - t0;
    if (chain.length !== 2) throw new Error('no chain');
    return ms;
  }

  for (let i = 0; i < WARM; i++) {
    await portalOnce();
    await acmeOnce();
  }
  const portalTimes: number[] = [];
  const acmeTimes: number[] = [];
  const ratios: number[] = [];
  const portalRates: number[] = [];
  const acmeRates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const p: number[] = [];
    const a: number[] = [];
    for (let i = 0; i < PER_ROUND; i++) p.push(await portalOnce());
    for (let i = 0; i < PER_ROUND; i++) a.push(await acmeOnce());
    // a rate of issuances, one after another: 1000 / the mean time of one
    const rate = (xs: number[]) => 1000 / (xs.reduce((s, x) => s + x, 0) / xs.length);
    portalRates.push(rate(p));
    acmeRates.push(rate(a));
    ratios.push(rate(a) / rate(p));
    portalTimes.push(...p);
    acmeTimes.push(...a);
  }
  const ratio = median(ratios);
  const acmeMedian = median(acmeTimes);
  console.log(
    `${usingPostgres ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds of ${PER_ROUND} issuances each, after ${WARM} of each to warm up`,
  );
  console.log(
    `baseline: POST generate_sti_spc_cert      median ${median(portalRates).toFixed(1)} /s, ${median(portalTimes).toFixed(1)} ms each`,
  );
  console.log(
    `ACME: order → tkauth-01 → finalize → cert median ${median(acmeRates).toFixed(1)} /s, ${acmeMedian.toFixed(1)} ms each (p95 ${[...acmeTimes].sort((x, y) => x - y)[Math.floor(acmeTimes.length * 0.95)].toFixed(1)} ms)`,
  );
  console.log(
    `ratio ACME / portal: ${ratio.toFixed(2)}× [${ratios.map((x) => x.toFixed(2)).join(' ')}]  (goal ≥ 0.5×) ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}`,
  );
  console.log(
    `median ACME issuance: ${acmeMedian.toFixed(1)} ms  (goal ≤ 50 ms) ${acmeMedian <= 50 ? 'OK' : 'BELOW GOAL'}`,
  );
} finally {
  await t.close();
}
process.exit(0);
