// What the ACME module is built on (createServices gives it), and the URLs it publishes. Like an ACME front end
// beside its CA, it reaches the portal's issuance and revocation through one function each, and reads and writes
// its own tables through its store (acmeStore.ts), never the database itself.
import type { SecretBox } from '../ca';
import type { Config } from '../config';
import type { StiPa, StiPaCrlPlace } from '../integrations/stipa';
import { issueForClientKey } from '../certificates/clientKeyIssuance';
import { revokeCertificate } from '../certificates/revocation';
import type { Actor, CertificateDeps, ServiceLog } from '../certificates/service';
import { type DelegateDeps, grantNumbers, issueForOrder, revokeDelegate } from '../delegates/delegates';
import { type AcmeStore, acmeStoreOf } from './acmeStore';
import type { AccountRow } from './store';
import type { TokenAuthority } from './tokenAuthority';

/** The portal's issuance of a certificate for a client's key (RA, lint, signature, CR, audit): finalize's. */
export type AcmeIssue = (
  actor: Actor,
  input: Parameters<typeof issueForClientKey>[2],
) => ReturnType<typeof issueForClientKey>;

export interface AcmeDeps {
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
  /** Nonces, accounts, credentials, orders with their authorization and challenge, and the certificates issued. */
  store: AcmeStore;
  issue: AcmeIssue;
  /** The portal's revocation of a provider's certificate, as the provider's own (with its mail and audit). */
  revoke: (actor: Actor, serial: string, reason: string) => Promise<void>;
  /** The STI-PA: verifies the challenge's SPC tokens and names the issuer of the SHAKEN CRL. */
  stiPa: Pick<StiPa, 'verifySpcToken' | 'crlIssuerName'>;
  /** The portal's token authority for delegate customers' numbers (tokenAuthority.ts). */
  tokenAuthority: TokenAuthority;
  /** The delegates module: a customer's numbers granted to a credential, and a delegate order's issuance. */
  delegates: {
    grant: <T>(
      actor: Actor,
      input: Parameters<typeof grantNumbers>[2],
      record: Parameters<typeof grantNumbers<T>>[3],
    ) => Promise<T>;
    issue: (actor: Actor, order: Parameters<typeof issueForOrder>[2]) => ReturnType<typeof issueForOrder>;
    /** A delegate certificate revoked (by its id), as the provider's delegates page revokes it. */
    revoke: (actor: Actor, id: string, reason: string) => Promise<void>;
  };
}

/** ACME's deps, for the composition root: the certificates module's issuance, revocation and STI-PA, narrowed. */
export function acmeDepsOf(
  parts: Pick<AcmeDeps, 'nonceKey' | 'stiPaCrl' | 'tokenAuthority'>,
  certificates: CertificateDeps,
  delegates: DelegateDeps,
): AcmeDeps {
  const { db, now, config, log, secrets, stiPa } = certificates;
  return {
    ...parts,
    now,
    config,
    log,
    secrets,
    accounts: new Map(),
    store: acmeStoreOf(db),
    issue: (actor, input) => issueForClientKey(certificates, actor, input),
    revoke: (actor, serial, reason) => revokeCertificate(certificates, actor, serial, reason),
    stiPa,
    delegates: {
      grant: (actor, input, record) => grantNumbers(delegates, actor, input, record),
      issue: (actor, order) => issueForOrder(delegates, actor, order),
      revoke: (actor, id, reason) => revokeDelegate(delegates, actor, id, reason),
    },
  };
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
  tokenAuthority: '/acme/token-authority',
  tokenAuthorityCertificate: '/acme/token-authority.pem',
} as const;

export const acmeUrl = (deps: Pick<AcmeDeps, 'config'>, path: string) => `${deps.config.publicUrl}${path}`;

/** An account's URL, its `kid`. */
export const accountUrl = (deps: Pick<AcmeDeps, 'config'>, id: string) =>
  acmeUrl(deps, `${ACME_PATHS.account}${id}`);
