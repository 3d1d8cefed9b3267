// POST /api/public/decrypt_cert: reads the certificate(s) at a URL and describes them. Only https URLs whose
// every resolved address is public, or this portal's own /cr/ URLs (answered in-process). The checked address is
// the one connected to (no second resolution), no redirects, 5 s, 64 KB.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { HttpError } from '../http/errors';
import { decodeTnAuthList, TN_AUTH_LIST_OID } from '../ca/tnAuthList';
import { type Finding, lintShakenCaCertificate, lintShakenCertificate } from '../ca/lint';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  CertificatePolicyExtension,
  CRLDistributionPointsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate,
} from '../ca/x509';

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

// ---- describing ----

export interface CertificateDescription {
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: string;
  not_after: string;
  tn_auth_list: { spc: string } | null;
  findings: Finding[];
  text: string;
}

/** Every PEM CERTIFICATE block of `body`, or `body` itself as one DER certificate. */
export function parseCertificates(body: Buffer): X509Certificate[] {
  const text = body.toString('latin1');
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  try {
    if (blocks) return blocks.map((b) => new X509Certificate(b));
    if (body.length > 0 && body[0] === 0x30) return [new X509Certificate(new Uint8Array(body))];
  } catch {
    throw new HttpError(400, 'The answer holds a certificate that cannot be parsed');
  }
  throw new HttpError(400, 'The answer holds no certificate (PEM or DER)');
}

const KEY_USAGE_NAMES: [number, string][] = [
  [KeyUsageFlags.digitalSignature, 'Digital Signature'],
  [KeyUsageFlags.nonRepudiation, 'Non Repudiation'],
  [KeyUsageFlags.keyEncipherment, 'Key Encipherment'],
  [KeyUsageFlags.dataEncipherment, 'Data Encipherment'],
  [KeyUsageFlags.keyAgreement, 'Key Agreement'],
  [KeyUsageFlags.keyCertSign, 'Certificate Sign'],
  [KeyUsageFlags.cRLSign, 'CRL Sign'],
  [KeyUsageFlags.encipherOnly, 'Encipher Only'],
  [KeyUsageFlags.decipherOnly, 'Decipher Only'],
];

const EXTENSION_LABELS: Record<string, string> = {
  '2.5.29.14': 'X509v3 Subject Key Identifier',
  '2.5.29.15': 'X509v3 Key Usage',
  '2.5.29.19': 'X509v3 Basic Constraints',
  '2.5.29.31': 'X509v3 CRL Distribution Points',
  '2.5.29.32': 'X509v3 Certificate Policies',
  '2.5.29.35': 'X509v3 Authority Key Identifier',
  [TN_AUTH_LIST_OID]: 'TNAuthList (1.3.6.1.5.5.7.1.26)',
};

const colonHex = (hexText: string) => (hexText.toUpperCase().match(/../g) ?? []).join(':');
const wrapHex = (hexText: string, indent: string) =>
  (colonHex(hexText).match(/.{1,45}/g) ?? []).map((l) => indent + l).join('\n');
const opensslDate = (d: Date) => {
  const s = d.toUTCString(); // "Sat, 21 Nov 2026 12:00:00 GMT"
  const [, day, mon, year, time] = s.split(' ');
  return `${mon} ${day.padStart(2, ' ')} ${time} ${year} GMT`;
};

function describeExtension(ext: X509Certificate['extensions'][number]): string {
  const I = '                ';
  if (ext instanceof KeyUsagesExtension) {
    return (
      I +
      KEY_USAGE_NAMES.filter(([f]) => ext.usages & f)
        .map(([, n]) => n)
        .join(', ')
    );
  }
  if (ext instanceof BasicConstraintsExtension) {
    return (
      I +
      `CA:${ext.ca ? 'TRUE' : 'FALSE'}${ext.pathLength !== undefined ? `, pathlen:${ext.pathLength}` : ''}`
    );
  }
  if (ext instanceof SubjectKeyIdentifierExtension) return I + colonHex(ext.keyId);
  if (ext instanceof AuthorityKeyIdentifierExtension)
    return I + (ext.keyId ? colonHex(ext.keyId) : '(no key id)');
  if (ext instanceof CertificatePolicyExtension)
    return ext.policies.map((p) => `${I}Policy: ${p}`).join('\n');
  if (ext instanceof CRLDistributionPointsExtension) {
    const lines: string[] = [];
    for (const dp of ext.distributionPoints) {
      lines.push(`${I}Full Name:`);
      for (const n of dp.distributionPoint?.fullName ?? []) {
        if (n.uniformResourceIdentifier) lines.push(`${I}  URI:${n.uniformResourceIdentifier}`);
      }
      for (const n of dp.cRLIssuer ?? []) {
        if (n.directoryName)
          lines.push(
            `${I}CRL Issuer:`,
            `${I}  DirName:${n.directoryName.map((rdn) => rdn.map((a) => `${a.type}=${a.value.toString()}`).join('+')).join(', ')}`,
          );
      }
    }
    return lines.join('\n');
  }
  if (ext.type === TN_AUTH_LIST_OID) {
    try {
      return `${I}SPC: ${decodeTnAuthList(ext.value)}`;
    } catch (err) {
      return `${I}(undecodable: ${(err as Error).message})\n${wrapHex(Buffer.from(ext.value).toString('hex'), I)}`;
    }
  }
  return wrapHex(Buffer.from(ext.value).toString('hex'), I);
}

