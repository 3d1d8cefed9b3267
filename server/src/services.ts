// The composition root: every service of the app is built here once, from config and what the caller passes in
// (tests replace the clock, the mailer, the job queue, ...). Modules receive the narrow part they need.
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createSessionService } from './auth/sessions';
import { createTokenService, loadJwtSecret, type TokenService } from './auth/tokens';
import { createCrlPublisher, loadOrCreateAuthority } from './authority';
import {
  type CertificateAuthority,
  type CrlIssuer,
  type KeyStore,
  SoftwareKeyStore,
  createKeyStore,
  createSecretBox,
  loadKeyEncryptionKey,
} from './ca';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db';
import { createMailer } from './integrations/mail';
import type { Mailer } from './integrations/mail/mailer';
import { createPaymentGateway } from './integrations/payments';
import type { PaymentGateway } from './integrations/payments/gateway';
import {
  type SimulatorCrl,
  type SimulatorKeys,
  createSimulatorCrl,
  createStiPa,
  operatorReporting,
  simulatorKeyring,
  stiPaEndpoint,
} from './integrations/stipa';
import { createJobQueue } from './jobs/pgBoss';
import type { JobQueue } from './jobs/queue';
import { createLogger } from './logger';
import type { AccountDeps } from './accounts/deps';
import { pastDueInvoiceUrl } from './billing/checkouts';
import { billingDepsOf, type BillingDeps } from './billing/deps';
import type { CertificateDeps } from './certificates/service';
import type { AcmeDeps } from './acme/deps';
import { nonceKeyOf, startNonceEpoch } from './acme/nonces';
import { appJobs } from './jobs';
import { registerJobs } from './jobs/queue';

export interface AppDeps {
  config: Config;
  db: Database;
  mailer?: Mailer;
  /** The payments provider; by default from config (sandbox or Stripe). */
  payments?: PaymentGateway;
  /** The job queue; by default pg-boss on `db`, started by the caller (main.ts, the test helper). */
  jobs?: JobQueue;
  tokens?: TokenService;
  now?: () => Date;
  /** The providers' key store; by default sealed software keys under the KEK. */
  keys?: KeyStore;
  /** The CA; by default loaded from (or created in) ca_issuers. */
  ca?: CertificateAuthority;
  /** The fetch that reaches the STI-PA and x5u URLs (tests: one that calls app.inject). */
  stiPaFetch?: typeof fetch;
  /** CRL signers besides the CA's intermediate and root (tests: an issuer of their own). */
  crlIssuers?: CrlIssuer[];
  /** false silences the log (tests). */
  logger?: boolean;
  /** The log to write to (the launcher makes it first, to log while the app builds); else one made of the config. */
  log?: FastifyBaseLogger;
}


/** Every service of the app, and each module's part of them, built once. */
export interface AppServices extends AppContext {
  accounts: AccountDeps;
  billing: BillingDeps;
  certificates: CertificateDeps;
  acme: AcmeDeps;
  /** The embedded STI-PA's keys (used while STI_PA_URL is unset). */
  simulatorKeys: () => Promise<SimulatorKeys>;
  /** The embedded STI-PA's SHAKEN CRL, while STI_PA_URL is unset. */
  simulatorCrl?: SimulatorCrl;
  /** Closes what was built here (not what the caller passed in), in reverse order of creation. */
  close(): Promise<void>;
}

export async function createServices(deps: AppDeps): Promise<AppServices> {
  const { config, db } = deps;
  const log =
    deps.logger === false
      ? (pino({ enabled: false }) as FastifyBaseLogger)
      : (deps.log ?? createLogger(config.logLevel, config.logFormat));
  const closers: (() => Promise<void> | void)[] = [];
  const now = deps.now ?? (() => new Date());
  // Provider keys are always sealed software keys (providers download them). With PKCS11_MODULE set, only
  // the CA's own keys go to the HSM.
  const kekLog = { warn: (msg: string) => log.warn(msg), info: (msg: string) => log.info(msg) };
  const kek = loadKeyEncryptionKey({ configured: config.keyEncryptionKey, dataDir: config.dataDir, log: kekLog });
  const keys = deps.keys ?? new SoftwareKeyStore(kek);
  if (!deps.keys) closers.push(() => keys.close());
  let ca = deps.ca;
  if (!ca) {
    const caKeys = config.pkcs11Module
      ? await createKeyStore(config, { dataDir: config.dataDir, log: kekLog })
      : keys;
    if (caKeys !== keys) closers.push(() => caKeys.close());
    ca = await loadOrCreateAuthority({ db, config, keys: caKeys, log: kekLog, now });
  }
  const mailer = deps.mailer ?? createMailer(config, log);
  if (!deps.mailer) closers.push(() => mailer.close());
  // Running jobs get 4 s to finish at shutdown (then they are retried): the whole shutdown fits in 10 s (main.ts).
  const jobs = deps.jobs ?? createJobQueue(db, { log, stopTimeoutMs: 4_000 });
  // Stopped first: running jobs finish while the mailer and the other services are still open. stop() waits for
  // them and does nothing when never started.
  if (!deps.jobs) closers.push(() => jobs.stop());
  // ---- the STI-PA and the CRL publisher (certificates and repository modules) ----
  // Built once with its trust policy: a real STI-PA's configured root, or the embedded simulator's own root.
  const simulatorKeys = simulatorKeyring(config.dataDir, now);
  // The embedded STI-PA keeps the SHAKEN CRL that revocations are reported to; a real one's go to the operator.
  const simulatorCrl = config.stiPaUrl
    ? undefined
    : createSimulatorCrl({ db, now, log, keys: await simulatorKeys() });
  const stiPa = createStiPa({
    ...stiPaEndpoint(config, simulatorKeys),
    fetch: deps.stiPaFetch,
    now,
    reportRevocation: simulatorCrl ? simulatorCrl.report : operatorReporting(log),
  });
  // Only CA certificates with cRLSign whose keys are held sign CRLs (an imported root's CRL is its operator's).
  const crl = createCrlPublisher({ db, now, log, issuers: [...ca.crlSigners, ...(deps.crlIssuers ?? [])] });
  const tokens = deps.tokens ?? createTokenService(loadJwtSecret(config.jwtSecret, config.dataDir), now);
  const sessions = createSessionService({ db, tokens, now, cacheMs: config.sessionCacheSeconds * 1000 });
  const core: AppContext = {
    config,
    db,
    now,
    log,
    tokens,
    sessions,
    mailer,
    jobs,
    payments: deps.payments ?? (await createPaymentGateway(config, { db, now })),
    ca,
    keys,
    stiPa,
    crl,
  };
  const billing = billingDepsOf(core);
  // Before the app gives its first ACME nonce: a new epoch when a crash or a failover lost the spent ones.
  await startNonceEpoch(db, now());
  const secrets = createSecretBox(kek);
  const certificates: CertificateDeps = { db, now, config, keys, ca, stiPa, crl, jobs, mailer, log, secrets };
  const services: AppServices = {
    ...core,
    // Billing tells the sign-in where a past-due provider pays its open invoice.
    accounts: {
      db,
      config,
      tokens,
      sessions,
      mailer,
      now,
      log,
      pastDueInvoiceUrl: (id) => pastDueInvoiceUrl(billing, id),
    },
    billing,
    simulatorKeys,
    simulatorCrl,
    certificates,
    acme: { db, now, config, log, secrets, nonceKey: nonceKeyOf(kek), accounts: new Map(), certificates },
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
  // Workers and schedules are declared now and run once the caller starts the queue (main.ts after listen).
  await registerJobs(jobs, appJobs(services));
  return services;
}
