// Where the verifier's inputs come from: a file, or an http(s) URL fetched with a time and size limit (the x5u, the
// CRL, a published trust anchor); and certificates read from PEM (any number) or DER.
import fs from 'node:fs';
import { X509Certificate, parseCertificates } from '../ca';

/** How long one fetch may take, and how large its answer may be (a CRL of a whole ecosystem stays far below). */
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 32 * 1024 * 1024;

export const isUrl = (ref: string) => /^https?:\/\//i.test(ref);

/** The body of `url`, once it answers 200. */
export async function fetchBytes(url: string, doFetch: typeof fetch = fetch): Promise<Uint8Array> {
  const res = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} from ${url}`);
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.length > MAX_BYTES) throw new Error(`${url} answered more than ${MAX_BYTES} bytes`);
  return body;
}

/** A file's bytes, or a URL's. */
export async function readSource(ref: string, doFetch?: typeof fetch): Promise<Uint8Array> {
  if (isUrl(ref)) return fetchBytes(ref, doFetch);
  return new Uint8Array(fs.readFileSync(ref));
}

const text = (data: Uint8Array) => new TextDecoder().decode(data);

/** True when `data` is PEM text (of certificates, a CRL, …). */
export const isPem = (data: Uint8Array) => text(data.subarray(0, 4096)).includes('-----BEGIN');

/** Every certificate in `data` (PEM, any number; or one DER certificate). */
export function certificatesOf(data: Uint8Array): X509Certificate[] {
  const certs = isPem(data) ? parseCertificates(text(data)) : parseCertificates(data);
  if (!certs.length) throw new Error('no certificate found');
  return certs;
}

/** Every certificate at each of `refs` (files or URLs). */
export async function loadCertificates(refs: string[], doFetch?: typeof fetch): Promise<X509Certificate[]> {
  const all: X509Certificate[] = [];
  for (const ref of refs) {
    try {
      all.push(...certificatesOf(await readSource(ref, doFetch)));
    } catch (err) {
      throw new Error(`${ref}: ${(err as Error).message}`);
    }
  }
  return all;
}
