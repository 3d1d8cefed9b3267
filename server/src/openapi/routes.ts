// The API's description, OpenAPI 3, generated from the routes as they are registered (their schemas, their
// access): registered before the modules so that it sees every route. It holds no data, but it maps every route,
// the admin's too: who may read it is API_DOCS (public in development, admins only in production, or off).
import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { version } from '../../../package.json';
import type { ApiDocsAccess } from '../config';
import { access } from '../http/guard';
import { Type } from '../../../contract/wire/kit';

/** The stand-ins of other parties (the STI-PA simulator, the sandbox payment page) are not this portal's API. */
const STAND_IN_PREFIXES = ['/stipa-sim/', '/sandbox/'];

export const BEARER_SCHEME = 'bearerAuth';

/** Each operation says whether it needs a session token: every protected route does (the guard's rule). */
function describeRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const config = (route.config ?? {}) as { public?: boolean; access?: unknown };
  const hide = STAND_IN_PREFIXES.some((p) => url.startsWith(p));
  const needsToken = config.public !== true && (config.access !== undefined || url.startsWith('/api/'));
  return {
    url,
    schema: {
      ...schema,
      ...(hide ? { hide: true } : {}),
      ...(needsToken ? { security: [{ [BEARER_SCHEME]: [] }] } : {}),
    } as FastifySchema,
  };
}

/** Registers the generator; call it before any route. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'SHAKEN CA Portal API',
        version,
        description:
          'Service provider portal of a STIR/SHAKEN certificate authority. docs/api.md tells the rules.',
      },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: describeRoute,
  });
}

/** Who may read the API's document (API_DOCS). */
export interface OpenApiDeps {
  apiDocs: ApiDocsAccess;
}

/** `GET /api/docs` (and `/api/docs/json`): the document, as JSON, to whom `API_DOCS` names; not served when off. */
export async function openApiRoutes(app: FastifyInstance, deps: OpenApiDeps): Promise<void> {
  if (deps.apiDocs === 'off') return;
  const options = {
    config: (deps.apiDocs === 'public'
      ? { public: true }
      : access('api-docs', 'show')) as FastifyContextConfig,
    schema: {
      response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.0' }) },
    },
  } as const;
  const document = async () => app.swagger();
  app.get('/api/docs', options, document);
  app.get('/api/docs/json', options, document);
}
