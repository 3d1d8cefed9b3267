// The API's description, OpenAPI 3, generated from the routes as they are registered (their schemas, their
// access): registered before the modules so that it sees every route. It holds no data, but it maps every route,
// the admin's too: who may read it is API_DOCS (public in development, admins only in production, or off).
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { version } from '../../../package.json';
import type { ApiDocsAccess } from '../config';
import { access } from '../http/guard';
import { Type } from '../../../contract/wire/kit';
import type { BodyDeclaration } from '../http/body';
import { yupToOpenApi } from './yupSchema';

/** The stand-ins of other parties (the STI-PA simulator, the sandbox payment page) are not this portal's API. */
const STAND_IN_PREFIXES = ['/stipa-sim/', '/sandbox/'];

export const BEARER_SCHEME = 'bearerAuth';

type SwaggerDocumentObject = Parameters<SwaggerTransformObject>[0];

/** Marks, for `finishDocument`, an operation whose body may be left out. */
const OPTIONAL_BODY = 'x-optional-body';

/**
 * The request body of the document, from the route's `config.body` (http/body.ts): only the document's, for the
 * route validates its body with the same yup rules in its handler, never with a Fastify `schema.body`.
 */
function describeBody(body: BodyDeclaration): FastifySchema {
  const schema = yupToOpenApi(body.schema);
  if (!body.files?.length) {
    return {
      body: schema,
      consumes: ['application/json'],
      ...(body.optional ? { [OPTIONAL_BODY]: true } : {}),
    };
  }
  const files = Object.fromEntries(body.files.map((name) => [name, { type: 'string', format: 'binary' }]));
  const form = {
    ...schema,
    properties: { ...schema.properties, ...files },
    required: [...(schema.required ?? []), ...body.files],
  };
  return { body: form, consumes: ['multipart/form-data'] };
}

/**
 * Each operation says whether it needs a session token (every protected route does: the guard's rule) and what
 * body it takes.
 */
function describeRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const config = (route.config ?? {}) as { public?: boolean; access?: unknown; body?: BodyDeclaration };
  const hide = STAND_IN_PREFIXES.some((p) => url.startsWith(p));
  const needsToken = config.public !== true && (config.access !== undefined || url.startsWith('/api/'));
  return {
    url,
    schema: {
      ...schema,
      ...(config.body ? describeBody(config.body) : {}),
      ...(hide ? { hide: true } : {}),
      ...(needsToken ? { security: [{ [BEARER_SCHEME]: [] }] } : {}),
    } as FastifySchema,
  };
}

interface Operation {
  requestBody?: { required?: boolean };
  [OPTIONAL_BODY]?: boolean;
}

/** A body that may be left out is not `required` (the generator marks every body it is given as required). */
function finishDocument(document: SwaggerDocumentObject) {
  const openapiObject = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
  const paths = (openapiObject as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths))
    for (const op of Object.values(operations)) {
      if (op[OPTIONAL_BODY] && op.requestBody) op.requestBody.required = false;
      delete op[OPTIONAL_BODY];
    }
  return openapiObject;
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
    transformObject: finishDocument,
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
