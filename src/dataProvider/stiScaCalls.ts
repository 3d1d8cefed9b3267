// The calls of the provider's hosted STI-SCA (docs/api.md, The provider's STI-SCA), and react-admin's getList for
// resource `sti-scas`. The list route answers a plain array, newest first, with no paging or sorting of its own
// (a provider holds a handful of STI-SCAs), so the list is read whole, then sorted and paged here; its `meta`
// names the current STI-SCA, which the page needs whatever page or order it shows.
import type { GetListParams, GetListResult } from 'react-admin';
import type { RequestStiScaResult, StiScaDetail, StiScaRow } from '../../contract/wire/delegates';
import { pageRows } from './certificateLists';
import { getJson, postIdempotent, postJson } from './http';
import type { PortalDataProvider } from './types';

export type StiScaCalls = Pick<
  PortalDataProvider,
  'listStiScas' | 'getStiSca' | 'requestStiSca' | 'renewStiSca' | 'revokeStiSca'
>;

const STI_SCA_PATH = 'service_provider/sti_sca';
const itemPath = (id: string) => `${STI_SCA_PATH}/${encodeURIComponent(id)}`;

/** A request's or renewal's answer, with `success` a boolean whatever the server left out. */
const asResult = (json: RequestStiScaResult | undefined): RequestStiScaResult => ({
  ...json,
  success: json?.success === true,
});

export function stiScaCalls(): StiScaCalls {
  return {
    async listStiScas() {
      const json = await getJson<StiScaRow[]>(STI_SCA_PATH);
      return Array.isArray(json) ? json : [];
    },

    getStiSca: (id) => getJson<StiScaDetail>(itemPath(id)),

    async requestStiSca(creds) {
      return asResult(await postIdempotent<RequestStiScaResult>(STI_SCA_PATH, creds));
    },

    async renewStiSca(id, creds) {
      return asResult(await postIdempotent<RequestStiScaResult>(`${itemPath(id)}/renew`, creds));
    },

    async revokeStiSca(id, reason) {
      await postJson<unknown>(`${itemPath(id)}/revoke`, reason ? { reason } : undefined);
    },
  };
}

/** What the STI-SCA list tells beside its page: the id of the current STI-SCA, null when none is. */
export interface StiScaListMeta {
  current_id: string | null;
}

/** The STI-SCA list for react-admin; null for any other resource. */
export function stiScaGetList(
  calls: Pick<StiScaCalls, 'listStiScas'>,
  resource: string,
  params: GetListParams,
): Promise<GetListResult> | null {
  if (resource !== 'sti-scas') return null;
  return calls.listStiScas().then((rows) => {
    const meta: StiScaListMeta = { current_id: rows.find((row) => row.is_current)?.id ?? null };
    return { data: pageRows(rows, params), total: rows.length, meta };
  });
}
