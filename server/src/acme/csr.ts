// The CSR of ACME's finalize (RFC 8555 §7.4, RFC 9448 §5): a PKCS#10 request whose signature verifies, for a P-256
// key, asking for exactly the order's TNAuthList and no CA certificate. The other extensions it asks for are not
// honoured (the certificate follows the SHAKEN profile); its CRL distribution point is read, for the caller to judge.
import {
  CSR_OIDS,
  type Csr,
  TN_AUTH_LIST_OID,
  basicConstraintsCa,
  bytesEqual,
  csrSignatureVerifies,
  decodeBase64Loose,
  parseCsr,
  x509,
} from '../ca';
import { AcmeProblem } from './problems';

export interface CheckedCsr {
  /** The key to certify, as SubjectPublicKeyInfo DER. */
  spki: Uint8Array;
  /** The first URI of the CRL distribution point it asks for, if any. */
  crlUrl?: string;
}

const badCsr = (detail: string) => new AcmeProblem('badCSR', detail);
const MAX_CSR_BYTES = 8 * 1024;

function parse(csr: unknown): Csr {
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
    return parseCsr(der);
  } catch {
    throw badCsr('The csr is not a PKCS#10 certificate request');
  }
}

/** The first URI of a CRL distribution points extension, if any. */
function firstCrlUrl(raw: Uint8Array): string | undefined {
  try {
    const points = new x509.CRLDistributionPointsExtension(new Uint8Array(raw).slice().buffer)
      .distributionPoints;
    return points[0]?.distributionPoint?.fullName?.find((n) => n.uniformResourceIdentifier)
      ?.uniformResourceIdentifier;
  } catch {
    throw badCsr('The CSR CRL distribution point does not parse');
  }
}

/** Checks the CSR of an order whose identifier is `tnAuthListDer`; answers the key to certify. */
export async function checkCsr(csr: unknown, tnAuthListDer: Uint8Array): Promise<CheckedCsr> {
  const request = parse(csr);
  if (request.keyAlgorithm !== CSR_OIDS.ecPublicKey || request.keyParameters !== CSR_OIDS.prime256v1)
    throw badCsr('The CSR key must be an EC P-256 key (SHAKEN certificates are ES256)');
  if (request.signatureAlgorithm !== CSR_OIDS.ecdsaWithSha256)
    throw badCsr('The CSR must be signed with ECDSA and SHA-256');
  if (!csrSignatureVerifies(request)) throw badCsr('The CSR signature does not verify');
  const { extensions } = request;
  const tnAuthLists = extensions.filter((e) => e.oid === TN_AUTH_LIST_OID);
  if (tnAuthLists.length !== 1)
    throw badCsr('The CSR must ask for exactly one TNAuthList extension, the order identifier');
  if (!bytesEqual(tnAuthLists[0].value, tnAuthListDer))
    throw badCsr('The CSR TNAuthList is not the order identifier');
  const basic = extensions.find((e) => e.oid === CSR_OIDS.basicConstraints);
  let ca = false;
  try {
    ca = basic ? basicConstraintsCa(basic.value) : false;
  } catch {
    throw badCsr('The CSR basic constraints do not parse');
  }
  if (ca) throw badCsr('The CSR asks for a CA certificate: ACME issues end-entity certificates only');
  const cdp = extensions.find((e) => e.oid === CSR_OIDS.crlDistributionPoints);
  return { spki: request.spki.slice(), crlUrl: cdp ? firstCrlUrl(cdp.raw) : undefined };
}
