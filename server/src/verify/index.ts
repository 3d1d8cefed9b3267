// The SHAKEN verifier, importable: verifyShaken (a PASSporT or certificates), verifyPassport, verifyCertificate,
// and the command line's runVerifyCli. It reads the CA's DER with the CA's own readers and needs no database.
export { runVerifyCli, USAGE } from './cli';
export { buildPath } from './chain';
export { type TnEntry, tnAuthList } from './fields';
export { formatReport } from './report';
export { type RevocationStatus, checkRevocation } from './revocation';
export { certificatesOf, loadCertificates, readSource } from './sources';
export {
  type Check,
  type CheckName,
  type VerifyOptions,
  type VerifyReport,
  verifyCertificate,
  verifyPassport,
  verifyShaken,
} from './verify';
