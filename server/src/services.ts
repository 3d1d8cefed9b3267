// The composition root: every service of the app is built here once, from config and what the caller passes in
// (tests replace the clock, the mailer, the job queue, ...). Modules receive the narrow part they need.
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createSessionService } from './auth/sessions';
import { createTokenService, loadJwtSecret, type TokenService } from './auth/tokens';
import { type CrlPublisher, createCrlPublisher, loadOrCreateAuthority } from './authority';
import type { CrlRow } from './authority/crlStore';
import {
  type CertificateAuthority,
  type CrlIssuer,
  type KeyStore,
  type SecretBox,
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
  type StiPaCrlPlace,
  type StipaSimulatorDeps,
} from './integrations/stipa';
import { createJobQueue } from './jobs/pgBoss';
import type { JobQueue } from './jobs/queue';
import { createLogger } from './logger';
import type { AccountDeps } from './accounts/deps';
import { adminDepsOf, type AdminDeps } from './admin/deps';
import { pastDueInvoiceUrl } from './billing/checkouts';
import { billingDepsOf, type BillingDeps } from './billing/deps';
import type { CertificateDeps } from './certificates/service';
import type { StiScaDeps } from './delegates/stiSca';
import type { DashboardDeps } from './dashboard/routes';
import type { HealthDeps } from './health/routes';
import type { NumberDeps } from './numbers/service';
import type { OpenApiDeps } from './openapi/routes';
import type { RepositoryDeps } from './repository/routes';
import type { ResellerDeps } from './resellers/admin';
import type { SettingsDeps } from './settings/routes';
import { acmeDepsOf, type AcmeDeps } from './acme/deps';
import { nonceKeyOf, startNonceEpoch } from './acme/nonces';
import { type TokenAuthority, tokenAuthorityOf } from './acme/tokenAuthority';
import { appJobs } from './jobs';
import { queuePublishCrl } from './publishing/jobs';
import { isPublishing } from './publishing/settings';
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

/** Every service of the app, and each module's part of them (what mountModules hands it), built once. */
export interface AppServices extends AppContext {
  health: HealthDeps;
  openApi: OpenApiDeps;
  settings: SettingsDeps;
  accounts: AccountDeps;
  billing: BillingDeps;
  repository: RepositoryDeps;
  certificates: CertificateDeps;
  /**
   * The provider's STI-SCA, hosted with its key in the CA's key store, and the delegate certificates it signs
   * (docs/delegates.md).
   */
  delegates: StiScaDeps;
  numbers: NumberDeps;
  resellers: ResellerDeps;
  admin: AdminDeps;
  dashboard: DashboardDeps;
  acme: AcmeDeps;
  /**
   * The embedded STI-PA (mounted while STI_PA_URL is unset): its keys, also the STI-PA trust policy's, and the
   * SHAKEN CRL revocations are reported to (none with a real STI-PA).
   */
  simulator: StipaSimulatorDeps;
  /** Closes what was built here (not what the caller passed in), in reverse order of creation. */
  close(): Promise<void>;
}

/** What the modules' parts are made of besides the app's shared services. */
interface ModuleParts {
  /** Seals secrets under the key-encryption key. */
  secrets: SecretBox;
  /** Signs ACME's nonces: derived from the key-encryption key. */
  nonceKey: Uint8Array;
  /** Signs delegate customers' authority tokens: derived from the key-encryption key. */
  tokenAuthority: TokenAuthority;
  stiPaCrl: StiPaCrlPlace;
  simulatorKeys: () => Promise<SimulatorKeys>;
  simulatorCrl?: SimulatorCrl;
}

