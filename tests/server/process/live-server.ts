// The real app listening on 127.0.0.1 at a free port, its PUBLIC_URL that very address: what a verifier outside
// fetches over HTTP (the CR, the trust anchors, the STI-PA simulator's CRL and certificates), and what the app's own
// STI-PA client calls. Providers get keys and certificates through the portal's API, as in the other tests.
import net from 'node:net';
import type { Config } from '../../../server/src/config';
import { type TestApp, createTestApp } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';

export interface LiveServer extends TestApp {
  /** `http://127.0.0.1:<port>`: PUBLIC_URL. */
  url: string;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startLiveServer(config: Partial<Config> = {}): Promise<LiveServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ config: { publicUrl: url, ...config } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, url };
}

/** A provider of its own (SPC from its registration), signed in through the API. */
export async function providerApi(t: TestApp) {
  return api(t, await tokenOf(t, await activeProvider(t)));
}

export type ProviderApi = Awaited<ReturnType<typeof providerApi>>;

/** A new key and a certificate for it through the portal's API: its serial, CR URL and the key (PKCS#8 PEM). */
export async function issueCertificate(http: ProviderApi) {
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  if (key.statusCode !== 201) throw new Error(`key: ${key.statusCode} ${key.body}`);
  const keyId = key.json().priv_key_uuid as string;
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    sti_pa_username: 'demo',
    sti_pa_password: 'demo-pass',
    private_key_uuid: keyId,
  });
  if (!res.json().success) throw new Error(`certificate: ${res.body}`);
  const keyPem = (await http.get(`/api/service_provider/sti_priv_key/file/${keyId}`)).body;
  const { serial_number: serial, cr_path: crUrl } = res.json().certificate as Record<string, string>;
  return { serial, crUrl, keyPem, keyId };
}

/** Revokes `serial` with `reason` (reported to the STI-PA at once, which re-signs its CRL). */
export async function revoke(http: ProviderApi, serial: string, reason: string) {
  const res = await http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, { reason });
  if (res.statusCode !== 200) throw new Error(`revoke: ${res.statusCode} ${res.body}`);
}
