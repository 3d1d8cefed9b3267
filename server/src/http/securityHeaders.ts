// Security headers on every answer, but of the routes that say `config: { securityHeaders: false }`:
// - a page (the web app, the sandbox checkout) gets helmet's whole set: CSP, HSTS, COOP, CORP, frame options...;
// - an API answer (under /api/ or /acme/: JSON, or a file a program asked for) gets the set OWASP's REST Security
//   Cheat Sheet gives for APIs: nothing may load from it or frame it (CSP `default-src 'none'; frame-ancestors
//   'none'`, X-Frame-Options DENY), no sniffing, HSTS, and CORP same-origin. The page-only headers (COOP,
//   Origin-Agent-Cluster, referrer and DNS-prefetch policies...) mean nothing there; they were two thirds of the
//   bytes of a short list's answer, and the dearest part of answering it.
// Neither depends on the request: both are computed once, at start (run per request, helmet's middleware rebuilt
// the same dozen strings each time; @fastify/helmet even re-parsed the CSP directives).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no helmet headers on this route's answers (a file for machines, not a page; it sets its own). */
    securityHeaders?: boolean;
  }
}

const computedPerRequest = (options: HelmetOptions): boolean => {
  const csp = options.contentSecurityPolicy;
  if (!csp || csp === true) return false;
  return Object.values(csp.directives ?? {}).some(
    (value) =>
      typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')),
  );
};

/** A header helmet sets (with its value) or removes (null), in its order. */
type HeaderOp = [name: string, value: string | string[] | null];

/** What helmet does to a response's headers with these options, captured once. */
export function securityHeaders(options: HelmetOptions): HeaderOp[] {
  // A directive computed per request (a nonce) would be frozen at its first value: refuse rather than do that.
  if (computedPerRequest(options)) throw new Error('CSP directives computed per request are not supported');
  const headers: HeaderOp[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? [...value] : String(value)]);
    },
    removeHeader(name: string) {
      headers.push([name, null]);
    },
  };
  let failed: unknown;
  helmet(options)({} as never, response as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/** What an API answer carries, with the page set's HSTS (whatever it was configured to). */
export function apiSecurityHeaders(page: readonly HeaderOp[]): HeaderOp[] {
  const hsts = page.filter(
    ([name, value]) => name.toLowerCase() === 'strict-transport-security' && value !== null,
  );
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...hsts,
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
}

const API_PREFIXES = ['/api/', '/acme/'];

/** Is this an API answer? By the route's declared path, or the requested path when no route matched. */
function isApi(request: FastifyRequest, routeUrl: string | undefined): boolean {
  const path = ((!request.is404 && routeUrl) || request.url).toLowerCase();
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    const { config, url } = request.routeOptions; // read once: Fastify builds it anew at each read
    if (config.securityHeaders !== false) {
      for (const [name, value] of isApi(request, url) ? api : page) {
        if (value === null) reply.raw.removeHeader(name);
        else reply.raw.setHeader(name, value);
      }
    }
    done();
  });
}
