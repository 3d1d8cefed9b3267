// Numbers and their imports over HTTP: parse, authorize, call the service, answer.
import type { FastifyInstance } from 'fastify';
import { LIST_HEADERS, removeNumbersSchema } from '../../../contract/numbers';
import { NumbersRemoved } from '../../../contract/wire/numbers';
import { bodyOf, jsonBody } from '../http/body';
import { removeNumbers } from './removal';
import { CSV_TYPE } from '../http/csv';
import { badRequest } from '../http/errors';
import { access, currentUser, providerActor } from '../http/guard';
import { type ListSpec, MAX_PAGE_ROWS, parseListQuery } from '../http/list';
import { text, uuid } from '../http/listFilters';
import { fileResponse } from '../http/responses';
import { logAdminImport } from '../admin/providers';
import { NUMBERS_LIST } from './listSpec';
import * as service from './service';
import { receiveImportFile } from './upload';
import {
  AssignedNumber,
  ImportAccepted,
  NumberExportQuerystring,
  NumberImport,
  NumberOptions,
  NumberOptionsQuerystring,
} from '../../../contract/wire/numbers';
import { Type } from '../../../contract/wire/kit';
import { ById } from '../../../contract/wire/params';
import { ListQuerystring } from '../../../contract/wire/list';
import { sendJsonPage } from '../http/jsonPage';

const IMPORTS_LIST: ListSpec = {
  sortable: {
    imported_on: 'imported_on',
    filename: 'filename',
    status: 'status',
    count: 'count',
    success_count: 'success_count',
    fail_count: 'fail_count',
    completed_on: 'completed_on',
  },
  filters: {
    status: text('status'),
    // one import of the provider (the number listing names the import it is filtered by)
    id: uuid('id'),
  },
  defaultSort: ['imported_on', 'DESC'],
  tiebreaker: 'id',
};

/** The "number contains" digits of a parsed listing, and whether they are its only filter. */
function containsFilter(filters: Record<string, unknown> = {}): service.NumberListQuery['contains'] {
  const digits = filters.q;
  return typeof digits === 'string' ? { digits, alone: Object.keys(filters).length === 1 } : null;
}

