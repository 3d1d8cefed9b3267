// The admin's calls on one service provider (docs/api.md): its keys,
// certificates and imports, the actions (extension, confirmation mail, revocation, numbers imported on its
// behalf) and the resellers of the assignment dropdown. Activation and the reseller go through update (PATCH).
import type { ExtensionInput } from '../../contract/admin';
import type { RevocationReason } from '../../contract/certificates';
import { apiUrl, getJson, httpClient, postIdempotent, postJson, sendIdempotent } from './http';
import type { PortalDataProvider } from './types';

export type AdminCalls = Pick<
  PortalDataProvider,
  | 'providerRows'
  | 'resellerOptions'
  | 'grantExtension'
  | 'resendProviderConfirmation'
  | 'revokeProviderCertificate'
  | 'importNumbersFor'
>;

const providerPath = (id: string, rest = '') =>
  `admin/service_provider/${encodeURIComponent(id)}${rest ? `/${rest}` : ''}`;

export function adminCalls(): AdminCalls {
  return {
    async providerRows(providerId, part, { page, perPage, sort, filter }) {
      const start = (page - 1) * perPage;
      const query: Record<string, string> = { range: JSON.stringify([start, start + perPage - 1]) };
      if (sort) query.sort = JSON.stringify([sort.field, sort.order]);
      if (filter && Object.keys(filter).length) query.filter = JSON.stringify(filter);
      const { json, headers } = await httpClient<Record<string, unknown>[]>(
        apiUrl(providerPath(providerId, part), query),
      );
      const data = Array.isArray(json) ? json : [];
      const total = Number(headers.get('content-range')?.split('/').pop());
      return { data, total: Number.isFinite(total) ? total : data.length };
    },
    resellerOptions() {
      return getJson('admin/reseller_options');
    },
    grantExtension(providerId, input: ExtensionInput) {
      return postIdempotent(providerPath(providerId, 'extension'), input);
    },
    resendProviderConfirmation(providerId) {
      return postIdempotent(providerPath(providerId, 'resend_confirmation_email'));
    },
    revokeProviderCertificate(providerId, serial, reason?: RevocationReason) {
      return postJson(
        providerPath(providerId, `certificates/${encodeURIComponent(serial)}/revoke`),
        reason ? { reason } : {},
      );
    },
    async importNumbersFor(providerId, file) {
      const form = new FormData();
      form.append('file', file, file.name);
      return sendIdempotent<{ id: string }>(providerPath(providerId, 'tn/import'), form);
    },
  };
}
