// The portal's dataProvider: ra-data-simple-rest over /api for the lists, a map resource -> API path,
// and the app-specific calls of PortalDataProvider (API.md).
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import type {
  AvailabilityResponse,
  CertificateRow,
  GenerateCertificateResult,
  PrivateKeyRow,
  ResellerProfile,
  SavedCard,
  ServiceProviderProfile,
  SubscriptionPlan,
} from '../../contract/api';
import { DEFAULT_KEY_FILE_NAME, filenameFromContentDisposition } from '../../contract/certificates';
import { RECURRING_INTERVAL_COUNT } from '../../contract/constants';
import { getToken } from '../authProvider/session';
import { API_URL, apiUrl, createHttpError, httpClient } from './http';
import { resourceConfig, type ResourceConfig } from './resources';
import type { PortalDataProvider, RegisterPayload } from './types';

export {
  API_URL,
  NETWORK_ERROR_EVENT,
  NETWORK_ERROR_MESSAGE,
  createHttpError,
  httpClient,
  isPortalHttpError,
} from './http';
export { RESOURCE_CONFIG, resourcePath } from './resources';
export type { PortalDataProvider, PortalHttpError, RegisterPayload } from './types';

const SIGNATURE_FILE_NAME = 'sign.png';

function withId<T extends Record<string, any>>(config: ResourceConfig, row: T): T & RaRecord {
  if (!row || typeof row !== 'object') return row;
  if (config.idField && row.id === undefined && row[config.idField] !== undefined) {
    return { ...row, id: row[config.idField] };
  }
  return row as T & RaRecord;
}

function withIds(config: ResourceConfig, rows: unknown): any[] {
  return Array.isArray(rows) ? rows.map((row) => withId(config, row)) : [];
}

function itemUrl(config: ResourceConfig, id: RaRecord['id']): string {
  return apiUrl(`${config.itemPath ?? config.path}/${encodeURIComponent(String(id))}`);
}

/** The private keys list answers `{ total, data }` and pages with skip/take (API.md). */
async function getSkipTakeList(config: ResourceConfig, params: GetListParams): Promise<GetListResult> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const query: Record<string, string | number> = { skip: (page - 1) * perPage, take: perPage };
  if (params.sort?.field) query.sort = JSON.stringify([params.sort.field, params.sort.order]);
  if (params.filter && Object.keys(params.filter).length) query.filter = JSON.stringify(params.filter);
  const { json, headers } = await httpClient(apiUrl(config.path, query), { signal: params.signal });
  if (Array.isArray(json)) {
    const total = Number(headers.get('content-range')?.split('/').pop());
    return { data: withIds(config, json), total: Number.isFinite(total) ? total : json.length };
  }
  const data = withIds(config, json?.data);
  return { data, total: typeof json?.total === 'number' ? json.total : data.length };
}

