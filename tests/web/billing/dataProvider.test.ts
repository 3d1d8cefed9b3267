// The billing calls of the dataProvider: exact paths, verbs and bodies of docs/api.md.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/dataProvider';

const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function lastCall() {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return {
    url: String(url),
    method: init?.method ?? 'GET',
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
    headers: new Headers(init?.headers),
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok.en.value');
});
afterEach(() => vi.unstubAllGlobals());

describe('billing calls', () => {
  it('createSubscriptionCheckout posts the subscription request', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { url: 'https://pay.test/1' } }));
    const answer = await createDataProvider().createSubscriptionCheckout({
      recurring_interval: 'year',
      recurring_interval_count: 1,
      service_provider_uuid: 'sp-1',
    });
    expect(answer).toEqual({ data: { url: 'https://pay.test/1' } });
    expect(lastCall()).toMatchObject({
      url: '/api/payment/subscription',
      method: 'POST',
      body: { recurring_interval: 'year', recurring_interval_count: 1, service_provider_uuid: 'sp-1' },
    });
  });

  it('extendSubscription posts the interval and the count as a number', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { url: 'https://pay.test/2' }));
    expect(await createDataProvider().extendSubscription('month', 3)).toEqual({ url: 'https://pay.test/2' });
    expect(lastCall()).toMatchObject({ url: '/api/payment/subscription/extend', method: 'POST' });
    expect(lastCall().body).toEqual({ recurring_interval: 'month', count: 3 });
  });

  it('getPlan and changePlan', async () => {
    const plan = {
      plan: { interval: 'month', interval_count: 1 },
      status: 'active',
      current_period_end: null,
      auto_charge: true,
    };
    fetchMock.mockResolvedValueOnce(json(200, plan));
    expect(await createDataProvider().getPlan()).toEqual(plan);
    expect(lastCall()).toMatchObject({ url: '/api/payment/subscription', method: 'GET' });

    fetchMock.mockResolvedValueOnce(json(200, { message: 'Auto charge period changed successfully' }));
    expect(await createDataProvider().changePlan('year')).toEqual({
      message: 'Auto charge period changed successfully',
    });
    expect(lastCall()).toMatchObject({
      url: '/api/payment/sp/subscription',
      method: 'PATCH',
      body: { recurring_interval: 'year', recurring_interval_count: 1 },
    });
  });

  it('setAutoCharge posts the flag and the provider', async () => {
    fetchMock.mockResolvedValueOnce(json(200, undefined));
    await createDataProvider().setAutoCharge({ auto_charge: true, service_provider_uuid: 'sp-1' });
    expect(lastCall()).toMatchObject({
      url: '/api/payment/set_auto_charge',
      method: 'POST',
      body: { auto_charge: true, service_provider_uuid: 'sp-1' },
    });
  });

  it('listCards, addCard and updateCard', async () => {
    const cards = [
      {
        id: 'card_1',
        created: 1,
        card: { last4: '4242', exp_month: 1, exp_year: 2030 },
        billing_details: { address: {} },
      },
    ];
    fetchMock.mockResolvedValueOnce(json(200, { data: cards }));
    expect(await createDataProvider().listCards()).toEqual({ data: cards });
    expect(lastCall()).toMatchObject({ url: '/api/payment/payment_card', method: 'GET' });

    const address = { billing_address: '1 Main', state: 'IL', city: 'X', zip_code: '1' };
    fetchMock.mockResolvedValueOnce(json(201, { message: 'Your card has been successfully added' }));
    await createDataProvider().addCard({
      number: '4242424242424242',
      cvc: '123',
      exp_month: 1,
      exp_year: 2030,
      ...address,
    });
    expect(lastCall()).toMatchObject({ url: '/api/payment/payment_card', method: 'POST' });
    expect(lastCall().body.number).toBe('4242424242424242');

    fetchMock.mockResolvedValueOnce(json(200, { message: 'Your card has been successfully updated' }));
    await createDataProvider().updateCard('card 1', { exp_month: 2, exp_year: 2031, ...address });
    expect(lastCall()).toMatchObject({
      url: '/api/payment/payment_card/card%201',
      method: 'PATCH',
      body: { exp_month: 2, exp_year: 2031, ...address },
    });
  });

  it('rejects with the server message', async () => {
    fetchMock.mockResolvedValueOnce(json(422, { message: 'Card declined' }));
    await expect(createDataProvider().addCard({} as never)).rejects.toMatchObject({
      message: 'Card declined',
      status: 422,
    });
  });

  it('getFile fetches an invoice with the bearer token as a Blob', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await createDataProvider().getFile('/api/service_provider/invoices/inv-1/file');
    expect(await blob.text()).toBe('%PDF-1.4');
    expect(lastCall().url).toBe('/api/service_provider/invoices/inv-1/file');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok.en.value');

    fetchMock.mockResolvedValueOnce(json(404, { message: 'Not found' }));
    await expect(createDataProvider().getFile('service_provider/invoices/x/file')).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
    });
    expect(lastCall().url).toBe('/api/service_provider/invoices/x/file');
  });
});
