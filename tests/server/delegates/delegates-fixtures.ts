// Shared pieces of the delegate certificate tests: a paid provider with a current STI-SCA, inventory numbers written
// straight into `numbers` (one INSERT … SELECT generate_series), CSRs made with openssl, and openssl itself.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';

export const CA_USER = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
export const STI_PA_ACCOUNTS = 'demo:demo-pass:*:ca';
export const DELEGATES = '/api/service_provider/delegates';

export type Provider = ReturnType<typeof api> & { spId: string; token: string };

/** A paid provider, signed in; with its STI-SCA issued unless `stiSca` is false. */
export async function provider(t: TestApp, opts: { stiSca?: boolean } = {}): Promise<Provider> {
  const p = await activeProvider(t);
  const token = await tokenOf(t, p);
  const http = api(t, token);
  if (opts.stiSca !== false) {
    const res = await http.post('/api/service_provider/sti_sca', CA_USER);
    if (!res.json().success) throw new Error(`STI-SCA: ${res.statusCode} ${res.body}`);
  }
  return { ...http, spId: p.spId, token };
}

/** `count` numbers from `first` (10 digits) in the provider's inventory, with optional columns. */
export async function addNumbers(
  t: TestApp,
  spId: string,
  first: string,
  count: number,
  cols: { voip_user?: string; organization?: string } = {},
): Promise<void> {
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn, voip_user, organization)
     SELECT $1, lpad(g::text, 10, '0'), $4, $5 FROM generate_series($2::bigint, $2::bigint + $3 - 1) AS g
     ON CONFLICT DO NOTHING`,
    [spId, first, count, cols.voip_user ?? null, cols.organization ?? null],
  );
}

export function openssl(dir: string, ...args: string[]): string {
  return execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A new key in `dir`/<name>.key and its CSR (PEM), of `keyArgs` (a P-256 key by default). */
export function csrOf(
  dir: string,
  name: string,
  keyArgs = ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
): string {
  openssl(dir, 'genpkey', ...keyArgs, '-out', `${name}.key`);
  openssl(dir, 'req', '-new', '-key', `${name}.key`, '-subj', `/CN=${name}`, '-out', `${name}.csr`);
  return fs.readFileSync(path.join(dir, `${name}.csr`), 'utf8');
}

/** The certificates of a PEM chain, one PEM each. */
export const pemsOf = (chain: string): string[] =>
  Array.from(chain.matchAll(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n?/g), (m) => m[0]);
