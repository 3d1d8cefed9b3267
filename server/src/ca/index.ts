// The certificate authority: the one entry point for code outside ca/. It signs and lints and touches no
// database: profile and TBS (profile, certificate), lint (lint/), signers and key stores (signer, keys/), the CA's
// own hierarchy (hierarchy, authority), issuance (issuer), CRLs (crl), SPC tokens (spcToken, fingerprint,
// tnAuthList), TNAuthList numbers and ranges for delegate certificates (tnEntries, tnCoverage).
export * from './authority';
export * from './certificate';
export * from './crl';
export * from './csr';
export * from './fingerprint';
export * from './hierarchy';
export * from './issuer';
export * from './keys';
export * from './lint';
export * from './pem';
export * from './profile';
export * from './signer';
export * from './spcToken';
export * from './tnAuthList';
export * from './tnCoverage';
export * from './tnEntries';
export * from './x509Parts';
export { TAG, ascii, bytesEqual, children, decodeOid, decodeOne } from './der';
// @peculiar/x509, loaded after reflect-metadata: its classes by name, and all of it as `x509`.
export {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  CRLDistributionPointsExtension,
  CertificatePolicyExtension,
  type Extension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509Crl,
} from './x509';
export * as x509 from './x509';
