// The CSR of a delegate certificate (docs/delegates.md): a PKCS#10 request in PEM for a P-256 key, signed with
// ECDSA and SHA-256 by that key. Only its key is used: its subject and extensions are ignored, since the
// certificate's subject and TNAuthList are the CA's (the customer and the numbers picked).
import { CSR_OIDS, type Csr, csrSignatureVerifies, parseCsr } from '../ca';
import { HttpError } from '../http/errors';

const PEM_RE =
  /^-----BEGIN (NEW )?CERTIFICATE REQUEST-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END \1?CERTIFICATE REQUEST-----$/;

const badCsr = (message: string) => new HttpError(422, message, { errors: { csr: message } });

function parse(pem: string): Csr {
  const m = PEM_RE.exec(pem.trim());
  if (!m) throw badCsr('The CSR must be a PEM certificate request (-----BEGIN CERTIFICATE REQUEST-----)');
  try {
    return parseCsr(new Uint8Array(Buffer.from(m[2].replace(/\s+/g, ''), 'base64')));
  } catch {
    throw badCsr('The CSR is not a PKCS#10 certificate request');
  }
}

/** The CSR's key as SubjectPublicKeyInfo DER, once the request is found to be a P-256 one it signed; else a 422. */
export function checkedCsrKey(pem: string): Uint8Array {
  const request = parse(pem);
  if (request.keyAlgorithm !== CSR_OIDS.ecPublicKey || request.keyParameters !== CSR_OIDS.prime256v1)
    throw badCsr('The CSR key must be an EC P-256 key (SHAKEN certificates are ES256)');
  if (request.signatureAlgorithm !== CSR_OIDS.ecdsaWithSha256)
    throw badCsr('The CSR must be signed with ECDSA and SHA-256');
  if (!csrSignatureVerifies(request)) throw badCsr('The CSR signature does not verify');
  return request.spki.slice();
}
