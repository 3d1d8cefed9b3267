// The certificate area's screens as App.tsx mounts them (the billing harness: the provider's route table in
// AdminContext on a memory router), with the key and certificate calls of a test dataProvider.
import type { GetListParams } from 'react-admin';
import { vi } from 'vitest';
import type { CertificateRow } from '../../../contract/api';
import { billingDataProvider, type DataProviderOverrides, type TestDataProvider } from '../billing/harness';
import { certificateGetList } from '../../../src/dataProvider/certificateLists';

import CertificateList from '../../../src/resources/certificates/CertificateList';
import PrivateKeyList from '../../../src/resources/private-keys/PrivateKeyList';
import { renderBilling, type BillingRenderOptions } from '../billing/harness';

export { PROFILE, currentLocation, httpError } from '../billing/harness';

/** The two certificate pages at their routes (the app mounts them once the server's key and certificate routes exist). */
export function renderCertificates(path: string, options: Omit<BillingRenderOptions, 'pages'> = {}) {
  return renderBilling(path, {
    ...options,
    pages: {
      '/sti-certificate/certificate': <CertificateList />,
      '/sti-certificate/private-key': <PrivateKeyList />,
    },
  });
}
export type { TestDataProvider } from '../billing/harness';

export const KEY_A = '0f8e2a6c-3b1d-4c9e-9a7b-5d2e1f0a9b8c';
export const KEY_B = '6b1c9d2e-7a3f-4e5d-8c9b-1a2b3c4d5e6f';

export const KEYS = [
  { priv_key_uuid: KEY_A, created_on: '2026-11-20T09:15:30.123Z' },
  { priv_key_uuid: KEY_B, created_on: '2026-10-01T18:00:00.000Z' },
];

/** What the server answers beside a row's dates and serial: neither replaced, revoked nor opted in. */
const STATE = {
  replaced_by: null,
  is_current: false,
  revoked_on: null,
  revocation_reason: null,
  revocation_scheduled_on: null,
  auto_renew: false,
};

/** Three certificates of a key; c2 has no serial, as an older server answered, which the screens tolerate. */
export const CERTIFICATES = [
  {
    id: 'c3',
    created_on: '2026-11-20T10:00:00Z',
    sti_cert_start_date: '2026-11-20T10:00:00Z',
    sti_cert_expire_date: '2099-11-20T10:00:00Z',
    cr_path: 'https://ca.example.test/cr/3A.pem',
    serial_number: '3A',
    status: 'issued',
    ...STATE,
  },
  {
    id: 'c2',
    created_on: '2026-11-19T10:00:00Z',
    sti_cert_start_date: '2026-11-19T10:00:00Z',
    sti_cert_expire_date: '2099-11-19T10:00:00Z',
    cr_path: 'https://ca.example.test/cr/2B.pem',
    serial_number: null,
    status: 'issued',
    ...STATE,
  },
  {
    id: 'c1',
    created_on: '2026-11-18T10:00:00Z',
    sti_cert_start_date: null,
    sti_cert_expire_date: null,
    cr_path: 'not created',
    serial_number: '1C',
    status: 'pending',
    ...STATE,
  },
] as unknown as CertificateRow[];

export const CERT_TEXT = 'Certificate:\n    Data:\n        Serial Number: 3a\n';

/** The chain GET /cr/<serial>.pem answers, as the dataProvider splits it: leaf, then intermediate. */
export const LEAF_PEM = '-----BEGIN CERTIFICATE-----\nTUlJQmxlYWY=\n-----END CERTIFICATE-----';
export const INTERMEDIATE_PEM = '-----BEGIN CERTIFICATE-----\nTUlJQmludGVy\n-----END CERTIFICATE-----';

/**
 * The key and certificate calls with harmless answers; each test overrides what it looks at. The lists' getList
 * goes through those calls as the app's dataProvider does (certificateLists.ts).
 */
export function certificatesDataProvider(overrides: DataProviderOverrides = {}): TestDataProvider {
  const provider: TestDataProvider = billingDataProvider({
    getList: (resource: string, params: GetListParams) =>
      certificateGetList(provider, resource, params) ??
      Promise.reject(new Error(`no list of ${resource} here`)),
    listPrivateKeys: async () => ({ total: KEYS.length, data: KEYS }),
    createPrivateKey: async () => ({ priv_key_uuid: 'new', created_on: new Date().toISOString() }),
    importPrivateKey: async () => ({ priv_key_uuid: 'imported', created_on: new Date().toISOString() }),
    deletePrivateKey: async () => undefined,
    downloadPrivateKey: async () => ({
      blob: new Blob(['-----BEGIN PRIVATE KEY-----']),
      filename: 'stir_private_key.pem',
    }),
    lastCertificates: async () => CERTIFICATES,
    generateCertificate: async () => ({ success: true, certificate: CERTIFICATES[0] }),
    renewCertificate: async () => ({}),
    revokeCertificate: async () => ({}),
    enableAutoRenewal: async () => ({ message: 'Automatic renewal enabled' }),
    disableAutoRenewal: async () => ({ message: 'Automatic renewal disabled' }),
    decryptCertificate: async () => ({ text: CERT_TEXT }),
    getCertificateChain: async () => [LEAF_PEM, INTERMEDIATE_PEM],
    ...overrides,
  });
  return provider;
}

/** Captures what saveFile hands the browser: the object URL's blob and the link's download name. */
export function captureDownloads() {
  const saved: { blob: Blob; filename: string }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href) ?? new Blob(), filename: this.download });
  });
  return saved;
}