export function createDataProvider(): PortalDataProvider {
  const rest = simpleRestProvider(API_URL, httpClient as Parameters<typeof simpleRestProvider>[1]);

  const crud: DataProvider = {
    async getList(resource, params) {
      const config = resourceConfig(resource);
      if (config.paging === 'skip-take') return getSkipTakeList(config, params);
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
      const { json } = await httpClient(apiUrl(config.createPath ?? config.path), {
        method: 'POST',
        body: JSON.stringify(params.data),
      });
      const created = json && typeof json === 'object' ? { ...params.data, ...json } : { ...params.data };
      return { data: withId(config, created) } as any;
    },
    async update(resource, params) {
      const config = resourceConfig(resource);
      const { json } = await httpClient(itemUrl(config, params.id), {
        method: config.updateMethod ?? 'PUT',
        body: JSON.stringify(params.data),
      });
      const updated = json && typeof json === 'object' ? json : { ...params.previousData, ...params.data };
      return { data: withId(config, { id: params.id, ...updated }) } as any;
    },
    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) => crud.update(resource, { id, data: params.data, previousData: {} as any })),
      );
      return { data: params.ids };
    },
    async delete(resource, params) {
      const config = resourceConfig(resource);
      const { json } = await httpClient(itemUrl(config, params.id), { method: 'DELETE' });
      // API.md answers 204 for deletions: hand react-admin the row it already had.
      const deleted =
        json && typeof json === 'object' ? json : { ...(params.previousData ?? {}), id: params.id };
      return { data: withId(config, deleted) } as any;
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => crud.delete(resource, { id })));
      return { data: params.ids };
    },
  };

  const post = async <T>(path: string, body?: unknown): Promise<T> => {
    const { json } = await httpClient<T>(apiUrl(path), {
      method: 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return json;
  };

  const get = async <T>(path: string, query?: Record<string, string | undefined>): Promise<T> => {
    const { json } = await httpClient<T>(apiUrl(path, query));
    return json;
  };

  type MessageAnswer = { message?: string } | undefined;
  const messageOf = (json: MessageAnswer) => ({ message: json?.message ?? '' });

  return {
    ...crud,

    checkAvailability({ email, ocn }) {
      return get<AvailabilityResponse>('service_provider/check_availability', {
        email: email.trim(),
        ocn: ocn.trim().toUpperCase(),
      });
    },

    async register({ fields, signature }: RegisterPayload) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined && value !== null) form.append(name, value);
      }
      const file =
        typeof File !== 'undefined'
          ? new File([signature], SIGNATURE_FILE_NAME, { type: signature.type || 'image/png' })
          : signature;
      form.append('sign_file', file, SIGNATURE_FILE_NAME);
      const { json } = await httpClient<{ service_provider_uuid: string }>(apiUrl('auth/register'), {
        method: 'POST',
        body: form,
      });
      return json;
    },

    async resendConfirmationEmail(email) {
      return messageOf(await post<MessageAnswer>('service_provider/resend_confirmation_email', { email }));
    },

    async confirmEmail(token) {
      return messageOf(await post<MessageAnswer>(`service_provider/confirm/${encodeURIComponent(token)}`));
    },

    async forgotPassword(email) {
      return messageOf(await post<MessageAnswer>('auth/forgot_password', { email }));
    },

    async setNewPassword(params) {
      return messageOf(await post<MessageAnswer>('auth/forgot_password/confirm', params));
    },

    validateResellerCode(code) {
      return post<{ isValid: boolean }>(`auth/reseller_token/${encodeURIComponent(code)}`);
    },

    getProfile() {
      return get<ServiceProviderProfile>('service_provider');
    },

    getResellerProfile() {
      return get<ResellerProfile>('reseller');
    },

    getPastDuePaymentUrl(serviceProviderUuid) {
      return get<{ url: string }>('payment/old_subscription_invoice', {
        service_provider_uuid: serviceProviderUuid,
      });
    },

    createSubscriptionCheckout(params) {
      return post<{ data: { url: string } }>('payment/subscription', params);
    },

    extendSubscription(recurring_interval) {
      return post<{ url: string }>('payment/subscription/extend', { recurring_interval });
    },

    getPlan() {
      return get<SubscriptionPlan>('payment/subscription');
    },

    async changePlan(recurring_interval) {
      const { json } = await httpClient<MessageAnswer>(apiUrl('payment/sp/subscription'), {
        method: 'PATCH',
        body: JSON.stringify({ recurring_interval, recurring_interval_count: RECURRING_INTERVAL_COUNT }),
      });
      return messageOf(json);
    },

    async setAutoCharge(params) {
      return messageOf(await post<MessageAnswer>('payment/set_auto_charge', params));
    },

    async listCards() {
      const json = await get<{ data?: SavedCard[] }>('payment/payment_card');
      return { data: Array.isArray(json?.data) ? json.data : [] };
    },

    async addCard(payload) {
      // sandbox: the card fields; Stripe: { payment_method_id, address } only (the card stays with Stripe)
      return messageOf(await post<MessageAnswer>('payment/payment_card', payload));
    },

    async updateCard(id, payload) {
      const { json } = await httpClient<MessageAnswer>(
        apiUrl(`payment/payment_card/${encodeURIComponent(id)}`),
        {
          method: 'PATCH',
          body: JSON.stringify(payload),
        },
      );
      return messageOf(json);
    },

    async getFile(path) {
      // httpClient reads bodies as text; a file needs the raw bytes, with the same token and error shapes.
      // invoice_path may be an absolute URL, an /api/... path or a path under /api
      const url = /^https?:\/\//.test(path) || path.startsWith('/api/') ? path : apiUrl(path);
      const token = getToken();
      let response: Response;
      try {
        response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      } catch {
        throw createHttpError(0, { message: 'Network Error' });
      }
      if (!response.ok) {
        let body: unknown;
        try {
          body = await response.json();
        } catch {
          body = undefined;
        }
        throw createHttpError(response.status, body);
      }
      return response.blob();
    },

    // ---- private keys and certificates (API.md) ----

    async listPrivateKeys({ skip, take }) {
      const { json } = await httpClient<{ total?: number; data?: PrivateKeyRow[] } | PrivateKeyRow[]>(
        apiUrl('service_provider/sti_priv_key', { skip, take }),
      );
      if (Array.isArray(json)) return { total: json.length, data: json };
      const data = Array.isArray(json?.data) ? json.data : [];
      return { total: typeof json?.total === 'number' ? json.total : data.length, data };
    },

    async createPrivateKey() {
      return post<PrivateKeyRow | undefined>('service_provider/generate_sti_priv_key');
    },

    async importPrivateKey(pem) {
      return post<PrivateKeyRow | undefined>('service_provider/sti_priv_key/import', { pem });
    },

    async deletePrivateKey(uuid) {
      await httpClient(apiUrl(`service_provider/sti_priv_key/${encodeURIComponent(uuid)}`), {
        method: 'DELETE',
      });
    },

    async downloadPrivateKey(uuid) {
      // the raw bytes and the content-disposition header, with the token and the portal's error shapes
      const token = getToken();
      let response: Response;
      try {
        response = await fetch(apiUrl(`service_provider/sti_priv_key/file/${encodeURIComponent(uuid)}`), {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
      } catch {
        throw createHttpError(0, { message: 'Network Error' });
      }
      if (!response.ok) {
        let body: unknown;
        try {
          body = await response.json();
        } catch {
          body = undefined;
        }
        throw createHttpError(response.status, body);
      }
      const filename = filenameFromContentDisposition(
        response.headers.get('content-disposition'),
        DEFAULT_KEY_FILE_NAME,
      );
      return { blob: await response.blob(), filename };
    },

    async lastCertificates(keyUuid) {
      const json = await get<CertificateRow[] | { data?: CertificateRow[] }>(
        `service_provider/sti_spc_cert/last/${encodeURIComponent(keyUuid)}`,
      );
      if (Array.isArray(json)) return json;
      return Array.isArray(json?.data) ? json.data : [];
    },

    async generateCertificate(payload) {
      const json = await post<GenerateCertificateResult>('service_provider/generate_sti_spc_cert', payload);
      return { ...json, success: json?.success === true };
    },

    renewCertificate(serialNumber, creds) {
      return post<unknown>(
        `service_provider/replace_sti_spc_cert/${encodeURIComponent(serialNumber)}`,
        creds,
      );
    },

    revokeCertificate(serialNumber, reason) {
      return post<unknown>(
        `service_provider/revoke_sti_spc_cert/${encodeURIComponent(serialNumber)}`,
        reason ? { reason } : undefined,
      );
    },

    async decryptCertificate(url) {
      // API.md answers { text }; a plain-text answer is the text itself
      const { json, body } = await httpClient<{ text?: string } | string>(apiUrl('public/decrypt_cert'), {
        method: 'POST',
        body: JSON.stringify({ url }),
      });
      if (json && typeof json === 'object' && typeof json.text === 'string') return { text: json.text };
      if (typeof json === 'string') return { text: json };
      return { text: body ?? '' };
    },
  };
}

export const dataProvider: PortalDataProvider = createDataProvider();

export default dataProvider;
