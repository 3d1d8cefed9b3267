// PEM labels as OpenSSL reads them. @peculiar/x509 writes CRLs as `BEGIN CRL`, which OpenSSL rejects.
import { type Binary, toArrayBuffer } from './der';
import { PemConverter, type X509Certificate } from './x509';

export const certificateToPem = (cert: X509Certificate) => cert.toString('pem');
export const crlToPem = (der: Binary) => PemConverter.encode(toArrayBuffer(der), 'X509 CRL');
export const privateKeyToPem = (pkcs8: Binary) => PemConverter.encode(toArrayBuffer(pkcs8), 'PRIVATE KEY');
/** The CR file: leaf first, then every intermediate (never the root, never anything else). */
export const chainToPem = (certs: X509Certificate[]) => certs.map(certificateToPem).join('\n');
