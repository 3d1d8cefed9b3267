// The one place a certificate gets signed: a TBS built from explicit parts, signed through a Signer.
import { type Binary, toArrayBuffer } from './der';
import { type Signer, signerCrypto } from './signer';
import { type Extension, Name, type X509Certificate, X509CertificateGenerator } from './x509';

export interface CertificateTemplate {
  /** Positive serial as hex, minimal (no 00 prefix unless the top bit needs it). */
  serial: string;
  /** DER of the subject and issuer Names, used as they are. */
  subject: Binary;
  issuer: Binary;
  subjectPublicKey: CryptoKey;
  notBefore: Date;
  notAfter: Date;
  extensions: Extension[];
}

export async function signCertificate(
  template: CertificateTemplate,
  signer: Signer,
): Promise<X509Certificate> {
  return X509CertificateGenerator.create(
    {
      serialNumber: template.serial,
      subject: new Name(toArrayBuffer(template.subject)),
      issuer: new Name(toArrayBuffer(template.issuer)),
      publicKey: template.subjectPublicKey,
      // Only the algorithm of this key is read: the signature itself comes from signer.sign().
      signingKey: signer.publicKey,
      signingAlgorithm: signer.algorithm,
      notBefore: template.notBefore,
      notAfter: template.notAfter,
      extensions: template.extensions,
    },
    signerCrypto(signer),
  );
}
