// helmet's security headers (CSP, HSTS, COOP, ...) on every answer, but of the routes that say
// `config: { securityHeaders: false }`. The middleware is built once, at start: @fastify/helmet built it anew for
// every request (parsing the CSP directives each time), a tenth of a millisecond of CPU on each answer.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no helmet headers on this route's answers (a file for machines, not a page; it sets its own). */
    securityHeaders?: boolean;
  }
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