/** An openssl-x509-like text of one certificate. */
export function certificateText(cert: X509Certificate): string {
  const spki = new Uint8Array(cert.publicKey.rawData);
  const alg = cert.publicKey.algorithm as EcKeyAlgorithm;
  const sigAlg = cert.signatureAlgorithm as EcdsaParams & { hash?: { name?: string } };
  const sigName =
    sigAlg.name === 'ECDSA' && sigAlg.hash?.name === 'SHA-256'
      ? 'ecdsa-with-SHA256'
      : `${sigAlg.name} ${sigAlg.hash?.name ?? ''}`.trim();
  // The EC point is the BIT STRING's tail of the SPKI: 65 bytes for an uncompressed P-256 point.
  const point =
    alg.namedCurve === 'P-256' ? Buffer.from(spki.subarray(spki.length - 65)).toString('hex') : null;
  const lines = [
    'Certificate:',
    '    Data:',
    `        Version: ${3} (0x2)`,
    '        Serial Number:',
    `            ${colonHex(cert.serialNumber)}`,
    `        Signature Algorithm: ${sigName}`,
    `        Issuer: ${cert.issuer}`,
    '        Validity',
    `            Not Before: ${opensslDate(cert.notBefore)}`,
    `            Not After : ${opensslDate(cert.notAfter)}`,
    `        Subject: ${cert.subject}`,
    '        Subject Public Key Info:',
    `            Public Key Algorithm: ${alg.name === 'ECDSA' ? 'id-ecPublicKey' : alg.name}`,
    ...(point
      ? [
          '                Public-Key: (256 bit)',
          '                pub:',
          wrapHex(point, '                    '),
          '                ASN1 OID: prime256v1',
          '                NIST CURVE: P-256',
        ]
      : [`                ${alg.namedCurve ?? ''}`]),
  ];
  if (cert.extensions.length > 0) {
    lines.push('        X509v3 extensions:');
    for (const ext of cert.extensions) {
      lines.push(`            ${EXTENSION_LABELS[ext.type] ?? ext.type}:${ext.critical ? ' critical' : ''}`);
      lines.push(describeExtension(ext));
    }
  }
  lines.push(`    Signature Algorithm: ${sigName}`);
  lines.push('    Signature Value:', wrapHex(Buffer.from(cert.signature).toString('hex'), '        '));
  return lines.join('\n');
}

function tnAuthListOf(cert: X509Certificate): { spc: string } | null {
  const ext = cert.extensions.find((e) => e.type === TN_AUTH_LIST_OID);
  if (!ext) return null;
  try {
    return { spc: decodeTnAuthList(ext.value) };
  } catch {
    return null;
  }
}

/** Describes every certificate; each is linted with the next one in the answer as its issuer when it is a CA. */
export function describeCertificates(certs: X509Certificate[]): {
  text: string;
  certificates: CertificateDescription[];
} {
  const certificates = certs.map((cert, i) => {
    const next = certs[i + 1];
    const isLeaf = !cert.getExtension(BasicConstraintsExtension)?.ca;
    const findings = isLeaf
      ? lintShakenCertificate(cert, next ? { issuer: next } : {})
      : lintShakenCaCertificate(
          cert,
          cert.subject === cert.issuer
            ? { role: 'root' }
            : { role: 'intermediate', ...(next ? { issuer: next } : {}) },
        );
    const text = certificateText(cert);
    return {
      subject: cert.subject,
      issuer: cert.issuer,
      serial_number: cert.serialNumber.toLowerCase(),
      not_before: cert.notBefore.toISOString(),
      not_after: cert.notAfter.toISOString(),
      tn_auth_list: tnAuthListOf(cert),
      findings,
      text,
    };
  });
  return { text: certificates.map((c) => c.text).join('\n\n'), certificates };
}
