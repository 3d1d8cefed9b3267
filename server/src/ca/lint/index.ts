// The lints: SHAKEN end-entity certificates (leaf.ts), the CA's own certificates (caCertificate.ts), both on our
// own DER reading (parse.ts).
export { type Finding, type IssuerFacts, type Severity, issuerFacts, onP256 } from './parse';
export {
  type LintOptions,
  lintCertificateSignature,
  lintShakenCertificate,
  lintShakenTbsCertificate,
} from './leaf';
export { type CaLintOptions, lintShakenCaCertificate, lintShakenCaTbsCertificate } from './caCertificate';
