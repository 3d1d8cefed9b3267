// The web app sends one Idempotency-Key per user action on the POSTs that create or charge, and the same key again
// when it retries that action after a network error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_EVENT, createDataProvider } from '../../src/dataProvider';

const fetchMock = vi.fn<typeof fetch>();
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
