// Generate and renew pass STI-PA credentials on to the STI-PA: limited per account, so the portal cannot be used
// to guess STI-PA passwords, while another provider (same address) is not held up. The STI-SCA request too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { type TestApp, createTestApp, injectFetch } from '../helpers';

const LIMIT = 3;
const WRONG = { sti_pa_username: 'demo', sti_pa_password: 'not-the-password' };

describe('STI-PA credential attempts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { stiPaRateLimit: LIMIT }, stiPaFetch: injectFetch(() => t.app) });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('are limited per account across generate and renew, with a clear 429', async () => {
    const alice = api(t, await tokenOf(t, await activeProvider(t)));
    const bob = api(t, await tokenOf(t, await activeProvider(t)));
    const key = (await alice.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;

    for (let i = 0; i < LIMIT - 1; i++) {
      const res = await alice.post('/api/service_provider/generate_sti_spc_cert', {
        ...WRONG,
        private_key_uuid: key,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, error_cause: 'unable_to_generate_spc_token' });
    }
    // Renew counts against the same budget (its serial need not exist for the attempt to count).
    const renew = await alice.post(`/api/service_provider/replace_sti_spc_cert/${'ab'.repeat(20)}`, WRONG);
    expect(renew.statusCode).toBe(404);

    const refused = await alice.post('/api/service_provider/generate_sti_spc_cert', {
      ...WRONG,
      private_key_uuid: key,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);

    // Another account from the same address still gets through.
    const bobKey = (await bob.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid;
    const other = await bob.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: bobKey,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().success).toBe(true);
  });

  it('limits the STI-SCA request the same way, with a counter of its own', async () => {
    const carol = api(t, await tokenOf(t, await activeProvider(t)));
    for (let i = 0; i < LIMIT; i++) {
      const res = await carol.post('/api/service_provider/sti_sca', WRONG);
      expect(res.json()).toEqual({ success: false, error_cause: 'unable_to_generate_spc_token' });
    }
    const refused = await carol.post('/api/service_provider/sti_sca', WRONG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\./);
    expect(await t.db.query('SELECT 1 FROM sti_sca_keys')).toEqual([]);
  });
});
