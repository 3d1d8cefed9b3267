// Every /api route needs a valid token unless it says `config: { public: true }`; `config.roles` limits who may call it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../contract/api';
import type { Role } from '../../../contract/constants';
import type { TokenService } from '../auth/tokens';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    user: TokenClaims | null;
  }
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
    if (config.roles && !config.roles.includes(claims.type)) {
      throw new HttpError(403, 'You are not allowed to do this');
    }
  });
}

/** The signed-in user of a route that is not public (the guard has run). */
export function currentUser(request: FastifyRequest): TokenClaims {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  return request.user;
}
