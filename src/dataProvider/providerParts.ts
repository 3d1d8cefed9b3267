// The admin's lists under one provider (its certificates, keys, imports and numbers) as react-admin resources
// read by reference: getManyReference(resource, { target: 'service_provider_uuid', id }) reads
// /api/admin/service_provider/{id}/<part> with the page, sort and filter of the list (docs/web.md).
import type { DataProvider, GetManyReferenceParams, GetManyReferenceResult } from 'react-admin';
import type { PortalDataProvider, ProviderPart } from './types';

/** The resource names the server's list routes give these lists, and the path part of each. */
export const PROVIDER_PART_RESOURCES: Readonly<Record<string, ProviderPart>> = {
  'provider-certificates': 'certificates',
  'provider-keys': 'private_keys',
  'provider-imports': 'tn/import-history',
  'provider-numbers': 'tn/assigned',
};

/** The field that ties each of these rows to its provider. */
export const PROVIDER_TARGET = 'service_provider_uuid';

/** getManyReference for the provider's lists, the CRUD one for every other resource. */
export function withProviderParts(
  getManyReference: DataProvider['getManyReference'],
  providerRows: PortalDataProvider['providerRows'],
): DataProvider['getManyReference'] {
  return async (resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult> => {
    const part = Object.prototype.hasOwnProperty.call(PROVIDER_PART_RESOURCES, resource)
      ? PROVIDER_PART_RESOURCES[resource]
      : undefined;
    if (!part) return getManyReference(resource, params);
    const { data, total } = await providerRows(String(params.id), part, {
      page: params.pagination.page,
      perPage: params.pagination.perPage,
      sort: params.sort,
      filter: params.filter,
    });
    // a number's row may be known by its number alone
    return { data: data.map((row) => ({ ...row, id: row.id ?? row.tn })), total };
  };
}
