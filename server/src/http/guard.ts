// Every /api route needs a valid token unless it says `config: { public: true }`. A protected route names what it
// does as `config: { access: { resource, action } }` and the guard asks contract/access.ts's matrix, the same
// table the web app hides its buttons with.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { canAccess, type Action, type Resource } from '../../../contract/access';
import type { TokenClaims } from '../../../contract/api';
import { ROLES } from '../../../contract/constants';
import type { TokenService } from '../auth/tokens';
import { HttpError } from './errors';

export interface RouteAccess {
  resource: Resource;
  action: Action;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    /** What a protected route does, checked against the role matrix. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: TokenClaims | null;
  }
}

/** The route config of a protected route: `{ config: access('certificates', 'renew') }`. */
export const access = (resource: Resource, action: Action) => ({ access: { resource, action } });

/**
 * Why a route may not be registered, or null: an /api route says whether it is public or what it does, and every
 * route declares its answers (a JSON schema is an allow-list; a file route says what it sends).
 */
export function undeclaredRoute(route: Pick<RouteOptions, 'url' | 'config' | 'schema'>): string | null {
  const config = (route.config ?? {}) as { public?: boolean; access?: RouteAccess };
  if (route.url.startsWith('/api/') && config.public !== true && !config.access) {
    return 'declares neither config.public nor config.access';
  }
  if (!route.schema?.response) return 'declares no response schema';
  return null;
}

/** Secure by default at build time too: in this scope a route that says nothing about access or answers is refused. */
export function requireRouteDeclarations(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    const why = undeclaredRoute(route);
    if (why) throw new Error(`Route ${String(route.method)} ${route.url} ${why}`);
  });
}

export function installGuard(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api/') || config.public) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new HttpError(401, 'Authentication required');
    const claims = await tokens.verify(token);
    if (!claims) throw new HttpError(401, 'Your session has expired. Please sign in again.');
    request.user = claims;
    if (request.is404) return; // no such route: the not-found answer follows
    // canAccess reads an unknown role as a provider (the web app's rule); the server accepts only the three it signs.
    const knownRole = (ROLES as readonly string[]).includes(claims.type);
    // A protected route without `access` cannot be registered (requireRouteDeclarations); refuse it here too.
    const allowed = knownRole && config.access !== undefined && canAccess(claims.type, config.access);
    if (!allowed) throw new HttpError(403, 'You are not allowed to do this');
  });
}

/** The signed-in user of a route that is not public (the guard has run). */
export function currentUser(request: FastifyRequest): TokenClaims {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  return request.user;
}
