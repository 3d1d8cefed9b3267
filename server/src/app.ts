// Builds the whole Fastify app from plugins and modules. Tests build the same app and call app.inject().
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { LIMITS } from '../../contract/constants';
import { createTokenService, loadJwtSecret, type TokenService } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db';
import { healthRoutes } from './health/routes';
import { errorBody, errorHandler, tooManyAttemptsMessage } from './http/errors';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { housekeepingJobs } from './jobs/housekeeping';
import { installGuard } from './http/guard';
import type { Mailer } from './integrations/mail/mailer';
import { createMailer } from './integrations/mail';
import { createPaymentGateway } from './integrations/payments';
import type { PaymentGateway } from './integrations/payments/gateway';
import { createJobQueue } from './jobs/pgBoss';
import type { JobQueue } from './jobs/queue';
import { loggerOptions } from './logger';
import { accountRoutes } from './accounts/routes';
import { billingRoutes } from './billing/routes';
import { settingsRoutes } from './settings/routes';
import { certificateRoutes } from './certificates/routes';
import { repositoryRoutes } from './repository/routes';
import { loadOrCreateAuthority, type CertificateAuthority } from './ca/authority';
import { type KeyStore, SoftwareKeyStore, createKeyStore, loadKeyEncryptionKey } from './ca/keys';
import { stipaSimulatorRoutes } from './integrations/stipa';

export type Module = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: the launcher starts its workers after listen, the test helper on its database. */
    jobs: JobQueue;
  }
}

/** The modules of the API, each a folder of routes · service · store. */
const MODULES: Module[] = [
  healthRoutes,
  settingsRoutes,
  accountRoutes,
  billingRoutes,
  repositoryRoutes,
  certificateRoutes,
  stipaSimulatorRoutes,
  housekeepingJobs,
];

/** Paths the SPA must never answer for. */
const NON_SPA_PREFIXES = ['/api/', '/cr/', '/crl/', '/sandbox/', '/stipa-sim/'];

/** Only this portal's own code runs in the page; in Stripe mode also Stripe.js and its card field frames. */
export function contentSecurityPolicy(payments: Config['payments']) {
  const stripe = payments === 'stripe';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    // emotion (MUI) injects style elements; images include the drawn signature as data: URLs
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
    formAction: ["'self'", 'https:'],
    upgradeInsecureRequests: null,
  };
}

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
  /** false silences the request log (tests). */
  logger?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const now = deps.now ?? (() => new Date());
  // Provider keys are always sealed software keys (providers download them). With PKCS11_MODULE set, only
  // the CA's own keys go to the HSM.
  const kekLog = { warn: (msg: string) => app.log.warn(msg), info: (msg: string) => app.log.info(msg) };
  const keys =
    deps.keys ??
    new SoftwareKeyStore(
      loadKeyEncryptionKey({ configured: config.keyEncryptionKey, dataDir: config.dataDir, log: kekLog }),
    );
  if (!deps.keys) app.addHook('onClose', async () => keys.close());
  let ca = deps.ca;
  if (!ca) {
    const caKeys = config.pkcs11Module
      ? await createKeyStore(config, { dataDir: config.dataDir, log: kekLog })
      : keys;
    if (caKeys !== keys) app.addHook('onClose', async () => caKeys.close());
    ca = await loadOrCreateAuthority({ db, config, keys: caKeys, log: kekLog, now });
  }
  const ctx: AppContext = {
    config,
    db,
    now,
    log: app.log,
    tokens: deps.tokens ?? createTokenService(loadJwtSecret(config.jwtSecret, config.dataDir), now),
    mailer: deps.mailer ?? createMailer(config, app.log),
    jobs: deps.jobs ?? createJobQueue(db, { log: app.log }),
    payments: deps.payments ?? createPaymentGateway(config, { db, now }),
    ca,
    keys,
    stiPaFetch: deps.stiPaFetch,
  };
  if (!deps.mailer) app.addHook('onClose', async () => ctx.mailer.close());
  app.decorate('jobs', ctx.jobs);

  app.setErrorHandler(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config.payments) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx.db),
    errorResponseBuilder: (_req, context) => errorBody(429, tooManyAttemptsMessage(context.ttl)),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.signatureMaxBytes, files: 1, fields: 40, fieldSize: 4096, parts: 45 },
  });
  installGuard(app, ctx.tokens);

  for (const mod of MODULES) await mod(app, ctx);

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !NON_SPA_PREFIXES.some((p) => url.startsWith(p))) {
      // A client route (/login, /register/payment, ...): the SPA decides.
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
  });
  // Registered last so it runs first (onClose hooks run in reverse): running jobs finish while the mailer and
  // the other services are still open. stop() waits for them and does nothing when never started.
  if (!deps.jobs) app.addHook('onClose', async () => ctx.jobs.stop());
  return app;
}
