// POST /api/public/decrypt_cert: reads the certificate(s) at a URL and describes them. Only https URLs whose
// every resolved address is public, or this portal's own /cr/ URLs (answered in-process). The checked address is
// the one connected to (no second resolution), no redirects, 5 s, 64 KB.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { HttpError } from '../http/errors';
export { type CertificateDescription, describeCertificates, parseCertificates } from './describe';

export const DECRYPT_TIMEOUT_MS = 5_000;
export const DECRYPT_MAX_BYTES = 64 * 1024;
export const BAD_URL_MESSAGE = "Only https URLs or this portal's certificate repository can be read";
/** The ports a certificate repository URL may name (none means 443). */
export const CR_PORTS = [443, 8443];
export const BAD_PORT_MESSAGE = 'Only certificate repositories on port 443 or 8443 can be read';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface FetchOptions {
  /** Resolves a host name to all its addresses (dns.lookup by default). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** Lets otherwise refused addresses through: tests only (a local https server). */
  allowAddress?: (address: string) => boolean;
  /** Extra trusted CA certificates for TLS: tests only. */
  ca?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
  port?: number;
}

// ---- addresses ----

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 (could reach private v4)
  ['2002::', 16], // 6to4 (embeds a v4 address)
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d or compatible ::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^::(?:ffff:(?:0{1,4}:)?)?(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  const hexForm = lower.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hexForm) {
    const hi = parseInt(hexForm[1], 16);
    const lo = parseInt(hexForm[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True for private, loopback, link-local, unique-local, multicast, unspecified and reserved addresses. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true; // not an address at all
}

const defaultResolve = async (host: string): Promise<ResolvedAddress[]> =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

// ---- fetching ----

/** Parses `raw` and refuses anything but https (before any resolution or connection). */
export function parseHttpsUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || raw.length > 2048) throw new HttpError(400, BAD_URL_MESSAGE);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new HttpError(400, BAD_URL_MESSAGE);
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw new HttpError(400, BAD_URL_MESSAGE);
  // Certificate repositories answer on the https ports; any other port would let the portal probe services.
  if (url.port && !CR_PORTS.includes(Number(url.port))) throw new HttpError(400, BAD_PORT_MESSAGE);
  return url;
}

/** GET `url` (https) from a checked public address; returns the body. Errors are HttpError 400s. */
export async function fetchHttps(url: URL, opts: FetchOptions = {}): Promise<Buffer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (a: string) => opts.allowAddress?.(a) === true || !isForbiddenAddress(a);
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (opts.resolve ?? defaultResolve)(host);
    } catch {
      throw new HttpError(400, `The host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new HttpError(400, `The host ${host} could not be resolved`);
  if (!addresses.every((a) => allowed(a.address))) {
    throw new HttpError(400, `${BAD_URL_MESSAGE}: ${host} is not a public address`);
  }
  const target = addresses[0];
  // Connect to exactly the address checked above: no second resolution between check and use.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };
  const timeoutMs = opts.timeoutMs ?? DECRYPT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DECRYPT_MAX_BYTES;

  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new HttpError(400, message));
    };
    const req = https.request(
      {
        protocol: 'https:',
        hostname: host,
        port: opts.port ?? (url.port ? Number(url.port) : 443),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { accept: 'application/pem-certificate-chain, application/pkix-cert, */*' },
        lookup,
        agent: false,
        servername: net.isIP(host) ? undefined : host,
        ...(opts.ca ? { ca: opts.ca } : {}),
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          const where = res.headers.location ? ' (redirects are not followed)' : '';
          return fail(`The URL answered HTTP ${res.statusCode}${where}; expected 200 with a certificate`);
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          return fail(`The answer is larger than ${maxBytes / 1024} KB`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(`The answer is larger than ${maxBytes / 1024} KB`);
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(Buffer.concat(chunks));
        });
        res.on('error', (err) => fail(`Reading the answer failed: ${err.message}`));
      },
    );
    const timer = setTimeout(() => fail(`The URL did not answer within ${timeoutMs / 1000} s`), timeoutMs);
    req.on('error', (err) => fail(`The URL could not be fetched: ${err.message}`));
    req.end();
  });
}
