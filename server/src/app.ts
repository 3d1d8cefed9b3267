// Builds the whole Fastify app from plugins and modules. Tests build the same app and call app.inject().
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { LIMITS } from '../../contract/constants';
import type { Config } from './config';
import type { AppContext } from './context';
import { createServices, type AppDeps } from './services';
import { healthRoutes } from './health/routes';
import { errorBody, errorHandler, tooManyAttemptsMessage } from './http/errors';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { housekeepingJobs } from './jobs/housekeeping';
import { installGuard } from './http/guard';
import { type JobQueue, registerJobs } from './jobs/queue';
import { accountRoutes } from './accounts/routes';
import { billingRoutes } from './billing/routes';
import { settingsRoutes } from './settings/routes';
import { certificateRoutes } from './certificates/routes';
import { certificateJobs } from './certificates/revocation';
import { repositoryJobs } from './repository/jobs';
import { repositoryRoutes } from './repository/routes';
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

export type { AppDeps } from './services';

/** The whole app on services built for it; its onClose closes them. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const services = await createServices(deps);
  try {
    const app = await buildHttpApp(services, { logger: deps.logger !== false });
    app.addHook('onClose', () => services.close());
    return app;
  } catch (e) {
    await services.close();
    throw e;
  }
}

/** The HTTP app over services the caller built (and closes). */
export async function buildHttpApp(ctx: AppContext, opts: { logger: boolean }): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: ctx.log } : { logger: false }),
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
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
  // For now here, after the modules; the jobs composition will take these over.
  await registerJobs(ctx.jobs, [
    ...certificateJobs(ctx),
    ...repositoryJobs(ctx.crl),
    ...housekeepingJobs(ctx),
  ]);

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
  return app;
}
