// PEM labels as OpenSSL reads them. @peculiar/x509 writes CRLs as `BEGIN CRL`, which OpenSSL rejects.
import { type Binary, toBytes } from './der';
import type { X509Certificate } from './x509';

export const certificateToPem = (cert: X509Certificate) => cert.toString('pem');
/** RFC 7468 text (64-character lines, no trailing newline), the layout PemConverter writes: the one PEM writer here. */
export function derToPem(der: Binary, label: string): string {
  const base64 = Buffer.from(toBytes(der)).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += 64) lines.push(base64.slice(i, i + 64));
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----`;
}
export const certificateDerToPem = (der: Binary) => derToPem(der, 'CERTIFICATE');
export const crlToPem = (der: Binary) => derToPem(der, 'X509 CRL');
export const privateKeyToPem = (pkcs8: Binary) => derToPem(pkcs8, 'PRIVATE KEY');
/** A PEM as a file: the text ending with one newline (the stored PEMs have none). */
export const pemFile = (pem: string) => `${pem.trim()}\n`;
/** The CR file: leaf first, then every intermediate (never the root, never anything else). */
export const chainToPem = (certs: X509Certificate[]) => certs.map(certificateToPem).join('\n');
