// POST /api/public/decrypt_cert: reads the certificate(s) at a URL and describes them. Only https URLs whose
// every resolved address is public, or this portal's own /cr/ URLs (answered in-process). The checked address is
// the one connected to (no second resolution), no redirects, 5 s, 64 KB.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
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

// The IANA IPv4 and IPv6 special-purpose address registries, as ipaddr.js keeps them: every range it names
// (private, loopback, link-local, carrier-grade NAT, the TEST-NETs, benchmarking, reserved, AS112, AMT, 6to4,
// Teredo, NAT64, discard, ORCHID, segment routing, documentation, multicast, …) is refused; only `unicast` is
// read. What the library does not name, in force here by rule rather than by list:
// - an IPv6 address outside 2000::/3, global unicast, is refused: that covers the IPv4-compatible ::a.b.c.d
//   (::/96, deprecated, and the form `[::127.0.0.1]` takes), the dummy prefix 100:0:0:1::/64 and every prefix
//   IANA has not allocated;
// - an IPv4-mapped ::ffff:a.b.c.d is unwrapped and its IPv4 address judged; the IPv4-translated ::ffff:0:a.b.c.d,
//   NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 and Teredo (which embed IPv4 addresses) are refused outright.
// ipaddr.js 2.5.0 reads an IPv6 address written with a dotted IPv4 tail as IPv4-mapped whatever precedes it
// (::8.8.8.8 becomes ::ffff:8.8.8.8): the tail is rewritten as two hex groups first, so the bits decide.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** `::a.b.c.d` → `::hhhh:hhhh`: the same address with no dotted tail. */
function hexTail(v6: string): string {
  const m = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v6);
  if (!m) return v6;
  const [a, b, c, d] = m.slice(2).map(Number);
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** True for any address that is not public unicast (see above), and for anything that is not an address. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // Node's strict parser first: no shorthand IPv4 forms (127.1, 0x7f.1) that ipaddr.js would also accept.
  const family = net.isIP(bare);
  if (!family) return true;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(family === 6 ? hexTail(bare) : bare);
  } catch {
    return true;
  }
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() !== 'unicast';
    if (!v6.match(GLOBAL_UNICAST_V6)) return true;
  }
  return ip.range() !== 'unicast';
}

const defaultResolve = async (host: string): Promise<ResolvedAddress[]> =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

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
