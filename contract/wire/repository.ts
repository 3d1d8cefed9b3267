// The public repository on the wire (docs/wire.md): the certificate reader's answer, and the file names of the
// published CRs, CRLs and CA certificates.
import { Type, type Static } from './kit';

/** A finding of the certificate lint. */
export const CertificateFinding = Type.Object({
  rule: Type.String(),
  severity: Type.String(),
  message: Type.String(),
});

/** One certificate of a chain, described. */
export const CertificateDescription = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  serial_number: Type.String(),
  not_before: Type.String(),
  not_after: Type.String(),
  /** The SPC of its TNAuthList, or null when it has none (a CA certificate). */
  tn_auth_list: Type.Unsafe<{ spc: string } | null>({
    type: ['object', 'null'],
    properties: { spc: { type: 'string' } },
    required: ['spc'],
  }),
  findings: Type.Array(CertificateFinding),
  text: Type.String(),
});
export type CertificateDescription = Static<typeof CertificateDescription>;

/** POST /api/public/decrypt_cert: the OpenSSL-like text of the chain, and each certificate described. */
export const DecryptedChain = Type.Object({
  text: Type.String(),
  certificates: Type.Array(CertificateDescription),
});
export type DecryptedChain = Static<typeof DecryptedChain>;

/**
 * The file names in the repository's paths: any text here. Each route answers a name that names nothing with its
 * own 404 (no-store, in the error shape), as it does for a name it does not publish.
 */
export const CrFileParams = Type.Object({
  file: Type.String({ description: '<serial>.pem: a certificate serial, hexadecimal' }),
});
export const CrlFileParams = Type.Object({
  file: Type.String({ description: "<issuer>.crl: an issuer's id" }),
});
export const AnchorFileParams = Type.Object({
  file: Type.String({ description: 'root.pem, intermediate.pem or crl-signer.pem' }),
});
