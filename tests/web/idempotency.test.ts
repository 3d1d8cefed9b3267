// The web app sends one Idempotency-Key per user action on the POSTs that create or charge, and the same key again
// when it retries that action after a network error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_EVENT, createDataProvider } from '../../src/dataProvider';

const fetchMock = vi.fn<typeof fetch>();
// eslint-disable-next-line no-restricted-syntax -- a random key: version 4, stricter than any id
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const keysSent = () =>
  fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Idempotency-Key', () => {
  it('keeps the key of an action across its retries after network errors, and announces only the last failure', async () => {
    const announced: unknown[] = [];
    const listener = (e: Event) => announced.push((e as CustomEvent).detail);
    window.addEventListener(NETWORK_ERROR_EVENT, listener);
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { success: true, certificate: { id: 'c1' } }));
    try {
      const answer = await createDataProvider().generateCertificate({
        sti_pa_username: 'demo',
        sti_pa_password: 'demo-pass',
        private_key_uuid: 'k1',
      });
      expect(answer.success).toBe(true);
    } finally {
      window.removeEventListener(NETWORK_ERROR_EVENT, listener);
    }
    const keys = keysSent();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(announced).toEqual([]);
  });

  it('gives each action its own key', async () => {
    fetchMock.mockImplementation(async () => json(201, { priv_key_uuid: 'k', created_on: 'now' }));
    const dp = createDataProvider();
    await dp.createPrivateKey();
    await dp.createPrivateKey();
    const [a, b] = keysSent();
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(b).not.toBe(a);
  });

  it('is sent by every call that creates or charges', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: { url: 'u' }, url: 'u', message: 'ok' }));
    const dp = createDataProvider();
    await dp.createSubscriptionCheckout({
      recurring_interval: 'year',
      recurring_interval_count: 1,
      service_provider_uuid: 'sp',
    });
    await dp.extendSubscription('month', 1);
    await dp.addCard({
      number: '4242424242424242',
      cvc: '123',
      exp_month: 12,
      exp_year: 2040,
      billing_address: '1 Way',
      state: 'NY',
      city: 'New York',
      zip_code: '10001',
    });
    await dp.importPrivateKey('pem');
    await dp.renewCertificate('ab', { sti_pa_username: 'u', sti_pa_password: 'p' });
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual([
      '/api/payment/subscription',
      '/api/payment/subscription/extend',
      '/api/payment/payment_card',
      '/api/service_provider/sti_priv_key/import',
      '/api/service_provider/replace_sti_spc_cert/ab',
    ]);
    for (const key of keysSent()) expect(key).toMatch(UUID);
  });

  it('is sent by every call that sends a mail, grants days or creates a row, the upload of a file too', async () => {
    fetchMock.mockImplementation(async () => json(200, { id: 'i1', message: 'ok' }));
    const dp = createDataProvider();
    await dp.create('reseller-invites', { data: { email: 'a@b.test' } });
    await dp.create('resellers', { data: { name: 'R', email: 'r@b.test', company_name: 'C' } });
    await dp.resendResellerInvitation('r1');
    await dp.grantExtension('sp1', { days: 30, reason: 'Goodwill' });
    await dp.resendProviderConfirmation('sp1');
    await dp.importNumbersFor('sp1', new File(['tn\n2015550100\n'], 'n.csv', { type: 'text/csv' }));
    await dp.resendConfirmationEmail('a@b.test');
    await dp.forgotPassword('a@b.test');
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual([
      '/api/reseller/service_provider/invite',
      '/api/admin/reseller/create',
      '/api/admin/reseller/r1/invite',
      '/api/admin/service_provider/sp1/extension',
      '/api/admin/service_provider/sp1/resend_confirmation_email',
      '/api/admin/service_provider/sp1/tn/import',
      '/api/service_provider/resend_confirmation_email',
      '/api/auth/forgot_password',
    ]);
    const keys = keysSent();
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(keys.length);
    // the file goes as multipart, not as JSON
    const upload = fetchMock.mock.calls[5][1];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(new Headers(upload?.headers).get('Content-Type')).toBeNull();
  });

  it('gives up after its attempts with the network error, announced once', async () => {
    const announced: unknown[] = [];
    const listener = (e: Event) => announced.push((e as CustomEvent).detail);
    window.addEventListener(NETWORK_ERROR_EVENT, listener);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    try {
      await expect(createDataProvider().createPrivateKey()).rejects.toMatchObject({ status: 0 });
    } finally {
      window.removeEventListener(NETWORK_ERROR_EVENT, listener);
    }
    expect(new Set(keysSent()).size).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(announced).toHaveLength(1);
  });
});
