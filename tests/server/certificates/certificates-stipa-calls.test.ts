// What the portal asks the STI-PA for: a generate or renew spends a login, an SPC token and a logout, so every
// refusal that does not depend on the token comes first and asks the STI-PA nothing (the STI-PA's limits are shared
// by every provider of the portal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_CONFLICT } from '../../../server/src/certificates/issuance';
import { STIPA_SIM_PREFIX } from '../../../server/src/integrations/stipa';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

let t: TestApp;
let http: ReturnType<typeof api>;
/** The calls the portal made to the STI-PA (login, token, logout, the token's x5u, the CRL), by path. */
const calls: string[] = [];

beforeAll(async () => {
  const inject = injectFetch(() => t.app);
  t = await createTestApp({
    stiPaFetch: (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname.startsWith(STIPA_SIM_PREFIX)) calls.push(url.pathname.slice(STIPA_SIM_PREFIX.length));
      return inject(input, init);
    },
  });
  http = api(t, await tokenOf(t, await activeProvider(t)));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The answer of a request, and the STI-PA calls it made. */
async function counted(request: () => ReturnType<typeof http.post>) {
  calls.length = 0;
  const res = await request();
  return { status: res.statusCode, body: res.json(), stiPa: [...calls] };
}

const generate = (key: string) => () =>
  http.post('/api/service_provider/generate_sti_spc_cert', { ...STIPA, private_key_uuid: key });
const renew = (serial: string) => () =>
  http.post(`/api/service_provider/replace_sti_spc_cert/${serial}`, STIPA);

describe('STI-PA calls of generate and renew', () => {
  it('spends none on a refusal that does not depend on the token', async () => {
    const key = (await http.post('/api/service_provider/generate_sti_priv_key')).json()
      .priv_key_uuid as string;
    const issued = await counted(generate(key));
    expect(issued.body.success, JSON.stringify(issued.body)).toBe(true);
    // what an issuance costs at the STI-PA (then the token's x5u and the SHAKEN CRL): the counter sees it
    expect(issued.stiPa.slice(0, 3)).toEqual([
      '/auth/login',
      expect.stringMatching(/^\/account\/\w+\/token$/),
      '/auth/logout',
    ]);
    const serial = issued.body.certificate.serial_number as string;

    // the key already has a valid certificate: 409, and the STI-PA was not asked
    expect(await counted(generate(key))).toEqual({
      status: 409,
      body: expect.objectContaining({ message: CERTIFICATE_CONFLICT.valid }),
      stiPa: [],
    });
    // a renewal of a certificate another renewal replaced already: 409, nothing asked either
    const renewed = await counted(renew(serial));
    expect(renewed.body.success, JSON.stringify(renewed.body)).toBe(true);
    expect(await counted(renew(serial))).toEqual({
      status: 409,
      body: expect.objectContaining({ message: CERTIFICATE_CONFLICT.renewed }),
      stiPa: [],
    });
    // an issuance of the key under way (another server's, say): 409, nothing asked
    const newSerial = renewed.body.certificate.serial_number as string;
    await t.db.query(
      `UPDATE certificates SET status = 'pending', created_on = now() WHERE serial_number = $1`,
      [newSerial],
    );
    try {
      expect(await counted(renew(newSerial))).toMatchObject({ status: 409, stiPa: [] });
      expect(await counted(generate(key))).toEqual({
        status: 409,
        body: expect.objectContaining({ message: CERTIFICATE_CONFLICT.pending }),
        stiPa: [],
      });
    } finally {
      await t.db.query(`UPDATE certificates SET status = 'issued' WHERE serial_number = $1`, [newSerial]);
    }
    // the other refusals before the token: an unknown key, a revoked certificate, an unknown serial
    expect(await counted(generate('00000000-0000-4000-8000-000000000000'))).toEqual({
      status: 200,
      body: { success: false, error_cause: 'key_not_found' },
      stiPa: [],
    });
    await http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {});
    expect(await counted(renew(serial))).toMatchObject({ status: 409, stiPa: [] });
    expect(await counted(renew('ab'.repeat(10)))).toMatchObject({ status: 404, stiPa: [] });
  });
});
