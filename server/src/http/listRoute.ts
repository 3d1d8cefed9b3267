// A GET list route declared in one call: its path, who may read it, what it may be sorted and filtered by, what it
// answers, and where its rows come from. The route parses the list query against the spec, asks `rows` for the page
// and its total, and answers with Content-Range (or `{ total, data }` when paged by skip/take). Its query string is
// the list protocol's (contract/wire/list.ts) and the ids in its path are checked by its params schema
// (docs/wire.md).
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteGenericInterface } from 'fastify';
import type { TSchema } from '../../../contract/wire/kit';
import { ListQuerystring, SkipTakeQuerystring } from '../../../contract/wire/list';
import type { RouteAccess } from './guard';
import { type JsonPage, sendJsonPage } from './jsonPage';
import { type ListQuery, type ListQueryOptions, type ListSpec, parseListQuery, sendPage } from './list';

export interface ListRoute<G extends RouteGenericInterface> {
  path: string;
  /** The route's config: `access(resource, 'list')` or `accessOneOf(…)` (http/guard.ts). */
  access: { access: RouteAccess | readonly RouteAccess[] };
  spec: ListSpec;
  /** The name in Content-Range (`<resource> 0-24/100`): the web app's resource. */
  resource: string;
  /** The 200 answer's schema, an allow-list: `Type.Array(<row shape>)` of contract/wire/. */
  response: TSchema;
  /** The params schema of a path with ids (contract/wire/params.ts): a malformed id never reaches `rows`. */
  params?: TSchema;
  /** What the route answers (404) for an id of its path it does not find, or that `params` refuses. */
  notFound?: string;
  /** What the route does, for readers of the route table and the API description. */
  description?: string;
  /** Parameters the rows bind before the list's own (`$1` the clock or the owner): parseListQuery's paramOffset. */
  paramOffset?: number;
  skipTake?: ListQueryOptions['skipTake'];
  /**
   * The page the parsed query asks for and the total of the filtered rows, scoped by the request's user: rows the
   * response schema writes out, or a page the database wrote as JSON (http/jsonPage.ts), sent as it is.
   */
  rows: (
    request: FastifyRequest<G>,
    list: ListQuery,
  ) => Promise<{ rows: unknown[]; total: number } | JsonPage>;
}

/** Registers `GET path` as a list of the list protocol (http/list.ts). */
export function listRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  route: ListRoute<G>,
): void {
  const { paramOffset, skipTake } = route;
  const schema = {
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(route.params === undefined ? {} : { params: route.params }),
    querystring: skipTake ? SkipTakeQuerystring : ListQuerystring,
    response: { 200: route.response },
  } as FastifySchema;
  const config = { ...route.access, ...(route.notFound === undefined ? {} : { notFound: route.notFound }) };
  app.get(route.path, { config, schema }, async (request, reply) => {
    const list = parseListQuery(request.query, route.spec, { paramOffset, skipTake });
    // the route's params and query are what its path and the router give: G only names them
    const page = await route.rows(request as FastifyRequest<G>, list);
    if ('json' in page) return sendJsonPage(reply, route.resource, page, list);
    return sendPage(reply, route.resource, page.rows, page.total, list);
  });
}