/** Each module's narrow part of the services: what mountModules hands it. */
function moduleDepsOf(core: AppContext, parts: ModuleParts): Omit<AppServices, keyof AppContext | 'close'> {
  const { db, now, log, config, tokens, sessions, mailer, jobs, keys, ca, stiPa, crl } = core;
  const { secrets } = parts;
  const billing = billingDepsOf(core);
  const certificates: CertificateDeps = { db, now, config, keys, ca, stiPa, crl, jobs, mailer, log, secrets };
  const delegates = { db, now, config, ca, stiPa, crl, jobs, log };
  // Billing tells the sign-in where a past-due provider pays its open invoice.
  const accounts: AccountDeps = {
    db,
    config,
    tokens,
    sessions,
    mailer,
    now,
    log,
    pastDueInvoiceUrl: (id) => pastDueInvoiceUrl(billing, id),
  };
  return {
    health: { db },
    openApi: { apiDocs: config.apiDocs },
    settings: { config },
    accounts,
    billing,
    repository: { db, now, log, config, crl, ca },
    certificates,
    delegates,
    numbers: { db, now, log, config, jobs },
    // resellers share the accounts module's parts (links, mail, sessions)
    resellers: accounts,
    admin: adminDepsOf({ accounts, certificates, billing }),
    dashboard: { db, now },
    acme: acmeDepsOf(parts, certificates, delegates),
    simulator: {
      config,
      now,
      db,
      keys: parts.simulatorKeys,
      crl: parts.simulatorCrl,
      caRootPem: ca.root.pem,
    },
  };
}

/** The CA's CRL publisher; with an origin configured, each CRL it signs is queued for it too. */
function caCrlPublisher(
  core: Pick<AppContext, 'db' | 'now' | 'log' | 'config' | 'jobs'>,
  issuers: CrlIssuer[],
): CrlPublisher {
  const { db, now, log, config, jobs } = core;
  // A CRL signed while the server starts, before its queue runs, is left to the publish run at start (publish-crls).
  const onIssued = isPublishing(config)
    ? async (row: CrlRow) => {
        if (jobs.accepting()) await queuePublishCrl({ config, jobs }, row.issuer_id);
        else
          log.debug(
            { issuer: row.issuer_id },
            'CRL signed before the job queue runs: published at its start',
          );
      }
    : undefined;
  return createCrlPublisher({ db, now, log, issuers, onIssued });
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
  const kek = loadKeyEncryptionKey({
    configured: config.keyEncryptionKey,
    dataDir: config.dataDir,
    log: kekLog,
  });
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
  // The STI-PA and the CRL publisher, which the certificates and repository modules use.
  // Built once with its trust policy: a real STI-PA's configured root, or the embedded simulator's own root.
  const simulatorKeys = simulatorKeyring(config.dataDir, now);
  // The embedded STI-PA keeps the SHAKEN CRL that revocations are reported to; a real one's go to the operator.
  const simulatorCrl = config.stiPaUrl
    ? undefined
    : createSimulatorCrl({ db, now, log, keys: await simulatorKeys() });
  const endpoint = stiPaEndpoint(config, simulatorKeys);
  const stiPa = createStiPa({
    baseUrl: endpoint.baseUrl,
    trust: endpoint.trust,
    fetch: deps.stiPaFetch,
    now,
    reportRevocation: simulatorCrl ? simulatorCrl.report : operatorReporting(log),
  });
  // Only CA certificates with cRLSign whose keys are held sign CRLs (an imported root's CRL is its operator's).
  const crl = caCrlPublisher({ db, now, log, config, jobs }, [...ca.crlSigners, ...(deps.crlIssuers ?? [])]);
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
  // Before the app gives its first ACME nonce: a new epoch when a crash or a failover lost the spent ones.
  await startNonceEpoch(db, now());
  const services: AppServices = {
    ...core,
    ...moduleDepsOf(core, {
      secrets: createSecretBox(kek),
      nonceKey: nonceKeyOf(kek),
      tokenAuthority: tokenAuthorityOf(kek),
      stiPaCrl: endpoint.crl,
      simulatorKeys,
      simulatorCrl,
    }),
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
  // Workers and schedules are declared now and run once the caller starts the queue (main.ts after listen).
  await registerJobs(jobs, appJobs(services));
  return services;
}
