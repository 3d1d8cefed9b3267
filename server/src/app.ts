// Builds the whole Fastify app from plugins and modules. Tests build the same app and call app.inject().
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { LIMITS } from '../../contract/constants';
import { openCaKeys } from './ca';
import type { Config } from './config';
import { createServices, type AppDeps, type AppServices } from './services';
import { healthRoutes } from './health/routes';
import { openApiRoutes, registerOpenApi } from './openapi/routes';
import {
  createMetrics,
  installRequestMetrics,
  metricsExposure,
  metricsRoute,
  type AppMetrics,
} from './metrics';
import { errorBody, errorHandler, tooManyAttemptsMessage } from './http/errors';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { installSecurityHeaders } from './http/securityHeaders';
import { mountWebApp } from './http/webApp';
import { installGuard, requireRouteDeclarations } from './http/guard';
import { idempotencySecret, installIdempotency } from './http/idempotency';
import type { JobQueue } from './jobs/queue';
import { accountRoutes } from './accounts/routes';
import { billingRoutes } from './billing/routes';
import { settingsRoutes } from './settings/routes';
import { certificateRoutes } from './certificates/routes';
import { delegateRoutes, stiScaRoutes } from './delegates/routes';
import { coverageRoutes } from './delegates/uncovered/routes';
import { repositoryRoutes } from './repository/routes';
import { numberRoutes } from './numbers/routes';
import { dashboardRoutes } from './dashboard/routes';
import { stipaSimulatorRoutes } from './integrations/stipa';
// resellers: the admin's reseller management and the reseller's own pages
import { adminResellerRoutes, resellerPortalRoutes } from './resellers/routes';
import { adminRoutes } from './admin/routes';
import { acmeCredentialRoutes, acmeRoutes } from './acme/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: the launcher starts its workers after listen, the test helper on its database. */
    jobs: JobQueue;
    /** The app's metrics: served at /metrics on the main port, or by the launcher on METRICS_PORT. */
    metrics: AppMetrics;
  }
}

/** The modules of the API, each a folder of routes · service · store, mounted on the part of the services it uses. */
async function mountModules(app: FastifyInstance, s: AppServices): Promise<void> {
  await healthRoutes(app, s.health);
  await openApiRoutes(app, s.openApi);
  await settingsRoutes(app, s.settings);
  await accountRoutes(app, s.accounts);
  await billingRoutes(app, s.billing);
  await repositoryRoutes(app, s.repository);
  await certificateRoutes(app, s.certificates);
  await stiScaRoutes(app, s.delegates);
  await delegateRoutes(app, s.delegates);
  await numberRoutes(app, s.numbers);
  await coverageRoutes(app, s.numbers);
  await adminResellerRoutes(app, s.resellers);
  await resellerPortalRoutes(app, s.resellers);
  await adminRoutes(app, s.admin);
  await dashboardRoutes(app, s.dashboard);
  await acmeCredentialRoutes(app, s.acme);
  await acmeRoutes(app, s.acme);
  await stipaSimulatorRoutes(app, s.simulator);
}

/** Paths the SPA must never answer for. */
const NON_SPA_PREFIXES = ['/api/', '/acme/', '/ca/', '/cr/', '/crl/', '/sandbox/', '/stipa-sim/', '/metrics'];

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

export type { AppDeps } from './services';

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count believes that many X-Forwarded-For entries whoever sent them
 * (Fastify refuses plain numbers for that reason): safe only when nothing but the proxies reaches this server.
 */
export function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * The whole app on services built for it, as the launcher runs it; its onClose closes them. The CA's keys are
 * opened first: a start whose KEY_ENCRYPTION_KEY (or HSM) does not open them fails here, with the reason.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const services = await createServices(deps);
  try {
    await openCaKeys(services.ca);
    const app = await buildHttpApp(services, { logger: deps.logger !== false });
    app.addHook('onClose', () => services.close());
    return app;
  } catch (e) {
    await services.close();
    throw e;
  }
}

/** The HTTP app over services the caller built (and closes). */
export interface HttpAppOptions {
  logger: boolean;
  /** Sees every route of the modules as it is registered (the route-table test walks them). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildHttpApp(services: AppServices, opts: HttpAppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: services.log } : { logger: false }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: request.ip (rate limits, the
    // agreement's recorded address, the audit log) is otherwise the socket's own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // A client gets this long to send its headers, then its whole request; an idle keep-alive connection is
    // closed after keepAliveTimeout. Incomplete requests are checked every second.
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Idle connections close at once on shutdown; the launcher cuts the rest after a grace (main.ts).
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('jobs', services.jobs);
  const metrics = createMetrics({ db: services.db, jobs: services.jobs });
  app.decorate('metrics', metrics);
  installRequestMetrics(app, metrics);

  app.setErrorHandler(errorHandler);
  installSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config.payments) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(services.db),
    errorResponseBuilder: (_req, context) => errorBody(429, tooManyAttemptsMessage(context.ttl)),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.signatureMaxBytes, files: 1, fields: 40, fieldSize: 4096, parts: 45 },
  });
  installGuard(app, services.tokens, services.sessions);
  installIdempotency(app, {
    db: services.db,
    secret: idempotencySecret(config),
    waitMs: () => config.idempotencyWaitMs,
  });

  // Before any route: the OpenAPI document is made of the routes as they are registered.
  await registerOpenApi(app);
  // The modules in one scope where every route must declare its access and its answers (the SPA's files are outside).
  await app.register(async (scope) => {
    if (opts.onRoute) scope.addHook('onRoute', opts.onRoute);
    requireRouteDeclarations(scope);
    await mountModules(scope, services);
    if (metricsExposure(config) === 'main-port') metricsRoute(scope, { metrics, token: config.metricsToken });
  });
  // At start, a CRL older than a day (or none) is issued at once rather than at the next daily run.
  app.addHook('onReady', async () => {
    try {
      await services.crl.refresh({ onlyStale: true });
    } catch (err) {
      services.log.error({ err }, 'CRL refresh at start failed');
    }
  });

  await mountWebApp(app, config.webDistDir, NON_SPA_PREFIXES, (method, url) =>
    errorBody(404, `Route ${method} ${url} not found`),
  );
  return app;
}
