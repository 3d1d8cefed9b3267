// The calls of private keys and certificates (docs/api.md).
import type { CertificateRow, GenerateCertificateResult, PrivateKeyRow } from '../../contract/api';
import {
  DEFAULT_KEY_FILE_NAME,
  filenameFromContentDisposition,
  splitPemCertificates,
} from '../../contract/certificates';
import {
  apiUrl,
  createHttpError,
  fetchFile,
  getJson,
  httpClient,
  messageOf,
  postIdempotent,
  postJson,
  type MessageAnswer,
} from './http';
import type { PortalDataProvider } from './types';

export type CertificateCalls = Pick<
  PortalDataProvider,
  | 'listPrivateKeys'
  | 'createPrivateKey'
  | 'importPrivateKey'
  | 'deletePrivateKey'
  | 'downloadPrivateKey'
  | 'lastCertificates'
  | 'generateCertificate'
  | 'renewCertificate'
  | 'revokeCertificate'
  | 'enableAutoRenewal'
  | 'disableAutoRenewal'
  | 'decryptCertificate'
  | 'getCertificateChain'
>;

/** Message key of a CR answer holding no certificate. */
export const NO_CERTIFICATE_AT_CR = 'portal.certificates.pem_missing';

/**
 * The chain at a CR URL, read from this portal's own origin: the repository is public and served by the same
 * server, so the path is fetched without the bearer token (and a CR URL on another host never sees it).
 */
async function getCertificateChain(crUrl: string): Promise<string[]> {
  const path = new URL(crUrl, window.location.origin).pathname;
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/pem-certificate-chain' } });
  } catch {
    throw createHttpError(0, { message: 'Network Error' });
  }
  const text = await response.text();
  if (!response.ok) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw createHttpError(response.status, body);
  }
  const certificates = splitPemCertificates(text);
  if (!certificates.length) throw new Error(NO_CERTIFICATE_AT_CR);
  return certificates;
}

const autoRenewalUrl = (serialNumber: string) =>
  apiUrl(`service_provider/sti_spc_cert/${encodeURIComponent(serialNumber)}/auto_renewal`);

const listPrivateKeys: PortalDataProvider['listPrivateKeys'] = async ({ skip, take, sort }) => {
  const order = sort ? JSON.stringify([sort.field, sort.order]) : undefined;
  const { json } = await httpClient<{ total?: number; data?: PrivateKeyRow[] } | PrivateKeyRow[]>(
    apiUrl('service_provider/sti_priv_key', { skip, take, sort: order }),
  );
  if (Array.isArray(json)) return { total: json.length, data: json };
  const data = Array.isArray(json?.data) ? json.data : [];
  return { total: typeof json?.total === 'number' ? json.total : data.length, data };
};

export function certificateCalls(): CertificateCalls {
  return {
    listPrivateKeys,

    async createPrivateKey() {
      return postIdempotent<PrivateKeyRow | undefined>('service_provider/generate_sti_priv_key');
    },

    async importPrivateKey(pem) {
      return postIdempotent<PrivateKeyRow | undefined>('service_provider/sti_priv_key/import', { pem });
    },

    async deletePrivateKey(uuid) {
      await httpClient(apiUrl(`service_provider/sti_priv_key/${encodeURIComponent(uuid)}`), {
        method: 'DELETE',
      });
    },

    async downloadPrivateKey(uuid) {
      // the bytes, and the file name the server gives in content-disposition
      const response = await fetchFile(
        apiUrl(`service_provider/sti_priv_key/file/${encodeURIComponent(uuid)}`),
      );
      const filename = filenameFromContentDisposition(
        response.headers.get('content-disposition'),
        DEFAULT_KEY_FILE_NAME,
      );
      return { blob: await response.blob(), filename };
    },

    async lastCertificates(keyUuid) {
      const json = await getJson<CertificateRow[] | { data?: CertificateRow[] }>(
        `service_provider/sti_spc_cert/last/${encodeURIComponent(keyUuid)}`,
      );
      if (Array.isArray(json)) return json;
      return Array.isArray(json?.data) ? json.data : [];
    },

    async generateCertificate(payload) {
      const json = await postIdempotent<GenerateCertificateResult>(
        'service_provider/generate_sti_spc_cert',
        payload,
      );
      return { ...json, success: json?.success === true };
    },

    renewCertificate(serialNumber, creds) {
      return postIdempotent<unknown>(
        `service_provider/replace_sti_spc_cert/${encodeURIComponent(serialNumber)}`,
        creds,
      );
    },

    revokeCertificate(serialNumber, reason) {
      return postJson<unknown>(
        `service_provider/revoke_sti_spc_cert/${encodeURIComponent(serialNumber)}`,
        reason ? { reason } : undefined,
      );
    },

    async enableAutoRenewal(serialNumber, creds) {
      const { json } = await httpClient<MessageAnswer>(autoRenewalUrl(serialNumber), {
        method: 'PUT',
        body: JSON.stringify(creds),
      });
      return messageOf(json);
    },

    async disableAutoRenewal(serialNumber) {
      const { json } = await httpClient<MessageAnswer>(autoRenewalUrl(serialNumber), { method: 'DELETE' });
      return messageOf(json);
    },

    async decryptCertificate(url) {
      // the API answers { text }; a plain-text answer is the text itself
      const { json, body } = await httpClient<{ text?: string } | string>(apiUrl('public/decrypt_cert'), {
        method: 'POST',
        body: JSON.stringify({ url }),
      });
      if (json && typeof json === 'object' && typeof json.text === 'string') return { text: json.text };
      if (typeof json === 'string') return { text: json };
      return { text: body ?? '' };
    },

    getCertificateChain,
  };
}
