// What the ACME module is built on (createServices gives it), and the URLs it publishes.
import type { SecretBox } from '../ca';
import type { Config } from '../config';
import type { Database } from '../db';
import type { StiPaCrlPlace } from '../integrations/stipa';
import type { CertificateDeps, ServiceLog } from '../certificates/service';
import type { AccountRow } from './store';

export interface AcmeDeps {
  db: Database;
  now: () => Date;
  /** Read on each request, never copied. */
  config: Pick<Config, 'publicUrl' | 'crlUrl'>;
  /** Seals the EAB HMAC keys under the key-encryption key. */
  secrets: SecretBox;
  /** Signs and checks the nonces (nonces.ts): derived from the key-encryption key, the same on every server. */
  nonceKey: Uint8Array;
  /**
   * The accounts as this server last read them, by id: a request's signature is checked with the key kept here,
   * and its nonce's spending reads the account again (protocol.ts), so a stale entry is found out at once.
   */
  accounts: Map<string, AccountRow>;
  /** The STI-PA's SHAKEN CRL: the built-in STI-PA's URL, or the host a real STI-PA's CRL must be on. */
  stiPaCrl: StiPaCrlPlace;
  log: ServiceLog;
  /** The portal's issuance (RA, lint, signature, CR, audit) and the STI-PA that verifies SPC tokens. */
  certificates: CertificateDeps;
}

/** The ACME server's paths, under the portal's public URL. */
export const ACME_PATHS = {
  directory: '/acme/directory',
  newNonce: '/acme/new-nonce',
  newAccount: '/acme/new-account',
  account: '/acme/acct/',
  newOrder: '/acme/new-order',
  order: '/acme/order/',
  authorization: '/acme/authz/',
  challenge: '/acme/chall/',
  certificate: '/acme/cert/',
  revokeCert: '/acme/revoke-cert',
  keyChange: '/acme/key-change',
  renewalInfo: '/acme/renewal-info/',
} as const;

export const acmeUrl = (deps: Pick<AcmeDeps, 'config'>, path: string) => `${deps.config.publicUrl}${path}`;

/** An account's URL, its `kid`. */
export const accountUrl = (deps: Pick<AcmeDeps, 'config'>, id: string) =>
  acmeUrl(deps, `${ACME_PATHS.account}${id}`);
