// The CSR of ACME's finalize (RFC 8555 §7.4, RFC 9448 §5): a PKCS#10 request whose signature verifies, for a P-256
// key, asking for exactly the order's TNAuthList and no CA certificate. The other extensions it asks for are not
// honoured (the certificate follows the SHAKEN profile); its CRL distribution point is read, for the caller to judge.
import { createPublicKey, verify } from 'node:crypto';
import { TN_AUTH_LIST_OID, bytesEqual, decodeBase64Loose, x509 } from '../ca';
import { AcmeProblem } from './problems';

export interface CheckedCsr {
  /** The key to certify, as SubjectPublicKeyInfo DER. */
  spki: Uint8Array;
  /** The first URI of the CRL distribution point it asks for, if any. */
  crlUrl?: string;
}

const badCsr = (detail: string) => new AcmeProblem('badCSR', detail);
const BASIC_CONSTRAINTS_OID = '2.5.29.19';
const CRL_DISTRIBUTION_POINTS_OID = '2.5.29.31';
const MAX_CSR_BYTES = 8 * 1024;

/** The length of the DER element whose length octets start at `at`, and how many octets they take. */
function lengthAt(der: Uint8Array, at: number): [length: number, octets: number] {
  const first = der[at];
  if (first === undefined) throw badCsr('The CSR is truncated');
  if (first < 0x80) return [first, 1];
  const n = first & 0x7f;
  if (n === 0 || n > 3) throw badCsr('The CSR is not DER');
  let length = 0;
  for (let k = 1; k <= n; k++) length = length * 256 + (der[at + k] ?? 0);
  return [length, 1 + n];
}

/** The CertificationRequestInfo the signature covers: the first element of the request's SEQUENCE, as sent. */
function signedPart(der: Uint8Array): Uint8Array {
  const [, outer] = lengthAt(der, 1);
  const start = 1 + outer;
  const [length, octets] = lengthAt(der, start + 1);
  const end = start + 1 + octets + length;
  if (der[0] !== 0x30 || der[start] !== 0x30 || end > der.length) throw badCsr('The CSR is not DER');
  return der.subarray(start, end);
}

/** ECDSA with SHA-256 over the CertificationRequestInfo, checked at once with node:crypto (P-256 was checked). */
function signatureVerifies(request: x509.Pkcs10CertificateRequest): boolean {
  const algorithm = request.signatureAlgorithm as { name?: string; hash?: { name?: string } };
  if (algorithm.name !== 'ECDSA' || algorithm.hash?.name !== 'SHA-256')
    throw badCsr('The CSR must be signed with ECDSA and SHA-256');
  try {
    const key = createPublicKey({ key: Buffer.from(request.publicKey.rawData), format: 'der', type: 'spki' });
    const tbs = signedPart(new Uint8Array(request.rawData));
    return verify('sha256', tbs, { key, dsaEncoding: 'der' }, Buffer.from(request.signature));
  } catch (e) {
    if (e instanceof AcmeProblem) throw e;
    return false;
  }
}

function parse(csr: unknown): x509.Pkcs10CertificateRequest {
  if (typeof csr !== 'string' || csr === '') throw new AcmeProblem('malformed', 'finalize needs a csr');
  if (!/^[A-Za-z0-9_-]+$/.test(csr)) throw badCsr('The csr must be base64url DER, without padding');
  let der: Uint8Array;
  try {
    der = decodeBase64Loose(csr);
  } catch {
    throw badCsr('The csr is not base64url');
  }
  if (der.length > MAX_CSR_BYTES) throw badCsr('The CSR is too large');
  try {
    return new x509.Pkcs10CertificateRequest(new Uint8Array(der).slice().buffer);
  } catch {
    throw badCsr('The csr is not a PKCS#10 certificate request');
  }
}

/** Checks the CSR of an order whose identifier is `tnAuthListDer`; answers the key to certify. */
export async function checkCsr(csr: unknown, tnAuthListDer: Uint8Array): Promise<CheckedCsr> {
  const request = parse(csr);
  const algorithm = request.publicKey.algorithm as { name?: string; namedCurve?: string };
  if (algorithm.name !== 'ECDSA' || algorithm.namedCurve !== 'P-256')
    throw badCsr('The CSR key must be an EC P-256 key (SHAKEN certificates are ES256)');
  if (!signatureVerifies(request)) throw badCsr('The CSR signature does not verify');
  const extensions = request.extensions;
  const tnAuthLists = extensions.filter((e) => e.type === TN_AUTH_LIST_OID);
  if (tnAuthLists.length !== 1)
    throw badCsr('The CSR must ask for exactly one TNAuthList extension, the order identifier');
  if (!bytesEqual(new Uint8Array(tnAuthLists[0].value), tnAuthListDer))
    throw badCsr('The CSR TNAuthList is not the order identifier');
  const basic = extensions.find((e) => e.type === BASIC_CONSTRAINTS_OID);
  if (basic && new x509.BasicConstraintsExtension(basic.rawData).ca)
    throw badCsr('The CSR asks for a CA certificate: ACME issues end-entity certificates only');
  const cdp = extensions.find((e) => e.type === CRL_DISTRIBUTION_POINTS_OID);
  let crlUrl: string | undefined;
  if (cdp) {
    try {
      const points = new x509.CRLDistributionPointsExtension(cdp.rawData).distributionPoints;
      crlUrl = points[0]?.distributionPoint?.fullName?.find(
        (n) => n.uniformResourceIdentifier,
      )?.uniformResourceIdentifier;
    } catch {
      throw badCsr('The CSR CRL distribution point does not parse');
    }
  }
  return { spki: new Uint8Array(request.publicKey.rawData), crlUrl };
}
