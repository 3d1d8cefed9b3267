// The CSR of ACME's finalize (RFC 8555 §7.4, RFC 9448 §5): a PKCS#10 request whose signature verifies, for a P-256
// key, asking for exactly the order's TNAuthList and no CA certificate. The other extensions it asks for are not
// honoured (the certificate follows the SHAKEN profile); its CRL distribution point is read, for the caller to judge.
import { TN_AUTH_LIST_OID, decodeBase64Loose, x509 } from '../ca';
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

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
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
  let verified = false;
  try {
    verified = await request.verify();
  } catch {
    verified = false;
  }
  if (!verified) throw badCsr('The CSR signature does not verify');
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
