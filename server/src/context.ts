import type { SessionService } from './auth/sessions';
import type { TokenService } from './auth/tokens';
import type { CrlPublisher } from './authority';
import type { CertificateAuthority, KeyStore } from './ca';
import type { Config } from './config';
import type { Database } from './db';
import type { Mailer } from './integrations/mail/mailer';
import type { PaymentGateway } from './integrations/payments/gateway';
import type { StiPa } from './integrations/stipa';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';

/** The app's shared services (createServices builds them once): no Fastify in here, so rules stay testable without HTTP. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  /** Server-side sessions: what a token's `sid` names, checked by the guard on every protected request. */
  sessions: SessionService;
  mailer: Mailer;
  /** Background work (pg-boss); buildApp creates it, the launcher starts its workers. */
  jobs: JobQueue;
  /** The payments provider: the built-in sandbox or Stripe (PAYMENTS). */
  payments: PaymentGateway;
  /** The clock; tests inject their own. */
  now: () => Date;
  log: Logger;
  /** The CA: root and intermediate (keys in the CA key store: software, or the HSM with PKCS11_MODULE). */
  ca: CertificateAuthority;
  /** Providers' private keys: always sealed software keys, so that providers can download them. */
  keys: KeyStore;
  /** The STI-PA (the real one or the simulator), with its trust policy and caches. */
  stiPa: StiPa;
  /** Issues, re-issues, serves and refreshes the CA's CRLs. */
  crl: CrlPublisher;
}
