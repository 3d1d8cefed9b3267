// react-admin's CRUD verbs for every resource: ra-data-simple-rest over /api, at the path and with the id field
// its descriptor gives (dataProvider/resources.ts).
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import { API_URL, apiUrl, httpClient, sendIdempotent } from './http';
import { getPartialList } from './numberCalls';
import { resourceConfig, type ResourceConfig } from './resources';

// R is the record type react-admin asks for: the server's row is taken to be one.
function withId<R extends RaRecord = RaRecord>(config: ResourceConfig, row: unknown): R {
  if (!row || typeof row !== 'object') return row as R;
  const fields = row as Record<string, unknown>;
  if (config.idField && fields.id === undefined && fields[config.idField] !== undefined) {
    return { ...fields, id: fields[config.idField] } as R;
  }
  return row as R;
}

function withIds<R extends RaRecord = RaRecord>(config: ResourceConfig, rows: unknown): R[] {
  return Array.isArray(rows) ? rows.map((row) => withId<R>(config, row)) : [];
}

function itemUrl(config: ResourceConfig, id: RaRecord['id']): string {
  return apiUrl(`${config.itemPath ?? config.path}/${encodeURIComponent(String(id))}`);
}

/** The private keys list answers `{ total, data }` and pages with skip/take (docs/api.md). */
async function getSkipTakeList(config: ResourceConfig, params: GetListParams): Promise<GetListResult> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const query: Record<string, string | number> = { skip: (page - 1) * perPage, take: perPage };
  if (params.sort?.field) query.sort = JSON.stringify([params.sort.field, params.sort.order]);
  if (params.filter && Object.keys(params.filter).length) query.filter = JSON.stringify(params.filter);
  const { json, headers } = await httpClient<unknown[] | { data?: unknown; total?: unknown } | undefined>(
    apiUrl(config.path, query),
    { signal: params.signal },
  );
  if (Array.isArray(json)) {
    const total = Number(headers.get('content-range')?.split('/').pop());
    return { data: withIds(config, json), total: Number.isFinite(total) ? total : json.length };
  }
  const data = withIds(config, json?.data);
  return { data, total: typeof json?.total === 'number' ? json.total : data.length };
}

export function createCrud(): DataProvider {
  const rest = simpleRestProvider(API_URL, httpClient as Parameters<typeof simpleRestProvider>[1]);

  const crud: DataProvider = {
    async getList(resource, params) {
      const config = resourceConfig(resource);
      if (config.paging === 'skip-take') return getSkipTakeList(config, params);
      if (config.paging === 'partial') return getPartialList(config, params);
      const result = await rest.getList(config.path, params);
      return { ...result, data: withIds(config, result.data) };
    },
    async getOne(resource, params) {
      const config = resourceConfig(resource);
      const { json } = await httpClient(itemUrl(config, params.id), { signal: params.signal });
      return { data: withId(config, json) };
    },
    async getMany(resource, params) {
      const config = resourceConfig(resource);
      const result = await rest.getMany(config.path, params);
      return { data: withIds(config, result.data) };
    },
    async getManyReference(resource, params) {
      const config = resourceConfig(resource);
      const result = await rest.getManyReference(config.path, params);
      return { ...result, data: withIds(config, result.data) };
    },
    async create(resource, params) {
      const config = resourceConfig(resource);
      // a create is one action: one Idempotency-Key, so that a retry or a repeat makes one row
      const json = await sendIdempotent<unknown>(config.createPath ?? config.path, params.data);
      const created = json && typeof json === 'object' ? { ...params.data, ...json } : { ...params.data };
      return { data: withId(config, created) };
    },
    async update(resource, params) {
      const config = resourceConfig(resource);
      const { json } = await httpClient(itemUrl(config, params.id), {
        method: config.updateMethod ?? 'PUT',
        body: JSON.stringify(params.data),
      });
      const updated = json && typeof json === 'object' ? json : { ...params.previousData, ...params.data };
      return { data: withId(config, { id: params.id, ...updated }) };
    },
    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) => crud.update(resource, { id, data: params.data, previousData: { id } })),
      );
      return { data: params.ids };
    },
    async delete(resource, params) {
      const config = resourceConfig(resource);
      const { json } = await httpClient(itemUrl(config, params.id), { method: 'DELETE' });
      // the API answers 204 for deletions: hand react-admin the row it already had.
      const deleted =
        json && typeof json === 'object' ? json : { ...(params.previousData ?? {}), id: params.id };
      return { data: withId(config, deleted) };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => crud.delete(resource, { id })));
      return { data: params.ids };
    },
  };
  return crud;
}
