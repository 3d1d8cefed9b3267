// The CA's services around ca/: the bootstrap that loads or creates the hierarchy, the issuer store, and the CRL
// publisher (issue, re-issue, serve, refresh).
export { type AuthorityOptions, loadOrCreateAuthority } from './bootstrap';
export {
  CRL_MEMORY_MS,
  CRL_REFRESH_AFTER_MS,
  type CrlBook,
  CrlError,
  type CrlPublisher,
  type CrlPublisherDeps,
  CrlUnavailableError,
  type ServedCrl,
  createCrlPublisher,
} from './crlPublisher';
export { type CrlRow, insertCrl, newestCrl, nextCrlNumber } from './crlStore';
export { currentIssuerIds, issuerExists } from './store';