function importRoutes(app: FastifyInstance, deps: service.NumberDeps): void {
  app.post(
    '/api/service_provider/tn/import',
    {
      config: { ...access('imports', 'create'), idempotent: true },
      schema: { response: { 202: ImportAccepted } },
    },
    async (request, reply) => {
      const actor = providerActor(request);
      const file = await receiveImportFile(request, deps.config.dataDir, deps.config.numberImportMaxBytes);
      const id = await service.startImport(deps, actor, file);
      return reply.status(202).send({ id });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/service_provider/:id/tn/import',
    {
      config: {
        ...access('number-imports', 'create'),
        idempotent: true,
        notFound: service.PROVIDER_NOT_FOUND,
      },
      schema: { params: ById, response: { 202: ImportAccepted } },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const actor = await service.actorForProvider(deps, admin.sub, request.params.id);
      const file = await receiveImportFile(request, deps.config.dataDir, deps.config.numberImportMaxBytes);
      // the provider's change log names the admin who imported on its behalf: written with the import, or neither
      const id = await service.startImport(deps, actor, file, (tx, now) =>
        logAdminImport(tx, now, admin, actor.serviceProviderId, file.filename),
      );
      return reply.status(202).send({ id });
    },
  );

  app.get(
    '/api/service_provider/tn/import-history',
    {
      config: access('imports', 'list'),
      schema: { querystring: ListQuerystring, response: { 200: Type.Array(NumberImport) } },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, IMPORTS_LIST, { paramOffset: 1 });
      return sendJsonPage(
        reply,
        'imports',
        await service.listImports(deps, providerActor(request), list),
        list,
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/service_provider/tn/import-history/:id/errors',
    {
      config: { ...access('imports', 'show'), notFound: service.IMPORT_NOT_FOUND },
      schema: { params: ById, response: { 200: fileResponse(CSV_TYPE) } },
    },
    async (request, reply) => {
      const { stream } = await service.errorReport(deps, providerActor(request), request.params.id);
      return reply
        .type(CSV_TYPE)
        .header('Content-Disposition', `attachment; filename="import-${request.params.id}-errors.csv"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}

function numberListRoutes(app: FastifyInstance, deps: service.NumberDeps): void {
  app.get(
    '/api/service_provider/tn/assigned',
    {
      config: access('numbers', 'list'),
      schema: { querystring: ListQuerystring, response: { 200: Type.Array(AssignedNumber) } },
    },
    async (request, reply) => {
      const parsed = parseListQuery(request.query, NUMBERS_LIST, { paramOffset: 1 });
      // Without a range, the first page of the most rows a page may hold: never the whole list.
      const range = parsed.range ?? [0, MAX_PAGE_ROWS - 1];
      const list = {
        ...parsed,
        range,
        limit: range[1] - range[0] + 1,
        offset: range[0],
        contains: containsFilter(parsed.filters),
      };
      const page = await service.listNumbers(deps, providerActor(request), list);
      // An exact total, or `*` when the filtered rows are more than COUNT_CAP; the next-page flag always.
      const count = 'json' in page ? page.count : page.rows.length;
      const end = count ? range[0] + count - 1 : range[0];
      reply
        .header('Content-Range', `numbers ${range[0]}-${end}/${page.total ?? '*'}`)
        .header(LIST_HEADERS.hasNextPage, String(page.hasNext))
        .header('Access-Control-Expose-Headers', `Content-Range, ${LIST_HEADERS.hasNextPage}`);
      // a page the database wrote is sent as it is
      if ('json' in page) return reply.type('application/json; charset=utf-8').send(page.json);
      return reply.send(page.rows);
    },
  );

  app.get<{ Querystring: { filter?: string } }>(
    '/api/service_provider/tn/assigned/export',
    {
      config: access('numbers', 'export'),
      schema: { querystring: NumberExportQuerystring, response: { 200: fileResponse(CSV_TYPE) } },
    },
    async (request, reply) => {
      const list = parseListQuery({ filter: request.query.filter }, NUMBERS_LIST, { paramOffset: 1 });
      const stream = service.exportNumbers(deps, providerActor(request), list);
      return reply
        .type(CSV_TYPE)
        .header('Content-Disposition', 'attachment; filename="numbers.csv"')
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get<{ Querystring: { q?: string; limit?: string } }>(
    '/api/service_provider/tn/assigned/options',
    {
      config: access('numbers', 'list'),
      schema: { querystring: NumberOptionsQuerystring, response: { 200: NumberOptions } },
    },
    async (request) => {
      const { q = '', limit } = request.query;
      if (typeof q !== 'string' || q.length > 100) {
        throw badRequest('q must be a text of at most 100 characters', { q: 'q is too long' });
      }
      let n = service.OPTIONS_DEFAULT;
      if (limit !== undefined) {
        n = Number(limit);
        if (!Number.isInteger(n) || n < 1 || n > service.OPTIONS_MAX) {
          const message = `limit must be a whole number from 1 to ${service.OPTIONS_MAX}`;
          throw badRequest(message, { limit: message });
        }
      }
      return service.numberOptions(deps, providerActor(request), q, n);
    },
  );
}

export async function numberRoutes(app: FastifyInstance, deps: service.NumberDeps): Promise<void> {
  importRoutes(app, deps);
  numberListRoutes(app, deps);
  app.post(
    '/api/service_provider/tn/remove',
    {
      config: { ...access('numbers', 'delete'), ...jsonBody(removeNumbersSchema) },
      schema: { response: { 200: NumbersRemoved } },
    },
    async (request) =>
      removeNumbers(deps, providerActor(request), await bodyOf(request, removeNumbersSchema)),
  );
}
