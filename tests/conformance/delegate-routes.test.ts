// Third-party checks on what the portal serves for delegation (docs/conformance.md, "Delegate certificates"): an
// STI-SCA, its renewal and delegate certificates issued through the HTTP routes (a block, scattered numbers, a
// CSR with a filter of the inventory, a key the portal makes, a renewal), each chain fetched from its CR URL as a
// verifier would. zlint judges each STI-SCA and delegate (only DELEGATE_NOT_APPLICABLE may fail) and the delegate
// intermediate; OpenSSL verifies each delegate chain up to the root, then with the CRL named by the delegate's
// CRL distribution point after a delegate and then an STI-SCA are revoked; zlint judges that CRL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TN_AUTH_LIST_OID,
  type TnAuthEntry,
  X509Certificate,
  X509Crl,
  decodeTnEntries,
} from '../../server/src/ca';
import {
  CA_USER,
  DELEGATES,
  type Provider,
  addNumbers,
  csrOf,
  openssl,
  pemsOf,
  provider,
} from '../server/delegates/delegates-fixtures';
import { type Artifact, type ConformanceApp, conformanceApp } from './fixtures';
import {
  ALLOWED,
  DELEGATE_NOT_APPLICABLE,
  appliedCount,
  failing,
  failingLints,
  lintAll,
  table,
} from './verdict';
import { zlint, zlintPath } from './zlint';

const STI_SCA = '/api/service_provider/sti_sca';

/** One certificate the routes issued: its row's id and serial, and the chain served at its CR URL. */
interface Issued {
  id: string;
  serial: string;
  /** PEM certificates, leaf first, as /cr/<serial>.pem serves them. */
  chain: string[];
}

let c: ConformanceApp;
let sp: Provider;
/** The STI-SCA first issued, and its renewal (the current one from then on). */
const sca: Record<'first' | 'renewed', Issued> = {} as never;
/** The delegate certificates, by label: all signed by the first STI-SCA but the renewed one. */
const delegates = new Map<string, Issued>();

const file = (name: string) => path.join(c.dir, name);

