// The issuer: profile → template → sign → lint. It signs what the RA approved and never returns a
// certificate that fails the lint (Boulder's issuance/ does the same).
import { type Binary, bytesEqual, toBytes } from './der';
import { signCertificate } from './certificate';
import { type Finding, lintShakenCertificate } from './lint';
import { SHAKEN_CP_OID, assertSerial, shakenExtensions, shakenSubject } from './profile';
import type { Signer } from './signer';
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  Name,
  SubjectKeyIdentifierExtension,
  type X509Certificate,
} from './x509';
import { keyIdentifierFromSpki, spkiOf } from './x509Parts';

export interface CaCredentials {
  certificate: X509Certificate;
  signer: Signer;
}

export interface ShakenCertificateRequest {
  spc: string;
  companyName: string;
  subjectPublicKey: CryptoKey;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  issuer: CaCredentials;
  policyOid?: string;
  crl: {
    url: string;
    /** The CRL issuer's DN for cRLIssuer: pass the Name's DER (e.g. from the fetched CRL) to keep it byte for byte. */
    issuerDn?: string | Binary;
  };
}

export class IssuanceError extends Error {
  override readonly name = 'IssuanceError';
  constructor(
    message: string,
    readonly findings: Finding[] = [],
  ) {
    super(message);
  }
}

export function issuerKeyIdentifier(cert: X509Certificate): Uint8Array {
  const ski = cert.getExtension(SubjectKeyIdentifierExtension);
  if (!ski) throw new IssuanceError('the issuing CA certificate has no subject key identifier');
  return new Uint8Array(Buffer.from(ski.keyId, 'hex'));
}

export function crlIssuerNameDer(dn: string | Binary | undefined): Uint8Array | undefined {
  if (dn === undefined) return undefined;
  return typeof dn === 'string' ? new Uint8Array(new Name(dn).toArrayBuffer()) : toBytes(dn);
}

export async function buildShakenCertificate(req: ShakenCertificateRequest): Promise<X509Certificate> {
  assertSerial(req.serial);
  const { certificate: caCert, signer } = req.issuer;
  const issuerSpki = new Uint8Array(caCert.publicKey.rawData);
  if (!bytesEqual(await spkiOf(signer.publicKey), issuerSpki)) {
    throw new IssuanceError("the signer's key is not the issuing CA certificate's key");
  }
  if (!caCert.getExtension(BasicConstraintsExtension)?.ca) {
    throw new IssuanceError('the issuing certificate is not a CA certificate (basic constraints CA:TRUE)');
  }
  const keyUsage = caCert.getExtension(KeyUsagesExtension);
  if (!keyUsage || !(keyUsage.usages & KeyUsageFlags.keyCertSign)) {
    throw new IssuanceError('the issuing certificate may not sign certificates (keyCertSign)');
  }
  const policyOid = req.policyOid ?? SHAKEN_CP_OID;
  const crlIssuerName = crlIssuerNameDer(req.crl.issuerDn);
  const subjectSpki = await spkiOf(req.subjectPublicKey);

  const cert = await signCertificate(
    {
      serial: req.serial.toLowerCase(),
      subject: shakenSubject(req.spc, req.companyName),
      issuer: caCert.subjectName.toArrayBuffer(),
      subjectPublicKey: req.subjectPublicKey,
      notBefore: req.notBefore,
      notAfter: req.notAfter,
      extensions: shakenExtensions({
        spc: req.spc,
        subjectKeyId: keyIdentifierFromSpki(subjectSpki),
        issuerKeyId: issuerKeyIdentifier(caCert),
        policyOid,
        crlUrl: req.crl.url,
        crlIssuerName,
      }),
    },
    signer,
  );

  const findings = lintShakenCertificate(cert, {
    issuer: caCert,
    expectedSpc: req.spc,
    policyOid,
    crlUrl: req.crl.url,
    crlIssuerName,
  });
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    throw new IssuanceError(
      `certificate ${req.serial} failed the SHAKEN lint: ${errors.map((e) => e.rule).join(', ')}`,
      findings,
    );
  }
  return cert;
}
