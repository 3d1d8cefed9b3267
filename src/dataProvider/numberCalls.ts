// The calls of numbers and their imports (docs/api.md): the upload with its progress, the error report,
// the listing's export and its dropdown options, and the listing itself, whose total may be unknown (`/*`).
import type { GetListParams, GetListResult } from 'react-admin';
import { LIST_HEADERS, type NumberOptions } from '../../contract/numbers';
import type { DelegateUncovered, NumbersRemoved } from '../../contract/wire/numbers';
import { getToken } from '../authProvider/session';
import {
  IDEMPOTENCY_HEADER,
  NETWORK_ERROR_MESSAGE,
  apiUrl,
  createHttpError,
  fetchFile,
  getJson,
  httpClient,
  newIdempotencyKey,
  postJson,
} from './http';
import type { ResourceConfig } from './resources';
import type { PortalDataProvider } from './types';

export type NumberCalls = Pick<
  PortalDataProvider,
  | 'uploadNumbers'
  | 'downloadImportErrors'
  | 'exportNumbers'
  | 'numberOptions'
  | 'removeNumbers'
  | 'uncoveredDelegates'
  | 'adminUncoveredDelegates'
>;

export const IMPORT_PATH = 'service_provider/tn/import';

/**
 * A list whose Content-Range total may be `*` (more rows than the server counts): then react-admin's partial
 * pagination, from the server's X-Has-Next-Page, instead of a total.
 */
export async function getPartialList(config: ResourceConfig, params: GetListParams): Promise<GetListResult> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const start = (page - 1) * perPage;
  const query: Record<string, string> = { range: JSON.stringify([start, start + perPage - 1]) };
  if (params.sort?.field) query.sort = JSON.stringify([params.sort.field, params.sort.order]);
  if (params.filter && Object.keys(params.filter).length) query.filter = JSON.stringify(params.filter);
  const { json, headers } = await httpClient<Record<string, unknown>[]>(apiUrl(config.path, query), {
    signal: params.signal,
  });
  const rows = (Array.isArray(json) ? json : []).map((r) =>
    config.idField && r.id === undefined ? { ...r, id: r[config.idField] } : r,
  ) as GetListResult['data'];
  const total = Number(headers.get('content-range')?.split('/').pop());
  if (Number.isFinite(total)) return { data: rows, total };
  return {
    data: rows,
    pageInfo: { hasNextPage: headers.get(LIST_HEADERS.hasNextPage) === 'true', hasPreviousPage: start > 0 },
  };
}

function filenameOf(response: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return m ? m[1] : fallback;
}

/** POST multipart with XMLHttpRequest: fetch cannot tell how many bytes of the body are sent. */
function upload(file: File, onProgress?: (sent: number, total: number) => void): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(IMPORT_PATH));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // one upload, one import: a repeat of this request with its key gets the first answer
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, newIdempotencyKey());
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 202) resolve(body as { id: string });
      else reject(createHttpError(xhr.status, body));
    };
    xhr.onerror = () => reject(createHttpError(0, { message: NETWORK_ERROR_MESSAGE }));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function numberCalls(): NumberCalls {
  return {
    uploadNumbers: upload,
    async downloadImportErrors(id) {
      const response = await fetchFile(
        apiUrl(`service_provider/tn/import-history/${encodeURIComponent(id)}/errors`),
      );
      return { blob: await response.blob(), filename: filenameOf(response, `import-${id}-errors.csv`) };
    },
    async exportNumbers(filter) {
      const query = filter && Object.keys(filter).length ? { filter: JSON.stringify(filter) } : undefined;
      const response = await fetchFile(apiUrl('service_provider/tn/assigned/export', query));
      return { blob: await response.blob(), filename: filenameOf(response, 'numbers.csv') };
    },
    async numberOptions(q = '') {
      const { json } = await httpClient<NumberOptions>(
        apiUrl('service_provider/tn/assigned/options', q ? { q } : undefined),
      );
      return json;
    },
    removeNumbers: (numbers) => postJson<NumbersRemoved>('service_provider/tn/remove', { numbers }),
    uncoveredDelegates: () => getJson<DelegateUncovered[]>('service_provider/delegates/uncovered'),
    adminUncoveredDelegates: () => getJson('admin/delegates/uncovered'),
  };
}
