// The conformance run: a real app (the embedded default, or with CRL_URL naming an OpenSSL-made STI-PA CRL),
// driven over its HTTP API the way a provider drives it, then everything it publishes (end-entity certificates,
// the intermediate, the root, its CRLs) collected as PEM files for zlint.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TestApp, createTestApp, injectFetch } from '../server/helpers';
import { activeProvider, api, tokenOf } from '../server/billing/billing-fixtures';
import { STIPA_CRL_URL, stiPaCrl, stiPaFetch } from '../server/certificates/stipa-crl';
import { injectAcmeClient } from '../server/acme/acme-inject';

export type Mode = 'embedded' | 'crl-url';
export type Kind = 'leaf' | 'intermediate' | 'root' | 'crl-signer' | 'crl';

/** One published object: what it is, where it came from, and its PEM file. */
export interface Artifact {
  kind: Kind;
  /** e.g. "leaf (renewed)", "crl /crl/<id>.crl". */
  label: string;
  file: string;
}

export interface ConformanceApp {
  t: TestApp;
  mode: Mode;
  dir: string;
  /** The `crl` of every SPC-token answer the STI-PA (simulator) gave. */
  tokenCrlUrls: Set<string>;
  close(): Promise<void>;
}

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g;

/** Records the `crl` of each SPC-token answer that passes through `inner`. */
function recordingTokenCrl(inner: typeof fetch, seen: Set<string>): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/account\/[^/]+\/token$/.test(new URL(url).pathname) && res.ok) {
      const body = (await res.clone().json()) as { crl?: unknown };
      if (typeof body.crl === 'string') seen.add(body.crl);
    }
    return res;
  };
}

export async function conformanceApp(mode: Mode): Promise<ConformanceApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `conformance-${mode}-`));
  const tokenCrlUrls = new Set<string>();
  let t: TestApp | undefined;
  const app = () => t!.app;
  if (mode === 'embedded') {
    t = await createTestApp({ stiPaFetch: recordingTokenCrl(injectFetch(app), tokenCrlUrls) });
  } else {
    const crl = stiPaCrl(dir);
    t = await createTestApp({
      config: { crlUrl: STIPA_CRL_URL },
      stiPaFetch: recordingTokenCrl(
        stiPaFetch(app, STIPA_CRL_URL, () => crl),
        tokenCrlUrls,
      ),
    });
  }
  return {
    t,
    mode,
    dir,
    tokenCrlUrls,
    async close() {
      await t?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The chain at a certificate's CR URL, one PEM per certificate, leaf first. */
async function chainOf(t: TestApp, crPath: string): Promise<string[]> {
  const res = await get(t, new URL(crPath).pathname);
  return res.body.match(PEM_CERT) ?? [];
}

/**
 * A provider's life over the API: a generated key and its certificate, the renewal of that certificate, the
 * revocation of the renewed one, an imported key and a certificate on it, and a certificate an ACME client
 * orders for a key of its own. Answers each end-entity certificate's
 * chain (as served at its CR URL at issuance), by label.
 */
export async function exerciseProvider(t: TestApp): Promise<Map<string, string[]>> {
  const provider = await activeProvider(t);
  const http = api(t, await tokenOf(t, provider));
  const chains = new Map<string, string[]>();
  const issued = async (label: string, res: Awaited<ReturnType<typeof http.post>>) => {
    const answer = res.json();
    if (res.statusCode !== 200 || !answer.success) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    chains.set(label, await chainOf(t, answer.certificate.cr_path));
    return answer.certificate.serial_number as string;
  };

  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  if (key.statusCode !== 201) throw new Error(`generate key: ${key.statusCode} ${key.body}`);
  const keyId = key.json().priv_key_uuid as string;
  const first = await issued(
    'leaf (generated key)',
    await http.post('/api/service_provider/generate_sti_spc_cert', { ...STIPA, private_key_uuid: keyId }),
  );
  const renewed = await issued(
    'leaf (renewed)',
    await http.post(`/api/service_provider/replace_sti_spc_cert/${first}`, STIPA),
  );
  const revoked = await http.post(`/api/service_provider/revoke_sti_spc_cert/${renewed}`, {
    reason: 'key_compromise',
  });
  if (revoked.statusCode !== 200) throw new Error(`revoke: ${revoked.statusCode} ${revoked.body}`);

  const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  });
  const imported = await http.post('/api/service_provider/sti_priv_key/import', { pem });
  if (imported.statusCode !== 201) throw new Error(`import key: ${imported.statusCode} ${imported.body}`);
  await issued(
    'leaf (imported key)',
    await http.post('/api/service_provider/generate_sti_spc_cert', {
      ...STIPA,
      private_key_uuid: imported.json().priv_key_uuid,
    }),
  );
  chains.set('leaf (ACME)', await (await injectAcmeClient(t, http, provider.spId)).issue());
  return chains;
}

