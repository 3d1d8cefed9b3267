// Delegate certificate issuance (docs/delegates.md) end to end on the real app over app.inject, beside a plain
// SHAKEN certificate in the same run: POST /api/service_provider/delegates for a selection of 10,000 numbers of the
// provider's inventory, chosen by the number listing's filter (every number checked against the inventory and
// against other customers' live delegates, compressed, signed by the provider's STI-SCA, recorded, audited), and
// POST generate_sti_spc_cert (an SPC token from the built-in STI-PA simulator, verified). Two selections: one block
// of 10,000 consecutive numbers (one range in the TNAuthList), and 10,000 scattered numbers (every other one: 10,000
// entries, the largest TNAuthList such a selection makes). Requests alternate between the kinds, after WARM
// requests of each. The database is PGlite, or the PostgreSQL server at TEST_DATABASE_URL when that is set.
// Goal: the delegate certificate for 10,000 numbers in ≤ 200 ms, median.
// Run: npm run bench:delegates   (REQUESTS=15, WARM=3 by default)
import { activeProvider, api, tokenOf } from '../tests/server/billing/billing-fixtures';
import { type TestApp, createTestApp, injectFetch, usingPostgres } from '../tests/server/helpers';

const REQUESTS = Number(process.env.REQUESTS ?? 15);
const WARM = Number(process.env.WARM ?? 3);
const SELECTION = 10_000;
const CA_USER = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const t: TestApp = await createTestApp({
  stiPaFetch: injectFetch(() => t.app),
  config: { stiPaSimAccounts: 'demo:demo-pass:*:ca' },
});
try {
  const provider = await activeProvider(t);
  const http = api(t, await tokenOf(t, provider));
  const sca = await http.post('/api/service_provider/sti_sca', CA_USER);
  if (sca.json<{ success: boolean }>().success !== true) throw new Error(`STI-SCA: ${sca.body}`);
  // The inventory: a block of 10,000 consecutive numbers (organization "Block") and 20,000 more of which every
  // other one belongs to "Scattered".
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn, organization)
     SELECT $1::uuid, (2015000000 + g)::text, 'Block' FROM generate_series(0, $2 - 1) g
     UNION ALL
     SELECT $1::uuid, (3015000000 + g)::text, CASE WHEN g % 2 = 0 THEN 'Scattered' ELSE 'Other' END
       FROM generate_series(0, 2 * $2 - 1) g`,
    [provider.spId, SELECTION],
  );

  const delegate = async (organization: string) => {
    const body = { customer_name: 'Bench Contact Center', filter: { organization } };
    const t0 = performance.now();
    const res = await http.post('/api/service_provider/delegates', body);
    const ms = performance.now() - t0;
    if (res.statusCode !== 201) throw new Error(`delegate: ${res.statusCode} ${res.body}`);
    const n = res.json<{ delegate: { number_count: number } }>().delegate.number_count;
    if (n !== SELECTION) throw new Error(`delegate covers ${n} numbers, not ${SELECTION}`);
    return ms;
  };
  const plain = async () => {
    const key = (await http.post('/api/service_provider/generate_sti_priv_key')).json<{
      priv_key_uuid: string;
    }>();
    const t0 = performance.now();
    const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
      ...CA_USER,
      private_key_uuid: key.priv_key_uuid,
    });
    const ms = performance.now() - t0;
    if (res.json<{ success: boolean }>().success !== true) throw new Error(`certificate: ${res.body}`);
    return ms;
  };

  for (let i = 0; i < WARM; i++) {
    await plain();
    await delegate('Block');
    await delegate('Scattered');
  }
  const times = { plain: [] as number[], block: [] as number[], scattered: [] as number[] };
  for (let i = 0; i < REQUESTS; i++) {
    times.plain.push(await plain());
    times.block.push(await delegate('Block'));
    times.scattered.push(await delegate('Scattered'));
  }
  const db = usingPostgres ? 'PostgreSQL' : 'PGlite';
  const line = (label: string, xs: number[]) => {
    const m = median(xs);
    return `${label.padEnd(62)} median ${m.toFixed(1).padStart(6)} ms (${(m / median(times.plain)).toFixed(1)}x the plain certificate)`;
  };
  console.log(`${db}, ${REQUESTS} requests of each kind after ${WARM} of each to warm up`);
  console.log(line('plain SHAKEN certificate (generate_sti_spc_cert)   [baseline]', times.plain));
  console.log(line('delegate, 10,000 numbers in one block', times.block));
  const worst = median(times.scattered);
  console.log(
    `${line('delegate, 10,000 scattered numbers (10,000 entries)', times.scattered)}  (goal <= 200 ms) ${worst <= 200 && median(times.block) <= 200 ? 'OK' : 'BELOW GOAL'}`,
  );
} finally {
  await t.close();
}
