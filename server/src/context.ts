import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from './auth/tokens';
import type { CertificateAuthority } from './ca/authority';
import type { KeyStore } from './ca/keys';
import type { Config } from './config';
import type { Database } from './db';
import type { Mailer } from './integrations/mail/mailer';
import type { PaymentGateway } from './integrations/payments/gateway';
import type { JobQueue } from './jobs/queue';

/** What services are built from: no Fastify in here, so rules stay testable without HTTP. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** Background work (pg-boss); buildApp creates it, the launcher starts its workers. */
  jobs: JobQueue;
  /** The payments provider: the built-in sandbox or Stripe (PAYMENTS). */
  payments: PaymentGateway;
  /** The clock; tests inject their own. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** The CA: root and intermediate (keys in the CA key store: software, or the HSM with PKCS11_MODULE). */
  ca: CertificateAuthority;
  /** Providers' private keys: always sealed software keys, so that providers can download them. */
  keys: KeyStore;
  /** The fetch used to reach the STI-PA and x5u URLs; tests route it to app.inject. */
  stiPaFetch?: typeof fetch;
  /** Re-signs an issuer's CRL at once after a revocation (the repository module provides it). */
  crl?: { reissue(issuerId: string): Promise<void> };
}
