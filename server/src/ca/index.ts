// The certificate authority's first layer: profile, TNAuthList, signer, hierarchy, issuer and lint.
export * from './tnAuthList';
export * from './signer';
export {
  buildShakenCertificate,
  IssuanceError,
  type CaCredentials,
  type ShakenCertificateRequest,
} from './issuer';
export {
  lintShakenCaCertificate,
  lintShakenCertificate,
  type CaLintOptions,
  type Finding,
  type LintOptions,
  type Severity,
} from './lint';
export {
  certificateValidity,
  newSerial,
  assertSerial,
  ProfileError,
  SHAKEN_CP_OID,
  MAX_LIFETIME_DAYS,
} from './profile';
export * from './hierarchy';
export * from './pem';
