// A provider holding a record of each kind the portal keeps for it: a private key, a certificate issued through the
// built-in STI-PA (the app must reach it: createTestApp({ stiPaFetch: injectFetch(() => t.app) })), an import of
// numbers with one rejected row (so it has an error report) and, when asked, an ACME credential. Shared by the role
// matrix, which checks that no other tenant reaches these rows, and by the list bench, which copies them.
import { activeProvider, api, tokenOf, type Provider } from './billing/billing-fixtures';
import type { TestApp } from './helpers';
import { importCsv, numberRows, uploadTo } from './numbers/numbers-fixtures';

export interface ProviderRecords {
  p: Provider;
  token: string;
}

export async function providerWithRecords(
  t: TestApp,
  { numbers = 1, acmeCredential = false }: { numbers?: number; acmeCredential?: boolean } = {},
): Promise<ProviderRecords> {
  const p = await activeProvider(t);
  const token = await tokenOf(t, p);
  const http = api(t, token);
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  if (key.statusCode !== 201) throw new Error(`key: ${key.statusCode} ${key.body}`);
  const cert = await http.post('/api/service_provider/generate_sti_spc_cert', {
    sti_pa_username: 'demo',
    sti_pa_password: 'demo-pass',
    private_key_uuid: key.json().priv_key_uuid,
  });
  // a refusal (the STI-PA's, the account's) is a 200 with success false
  if (cert.statusCode !== 200 || cert.json().success !== true) {
    throw new Error(`certificate: ${cert.statusCode} ${cert.body}`);
  }
  if (acmeCredential) {
    const eab = await http.post('/api/service_provider/acme/eab');
    if (eab.statusCode >= 300) throw new Error(`ACME credential: ${eab.statusCode} ${eab.body}`);
  }
  const session = {
    p,
    token,
    get: (url: string) => http.get(url),
    upload: (csv: string | Buffer) => uploadTo(t, '/api/service_provider/tn/import', token, csv),
  };
  await importCsv(
    session,
    ['tn,voip_user,organization,assigned_on', ...numberRows(numbers), 'not-a-number,u,o,2024-01-01'].join(
      '\n',
    ),
  );
  return { p, token };
}