async function get(url: string) {
  const res = await c.t.app.inject({ method: 'GET', url: new URL(url, c.t.config.publicUrl).pathname });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The row a route answered, with the chain at its CR URL (cr_path is the absolute URL a verifier is given). */
async function served(row: { id: string; serial_number: string; cr_path: string }): Promise<Issued> {
  expect(row.cr_path).toMatch(new RegExp(`/cr/${row.serial_number}\\.pem$`));
  return { id: row.id, serial: row.serial_number, chain: pemsOf((await get(row.cr_path)).body) };
}

async function issueDelegate(label: string, body: Record<string, unknown>): Promise<Issued> {
  const res = await sp.post(DELEGATES, body);
  if (res.statusCode !== 201) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  const issued = await served(res.json().delegate);
  delegates.set(label, issued);
  return issued;
}

const tnAuthList = (pem: string): TnAuthEntry[] =>
  decodeTnEntries(new Uint8Array(new X509Certificate(pem).getExtension(TN_AUTH_LIST_OID)!.value));

/** The URIs of a certificate's CRL distribution points, as OpenSSL reads them. */
function crlUrlsOf(pem: string): string[] {
  fs.writeFileSync(file('cdp.pem'), pem);
  const text = openssl(c.dir, 'x509', '-in', 'cdp.pem', '-noout', '-ext', 'crlDistributionPoints');
  return [...text.matchAll(/URI:(\S+)/g)].map((m) => m[1]);
}

/**
 * `openssl verify -purpose any` of a chain (leaf first) up to the root of /ca/root.pem, the rest of the chain and
 * the CRL signer untrusted, with `extra` options: OpenSSL's output, or FAILED and its output.
 */
function verify(chain: string[], ...extra: string[]): string {
  fs.writeFileSync(file('leaf.pem'), chain[0]);
  fs.writeFileSync(file('untrusted.pem'), chain.slice(1).join('') + fs.readFileSync(file('crl-signer.pem')));
  try {
    const args = ['-purpose', 'any', '-CAfile', 'root.pem', '-untrusted', 'untrusted.pem', ...extra];
    return openssl(c.dir, 'verify', ...args, 'leaf.pem');
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `FAILED ${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

/** The CRL at the delegates' CRL distribution point now, as crl.pem; its revoked serials. */
async function fetchCrl(): Promise<string[]> {
  const urls = crlUrlsOf(delegates.get('block')!.chain[0]);
  expect(urls).toHaveLength(1);
  const res = await get(urls[0]);
  fs.writeFileSync(file('crl.der'), res.rawPayload);
  openssl(c.dir, 'crl', '-inform', 'DER', '-in', 'crl.der', '-out', 'crl.pem');
  return new X509Crl(new Uint8Array(res.rawPayload)).entries.map((e) => e.serialNumber.toLowerCase());
}

/**
 * `verify` with the CRL checked for the chain's first certificate (-crl_check; -extended_crl, since the CRL is
 * indirect). Not -crl_check_all: OpenSSL would then also want a CRL covering the CRL signer, which the root, a
 * SHAKEN CA with keyCertSign alone, never signs (docs/conformance.md); each CA certificate is checked as a chain's
 * first instead.
 */
const withCrl = (chain: string[]) => verify(chain, '-crl_check', '-extended_crl', '-CRLfile', 'crl.pem');

beforeAll(async () => {
  zlintPath();
  c = await conformanceApp('embedded');
  const { t } = c;
  fs.writeFileSync(file('root.pem'), (await get('/ca/root.pem')).body);
  fs.writeFileSync(file('crl-signer.pem'), (await get('/ca/crl-signer.pem')).body);

  // the simulator's default demo account may request CA tokens
  sp = await provider(t, { stiSca: false });
  const first = await sp.post(STI_SCA, CA_USER);
  if (!first.json().success) throw new Error(`STI-SCA: ${first.statusCode} ${first.body}`);
  sca.first = await served(first.json().sti_sca);

  await addNumbers(t, sp.spId, '2015550100', 100);
  await addNumbers(t, sp.spId, '2015550300', 10, { voip_user: 'pbx-1' });
  await issueDelegate('block', { customer_name: 'Block Co', numbers: '2015550100-2015550149' });
  await issueDelegate('scattered', {
    customer_name: 'Scattered Co',
    numbers: '2015550160, 2015550163\n2015550167\n2015550171',
  });
  await issueDelegate('CSR', {
    customer_name: 'CSR Co',
    filter: { voip_user: 'pbx-1' },
    csr: csrOf(c.dir, 'customer'),
  });
  const generated = await issueDelegate('generated key', {
    customer_name: 'Keyless Co',
    numbers: '2015550180-2015550189\n2015550195',
  });

  const renewedSca = await sp.post(`${STI_SCA}/${sca.first.id}/renew`, CA_USER);
  if (!renewedSca.json().success)
    throw new Error(`STI-SCA renewal: ${renewedSca.statusCode} ${renewedSca.body}`);
  sca.renewed = await served(renewedSca.json().sti_sca);
  const renewed = await sp.post(`${DELEGATES}/${generated.id}/renew`, {});
  if (renewed.statusCode !== 201) throw new Error(`renewal: ${renewed.statusCode} ${renewed.body}`);
  delegates.set('renewed', await served(renewed.json().delegate));
}, 120_000);

afterAll(async () => {
  await c?.close();
});

describe('what the routes issued, at the CR URLs', () => {
  it('serves each delegate with its STI-SCA and the delegate intermediate, with the numbers asked', () => {
    for (const [label, d] of delegates) {
      expect(d.chain, label).toHaveLength(3);
      const signer = label === 'renewed' ? sca.renewed : sca.first;
      expect(d.chain[1], label).toBe(signer.chain[0]);
      expect(d.chain[2], label).toBe(sca.first.chain[1]);
    }
    expect(sca.first.chain).toHaveLength(2);
    expect(sca.renewed.chain[1]).toBe(sca.first.chain[1]);
    expect(tnAuthList(delegates.get('block')!.chain[0])).toEqual([
      { range: { start: '12015550100', count: 50 } },
    ]);
    expect(tnAuthList(delegates.get('scattered')!.chain[0])).toEqual(
      ['12015550160', '12015550163', '12015550167', '12015550171'].map((one) => ({ one })),
    );
    expect(tnAuthList(delegates.get('CSR')!.chain[0])).toEqual([
      { range: { start: '12015550300', count: 10 } },
    ]);
    const mixed = [{ range: { start: '12015550180', count: 10 } }, { one: '12015550195' }];
    expect(tnAuthList(delegates.get('generated key')!.chain[0])).toEqual(mixed);
    expect(tnAuthList(delegates.get('renewed')!.chain[0])).toEqual(mixed);
    // the CSR's key, not one the portal made
    const csrKey = openssl(c.dir, 'req', '-in', 'customer.csr', '-pubkey', '-noout');
    fs.writeFileSync(file('csr-leaf.pem'), delegates.get('CSR')!.chain[0]);
    expect(openssl(c.dir, 'x509', '-in', 'csr-leaf.pem', '-noout', '-pubkey')).toBe(csrKey);
  });
});

describe('zlint', () => {
  const lint = (pem: string) => {
    fs.writeFileSync(file('lint.pem'), pem);
    return zlint(file('lint.pem'));
  };

  it.each(['first', 'renewed'] as const)(
    'fails only the lints that do not apply on the %s STI-SCA',
    (which) => {
      const report = lint(sca[which].chain[0]);
      expect(appliedCount(report)).toBeGreaterThan(20);
      expect(failingLints(report)).toEqual(Object.keys(DELEGATE_NOT_APPLICABLE['sti-sca']).sort());
    },
  );

  it.each(['block', 'scattered', 'CSR', 'generated key', 'renewed'])(
    'fails only the lints that do not apply on the delegate (%s)',
    (label) => {
      const report = lint(delegates.get(label)!.chain[0]);
      expect(appliedCount(report)).toBeGreaterThan(20);
      expect(failingLints(report)).toEqual(Object.keys(DELEGATE_NOT_APPLICABLE.delegate).sort());
    },
  );

  it('finds nothing on the delegate intermediate the chains end with', () => {
    fs.writeFileSync(file('delegate-intermediate.pem'), sca.first.chain[1]);
    const label = 'delegate intermediate (chain[2])';
    const { findings, applied } = lintAll([
      { kind: 'intermediate', label, file: file('delegate-intermediate.pem') },
    ]);
    expect(applied.get(label)).toBeGreaterThan(20);
    const bad = failing(findings, ALLOWED);
    if (bad.length) expect.fail(`zlint findings:\n${table(bad)}`);
  });
});

describe('OpenSSL', () => {
  let crlUrl: string;

  it('verifies each delegate chain up to the root, and each STI-SCA', () => {
    for (const [label, d] of delegates) expect(verify(d.chain), label).toContain('leaf.pem: OK');
    for (const s of Object.values(sca)) expect(verify(s.chain)).toContain('leaf.pem: OK');
  });

  it('finds every certificate of the chains pointing at the CRL signer’s CRL', () => {
    [crlUrl] = crlUrlsOf(delegates.get('block')!.chain[0]);
    expect(new URL(crlUrl).pathname).toBe(`/crl/${c.t.services.ca.crlSigner!.id}.crl`);
    for (const d of delegates.values()) {
      for (const pem of d.chain) expect(crlUrlsOf(pem)).toEqual([crlUrl]);
    }
  });

  it('passes the CRL check of each delegate, each STI-SCA and the delegate intermediate before any revocation', async () => {
    expect(await fetchCrl()).toEqual([]);
    for (const [label, d] of delegates) expect(withCrl(d.chain), label).toContain('leaf.pem: OK');
    for (const s of Object.values(sca)) expect(withCrl(s.chain)).toContain('leaf.pem: OK');
    expect(withCrl(sca.first.chain.slice(1))).toContain('leaf.pem: OK');
  });

  it('refuses a delegate revoked through the route, and passes a live one', async () => {
    const scattered = delegates.get('scattered')!;
    const res = await sp.post(`${DELEGATES}/${scattered.id}/revoke`, { reason: 'key_compromise' });
    expect(res.statusCode).toBe(200);
    expect(await fetchCrl()).toEqual([scattered.serial]);
    expect(withCrl(scattered.chain)).toMatch(/certificate revoked/);
    expect(withCrl(delegates.get('block')!.chain)).toContain('leaf.pem: OK');
    // without the CRL check the revoked chain still verifies: the refusal is the CRL's
    expect(verify(scattered.chain)).toContain('leaf.pem: OK');
  });

  it('refuses the STI-SCA revoked through the route and every delegate it signed, not the renewal’s', async () => {
    const res = await sp.post(`${STI_SCA}/${sca.first.id}/revoke`, { reason: 'cessation_of_operation' });
    expect(res.statusCode).toBe(200);
    const signed = ['block', 'scattered', 'CSR', 'generated key'];
    const revoked = [sca.first, ...signed.map((l) => delegates.get(l)!)].map((d) => d.serial);
    expect((await fetchCrl()).sort()).toEqual(revoked.sort());
    // the STI-SCA's own entry (its certificate issuer the delegate intermediate) is read
    expect(withCrl(sca.first.chain)).toMatch(/certificate revoked/);
    for (const label of signed) {
      expect(withCrl(delegates.get(label)!.chain), label).toMatch(/certificate revoked/);
    }
    expect(withCrl(sca.renewed.chain)).toContain('leaf.pem: OK');
    expect(withCrl(delegates.get('renewed')!.chain)).toContain('leaf.pem: OK');
    expect(withCrl(sca.first.chain.slice(1))).toContain('leaf.pem: OK');
  });

  it('zlint finds no error, fatal or unlisted warning on that CRL', () => {
    const crl: Artifact = { kind: 'crl', label: `crl ${new URL(crlUrl).pathname}`, file: file('crl.pem') };
    const { findings, applied } = lintAll([crl]);
    // e_crl_has_next_update, and e_crl_has_valid_reason_code now that the CRL has entries
    expect(applied.get(crl.label)).toBeGreaterThanOrEqual(2);
    const bad = failing(findings, ALLOWED);
    if (bad.length) expect.fail(`zlint findings:\n${table(bad)}`);
  });
});
