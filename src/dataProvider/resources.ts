// Resource name (what react-admin and the role matrix call it) -> API path under /api (API.md),
// and the field that identifies a row where it is not `id`.

export interface ResourceConfig {
  path: string;
  /** The key of a row when the API does not call it `id`; copied into `id` for react-admin. */
  idField?: string;
  /** Where one row lives when it is not `<path>/{id}` (getOne, update, delete). */
  itemPath?: string;
  /** Where a new row is posted when it is not `<path>`. */
  createPath?: string;
  /** The verb of an update; ra-data-simple-rest's default is PUT. */
  updateMethod?: 'PUT' | 'PATCH';
}

export const RESOURCE_CONFIG = {
  payments: { path: 'service_provider/payments' },
  invoices: { path: 'service_provider/invoices' },
  imports: { path: 'service_provider/tn/import-history' },
  numbers: { path: 'service_provider/tn/assigned', idField: 'tn_uuid' },
  'private-keys': { path: 'service_provider/sti_priv_key', idField: 'priv_key_uuid' },
  resellers: { path: 'admin/reseller/list', itemPath: 'admin/reseller', createPath: 'admin/reseller/create' },
  'service-providers': { path: 'admin/service_provider', updateMethod: 'PATCH' },
  'admin-payments': { path: 'admin/payment' },
  'admin-invoices': { path: 'payment/invoices_list' },
  'reseller-companies': { path: 'reseller/service_provider', createPath: 'reseller/service_provider/invite' },
  'reseller-payments': { path: 'reseller/users/payment' },
} as const satisfies Record<string, ResourceConfig>;

export type PortalResource = keyof typeof RESOURCE_CONFIG;

export function resourceConfig(resource: string): ResourceConfig {
  return (RESOURCE_CONFIG as Record<string, ResourceConfig>)[resource] ?? { path: resource };
}

/** The API path of a resource; an unmapped name is used as the path itself. */
export function resourcePath(resource: string): string {
  return resourceConfig(resource).path;
}
