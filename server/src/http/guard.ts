// Every /api route needs a valid token of a live session unless it says `config: { public: true }`. A protected
// route names what it does as `config: { access: { resource, action } }` and the guard asks contract/access.ts's
// matrix, the same table the web app hides its buttons with. Whether a request is guarded is decided on the route
// the router matched, never on the raw URL (`/%61pi/…` routes to `/api/…`).
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { canAccessAny, type Action, type Resource } from '../../../contract/access';
import type { TokenClaims } from '../../../contract/api';
import { ROLES } from '../../../contract/constants';
import type { SessionService } from '../auth/sessions';
import type { TokenService } from '../auth/tokens';
import { Kind } from '@sinclair/typebox';
import { HttpError } from './errors';

export interface RouteAccess {
  resource: Resource;
  action: Action;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    /** What a protected route does, checked against the role matrix; of several, any one admits. */
    access?: RouteAccess | readonly RouteAccess[];
  }
  interface FastifyRequest {
    user: TokenClaims | null;
  }
}

/** The route config of a protected route: `{ config: access('certificates', 'renew') }`. */
export const access = (resource: Resource, action: Action) => ({ access: { resource, action } });

/**
 * The route config of a route that roles reach through resources of their own, any one admitting:
 * `{ config: accessOneOf(['admin-invoices', 'list'], ['reseller-invoices', 'list']) }`. The handler then scopes
 * what it answers by the caller's role.
 */
export const accessOneOf = (...accesses: [Resource, Action][]) => ({
  access: accesses.map(([resource, action]) => ({ resource, action })),
});

/**
 * Why a route may not be registered, or null: an /api route says whether it is public or what it does, and every
 * route declares its answers (a JSON schema is an allow-list; a file route says what it sends).
 */
export function undeclaredRoute(route: Pick<RouteOptions, 'url' | 'config' | 'schema'>): string | null {
  const config = (route.config ?? {}) as { public?: boolean; access?: RouteAccess | readonly RouteAccess[] };
  const accesses = config.access === undefined ? [] : [config.access].flat();
  if (route.url.startsWith('/api/') && config.public !== true && accesses.length === 0) {
    return 'declares neither config.public nor config.access';
  }
  if (!route.schema?.response) return 'declares no response schema';
  if (/\/:[A-Za-z]/.test(route.url) && !route.schema.params)
    return 'names a path parameter without a params schema';
  const loose = Object.entries(route.schema.response as Record<string, unknown>).find(
    ([, schema]) => !isWireShape(schema),
  );
  if (loose) return `answers ${loose[0]} with a schema that is not a wire shape (contract/wire/)`;
  return null;
}

/**
 * Whether a response schema is a TypeBox schema: a shape of contract/wire/, or one of http/responses.ts's answers with
 * no fields (a message, a file, no body). A JSON answer typed apart from its schema is refused.
 */
function isWireShape(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Kind in schema;
}

/** Secure by default at build time too: in this scope a route that says nothing about access or answers is refused. */
export function requireRouteDeclarations(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    const why = undeclaredRoute(route);
    if (why) throw new Error(`Route ${String(route.method)} ${route.url} ${why}`);
  });
}

/** The path as the router reads it (decoded once); the raw text when it does not decode. */
function routedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Does this request need a token? A matched route: unless it is public, when it names an access or lives under
 * /api/ (its declared path, whatever spelling reached it). No route: when its decoded path is under /api/ in any
 * case, so that an unknown API path tells an anonymous caller nothing (401) and nothing runs anyway.
 */
function isGuarded(request: FastifyRequest, route: FastifyRequest['routeOptions']): boolean {
  const { url, config } = route;
  if (!request.is404 && url !== undefined) {
    if (config.public === true) return false;
    return config.access !== undefined || url.startsWith('/api/');
  }
  return routedPath(request.url).toLowerCase().startsWith('/api/');
}

export function installGuard(
  app: FastifyInstance,
  tokens: TokenService,
  sessions: Pick<SessionService, 'isLive'>,
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // read once: Fastify builds routeOptions anew at each read
    const route = request.routeOptions;
    if (!isGuarded(request, route)) return;
    const config = route.config;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new HttpError(401, 'Authentication required');
    const claims = await tokens.verify(token);
    // a valid signature is not enough: the session must be live and the account still allowed, as it is now
    if (!claims || !(await sessions.isLive(claims))) {
      throw new HttpError(401, 'Your session has expired. Please sign in again.');
    }
    request.user = claims;
    if (request.is404) return; // no such route: the not-found answer follows
    // canAccess reads an unknown role as a provider (the web app's rule); the server accepts only the three it signs.
    const knownRole = (ROLES as readonly string[]).includes(claims.type);
    // A protected route without `access` cannot be registered (requireRouteDeclarations); refuse it here too.
    const allowed = knownRole && config.access !== undefined && canAccessAny(claims.type, config.access);
    if (!allowed) throw new HttpError(403, 'You are not allowed to do this');
  });
}

/** The signed-in user of a route that is not public (the guard has run). */
export function currentUser(request: FastifyRequest): TokenClaims {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  return request.user;
}

/** The provider a request acts for: its account, its email (audit log), its service provider and its address. */
export interface ProviderActor {
  accountId: string;
  email: string;
  serviceProviderId: string;
  ip: string | null;
}

/** The signed-in user as the provider it acts for; an account bound to no provider is refused (403). */
export function providerActor(request: FastifyRequest): ProviderActor {
  const user = currentUser(request);
  if (!user.service_provider_uuid) throw new HttpError(403, 'You are not allowed to do this');
  return {
    accountId: user.sub,
    email: user.email,
    serviceProviderId: user.service_provider_uuid,
    ip: request.ip,
  };
}
