// react-admin's getList for the provider's private keys and certificates (docs/web.md, Keys and certificates
// lists), over the same routes as before: the keys paged and sorted by the server (skip/take and sort), the
// certificates of one key (filter priv_key_uuid) read whole from .../sti_spc_cert/last/{key}, then sorted and paged
// here, as that route answers the few last certificates of a key and pages nothing.
import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import type { CertificateRow } from '../../contract/api';
import type { PortalDataProvider } from './types';

/** The resources whose lists are read through the key and certificate calls. */
export const CERTIFICATE_LIST_RESOURCES = ['private-keys', 'certificates'] as const;

type ListCalls = Pick<PortalDataProvider, 'listPrivateKeys' | 'lastCertificates'>;

const DEFAULT_PAGE = { page: 1, perPage: 10 };

/** A certificate's id: the server's, else its serial, else its creation time (a row being issued has no serial). */
const certificateId = (row: CertificateRow): string | number => row.id ?? row.serial_number ?? row.created_on;

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  // rows without the value go last whatever the order
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return String(a) < String(b) ? -1 : 1;
}

/** Sorts (stable: ties keep the server's order) and pages rows read whole. */
export function pageRows<R extends Record<string, unknown>>(rows: readonly R[], params: GetListParams): R[] {
  const { page, perPage } = params.pagination ?? DEFAULT_PAGE;
  const field = params.sort?.field;
  const sorted = field
    ? [...rows].sort((a, b) => {
        const order = compareValues(a[field], b[field]);
        const missing = a[field] == null || b[field] == null;
        return params.sort?.order === 'DESC' && !missing ? -order : order;
      })
    : [...rows];
  return sorted.slice((page - 1) * perPage, page * perPage);
}

async function privateKeyList(calls: ListCalls, params: GetListParams): Promise<GetListResult> {
  const { page, perPage } = params.pagination ?? DEFAULT_PAGE;
  const { total, data } = await calls.listPrivateKeys({
    skip: (page - 1) * perPage,
    take: perPage,
    sort: params.sort?.field ? params.sort : undefined,
  });
  return { total, data: data.map((row) => ({ ...row, id: row.priv_key_uuid })) };
}

async function certificateList(calls: ListCalls, params: GetListParams): Promise<GetListResult> {
  const keyUuid = params.filter?.priv_key_uuid;
  // no key chosen (or none at all): no certificate, and no call
  if (typeof keyUuid !== 'string' || !keyUuid) return { data: [], total: 0 };
  const rows = await calls.lastCertificates(keyUuid);
  const records = rows.map((row) => ({ ...row, id: certificateId(row) }) as CertificateRow & RaRecord);
  return { data: pageRows(records as never[], params), total: records.length };
}

/** The list of one of CERTIFICATE_LIST_RESOURCES; null for any other resource. */
export function certificateGetList(
  calls: ListCalls,
  resource: string,
  params: GetListParams,
): Promise<GetListResult> | null {
  if (resource === 'private-keys') return privateKeyList(calls, params);
  if (resource === 'certificates') return certificateList(calls, params);
  return null;
}
