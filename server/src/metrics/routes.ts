// Where /metrics is served and who may read it. Open on the main port outside production; in production only
// with METRICS_TOKEN (a bearer token Prometheus sends) or on METRICS_PORT, a port of its own on an internal
// address (METRICS_HOST). Without either, production serves no metrics: the counts are not for the public.
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError, errorHandler } from '../http/errors';
import { fileResponse } from '../http/responses';
import type { AppMetrics } from './registry';

export type MetricsSettings = Pick<Config, 'isProduction' | 'metricsToken' | 'metricsPort'>;

/** On the main port (open, or behind the token when one is set), on a port of its own, or nowhere. */
export function metricsExposure(config: MetricsSettings): 'main-port' | 'own-port' | 'off' {
  if (config.metricsPort !== undefined) return 'own-port';
  if (config.metricsToken !== undefined || !config.isProduction) return 'main-port';
  return 'off';
}

/** Compared as SHA-256 digests: equal lengths, so the time taken tells nothing of the token, not even its length. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(header: string | undefined): string {
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** `GET /metrics`: Prometheus's text format; with a token set, only for `Authorization: Bearer <token>`. */
export function metricsRoute(app: FastifyInstance, opts: { metrics: AppMetrics; token: string | undefined }) {
  const { registry } = opts.metrics;
  app.get(
    '/metrics',
    { schema: { produces: [registry.contentType], response: { 200: fileResponse(registry.contentType) } } },
    async (request, reply) => {
      if (opts.token !== undefined && !sameToken(bearerToken(request.headers.authorization), opts.token)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw new HttpError(401, 'Authentication required');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

/** Every answer counted under its route's pattern; a path no route matched is `not_found` (no raw URLs). */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics) {
  // A callback hook, not an async one: no promise and no microtask on every answer for two counter updates.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? 'not_found' : (request.routeOptions.url ?? 'not_found');
    metrics.observeRequest(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** The server of METRICS_PORT: /metrics alone (behind METRICS_TOKEN too when set); the launcher listens. */
export function buildMetricsServer(
  metrics: AppMetrics,
  config: Pick<Config, 'metricsToken'>,
): FastifyInstance {
  const server = Fastify({ logger: false });
  server.setErrorHandler(errorHandler);
  metricsRoute(server, { metrics, token: config.metricsToken });
  return server;
}
