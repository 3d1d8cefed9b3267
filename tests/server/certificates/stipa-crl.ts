// The STI-PA's indirect CRL in tests: a CRL made by OpenSSL under its own issuer, the way an STI-PA publishes one,
// and a fetch that answers it at CRL_URL and reaches everything else (the simulator, the CR) through the app.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../helpers';

export const STIPA_CRL_URL = 'https://stipa.example/crl/shaken.crl';
/** The issuer of the OpenSSL-made CRL, as openssl prints it. */
export const STIPA_CRL_ISSUER = '/C=US/O=STI-PA Test/CN=STI-PA SHAKEN CRL';

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A DER CRL signed by a fresh self-signed P-256 issuer, made in `dir`. */
export function stiPaCrl(dir: string): Buffer {
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'crlnumber'), '01\n');
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    `[ca]\ndefault_ca = d\n[d]\ndatabase = ${dir}/index.txt\ncrlnumber = ${dir}/crlnumber\ndefault_md = sha256\ndefault_crl_days = 7\n`,
  );
  openssl(['ecparam', '-genkey', '-name', 'prime256v1', '-noout', '-out', 'k.pem'], dir);
  openssl(
    ['req', '-x509', '-new', '-key', 'k.pem', '-subj', STIPA_CRL_ISSUER, '-days', '2', '-out', 'c.pem'],
    dir,
  );
  openssl(
    [
      'ca',
      '-config',
      'ca.cnf',
      '-gencrl',
      '-keyfile',
      'k.pem',
      '-cert',
      'c.pem',
      '-out',
      'crl.pem',
      '-batch',
    ],
    dir,
  );
  openssl(['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der'], dir);
  return fs.readFileSync(path.join(dir, 'crl.der'));
}

/**
 * A fetch for the app's STI-PA client: `crl()` (or 503 when it is null) at `crlUrl`, every other URL through the
 * app itself (the simulator, the CR) by inject.
 */
export function stiPaFetch(
  app: () => TestApp['app'],
  crlUrl: string,
  crl: () => Buffer | null,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (`${url.origin}${url.pathname}` === crlUrl) {
      const der = crl();
      return der ? new Response(new Uint8Array(der), { status: 200 }) : new Response('down', { status: 503 });
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await app().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as HeadersInit,
    });
  };
}