/** The URIs of a certificate's CRL distribution points. */
function crlUrlsOf(file: string): string[] {
  let text: string;
  try {
    text = execFileSync('openssl', ['x509', '-in', file, '-noout', '-ext', 'crlDistributionPoints'], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch {
    return [];
  }
  return [...text.matchAll(/URI:(\S+)/g)].map((m) => m[1]);
}

const derToPem = (der: Buffer, label: string) =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END ${label}-----\n`;

/**
 * Everything the app publishes, written as PEM files in the app's temp dir: the end-entity certificates of
 * `chains`, the intermediate, the root and the CRL signer (GET /ca/…), and each CRL it serves itself (/crl/<id>.crl of every
 * current issuer, each CRL distribution point on this app, each SPC-token answer's `crl` on this app that answers
 * 200). A CRL at another host (the STI-PA's, in the CRL_URL run: the test's own OpenSSL stand-in) is not ours.
 */
export async function collect(c: ConformanceApp, chains: Map<string, string[]>): Promise<Artifact[]> {
  const { t } = c;
  const out: Artifact[] = [];
  const write = (kind: Kind, label: string, pem: string) => {
    const file = path.join(c.dir, `${out.length}-${kind}.pem`);
    fs.writeFileSync(file, pem);
    out.push({ kind, label, file });
  };
  const intermediate = (await get(t, '/ca/intermediate.pem')).body;
  write('root', 'root (/ca/root.pem)', (await get(t, '/ca/root.pem')).body);
  write('intermediate', 'intermediate (/ca/intermediate.pem)', intermediate);
  write('crl-signer', 'CRL signer (/ca/crl-signer.pem)', (await get(t, '/ca/crl-signer.pem')).body);
  for (const [label, chain] of chains) {
    write('leaf', label, chain[0]);
    for (const [i, cert] of chain.slice(1).entries()) {
      if (cert.trim() !== intermediate.trim()) write('intermediate', `${label} chain[${i + 1}]`, cert);
    }
  }

  const origin = new URL(t.config.publicUrl).origin;
  const crlPaths = new Set<string>();
  // Every CRL the CA signs itself (its CRL signer's; an earlier release's CA certificates' on an old data directory).
  for (const { id } of t.services.ca.crlSigners) crlPaths.add(`/crl/${id}.crl`);
  const optional = new Set<string>();
  for (const url of [...out.flatMap((a) => crlUrlsOf(a.file)), ...c.tokenCrlUrls]) {
    const u = new URL(url);
    if (u.origin !== origin) continue;
    if (!crlPaths.has(u.pathname) && c.tokenCrlUrls.has(url)) optional.add(u.pathname);
    crlPaths.add(u.pathname);
  }
  for (const p of crlPaths) {
    const res = await t.app.inject({ method: 'GET', url: p });
    if (res.statusCode !== 200 && optional.has(p)) continue;
    if (res.statusCode !== 200) throw new Error(`GET ${p}: ${res.statusCode} ${res.body}`);
    write('crl', `crl ${p}`, derToPem(res.rawPayload, 'X509 CRL'));
  }
  return out;
}
