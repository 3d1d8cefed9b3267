// The admin's calls: where each goes, with what body, and how a provider's rows are paged (range, sort, total from
// Content-Range); the lists of the admin resources at their API paths, one provider's by filter.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/dataProvider';

const fetchMock = vi.fn<typeof fetch>();

const answer = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const call = (i = 0) => {
  const [url, init] = fetchMock.mock.calls[i];
  return { url: new URL(String(url), 'http://portal.test'), init: init ?? {} };
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok.en.value');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the admin calls', () => {
  it('pages a provider’s certificates by range and sort and reads the total', async () => {
    fetchMock.mockResolvedValueOnce(
      answer([{ id: 'c1' }], { 'Content-Range': 'provider-certificates 5-5/6' }),
    );
    const result = await createDataProvider().providerRows('sp 1', 'certificates', {
      page: 2,
      perPage: 5,
      sort: { field: 'created_on', order: 'DESC' },
    });
    const { url } = call();
    expect(url.pathname).toBe('/api/admin/service_provider/sp%201/certificates');
    expect(Object.fromEntries(url.searchParams)).toEqual({ range: '[5,9]', sort: '["created_on","DESC"]' });
    expect(result).toEqual({ data: [{ id: 'c1' }], total: 6 });
  });

  it('reads the lists under a provider by reference: page, sort and filter on its route', async () => {
    fetchMock.mockResolvedValueOnce(
      answer([{ id: 'n1', tn: '2015550100' }], { 'Content-Range': 'provider-numbers 25-25/26' }),
    );
    const result = await createDataProvider().getManyReference('provider-numbers', {
      target: 'service_provider_uuid',
      id: 'sp-1',
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'tn', order: 'ASC' },
      filter: {},
    });
    const { url } = call();
    expect(url.pathname).toBe('/api/admin/service_provider/sp-1/tn/assigned');
    expect(Object.fromEntries(url.searchParams)).toEqual({ range: '[25,49]', sort: '["tn","ASC"]' });
    expect(result).toEqual({ data: [{ id: 'n1', tn: '2015550100' }], total: 26 });
  });

  it("reads a company's payments by reference: the reseller's payments filtered by the company", async () => {
    fetchMock.mockResolvedValueOnce(answer([{ id: 'p1' }], { 'Content-Range': 'payments 0-0/1' }));
    await createDataProvider().getManyReference('reseller-payments', {
      target: 'service_provider_uuid',
      id: 'c-1',
      pagination: { page: 1, perPage: 7 },
      sort: { field: 'amount', order: 'ASC' },
      filter: {},
    });
    const { url } = call();
    expect(url.pathname).toBe('/api/reseller/users/payment');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ service_provider_uuid: 'c-1' });
    expect(url.searchParams.get('sort')).toBe('["amount","ASC"]');
    expect(url.searchParams.get('range')).toBe('[0,6]');
  });

  it('posts the extension, the confirmation mail, the revocation and the import to their routes', async () => {
    const dp = createDataProvider();
    fetchMock.mockImplementation(async () => answer({ message: 'ok' }));
    await dp.grantExtension('sp-1', { days: 30, reason: 'Outage' });
    await dp.resendProviderConfirmation('sp-1');
    await dp.revokeProviderCertificate('sp-1', 'aaaa0000bbbb1111', 'key_compromise');
    await dp.importNumbersFor('sp-1', new File(['tn\n2015550100\n'], 'n.csv', { type: 'text/csv' }));
    const calls = fetchMock.mock.calls.map((_, i) => call(i));
    expect(calls.map((c) => [c.init.method, c.url.pathname])).toEqual([
      ['POST', '/api/admin/service_provider/sp-1/extension'],
      ['POST', '/api/admin/service_provider/sp-1/resend_confirmation_email'],
      ['POST', '/api/admin/service_provider/sp-1/certificates/aaaa0000bbbb1111/revoke'],
      ['POST', '/api/admin/service_provider/sp-1/tn/import'],
    ]);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ days: 30, reason: 'Outage' });
    expect(JSON.parse(String(calls[2].init.body))).toEqual({ reason: 'key_compromise' });
    expect(calls[3].init.body).toBeInstanceOf(FormData);
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer tok.en.value');
  });

  it('rejects with the server’s message', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ statusCode: 404, message: 'Service provider not found' }, {}, 404),
    );
    await expect(createDataProvider().grantExtension('x', { days: 1, reason: 'r' })).rejects.toMatchObject({
      status: 404,
      message: 'Service provider not found',
    });
  });

  it('reads the admin lists at their API paths, one provider’s by filter, and patches a provider', async () => {
    const dp = createDataProvider();
    fetchMock.mockImplementation(async () => answer([], { 'Content-Range': 'x 0-0/0' }));
    const params = {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_on', order: 'DESC' as const },
    };
    await dp.getList('service-providers', { ...params, filter: { status: 'active' } });
    await dp.getList('admin-payments', { ...params, filter: { service_provider_uuid: 'sp-1' } });
    await dp.getList('admin-invoices', { ...params, filter: {} });
    await dp.getList('subscription-change-log', { ...params, filter: { service_provider_uuid: 'sp-1' } });
    await dp.getList('audit-log', { ...params, filter: {} });
    expect(fetchMock.mock.calls.map((_, i) => call(i).url.pathname)).toEqual([
      '/api/admin/service_provider',
      '/api/admin/payment',
      '/api/payment/invoices_list',
      '/api/admin/subscription_change_log',
      '/api/admin/audit_log',
    ]);
    expect(call(1).url.searchParams.get('filter')).toBe('{"service_provider_uuid":"sp-1"}');
    fetchMock.mockResolvedValueOnce(answer({ id: 'sp-1', is_active: false }));
    await dp.update('service-providers', {
      id: 'sp-1',
      data: { is_active: false },
      previousData: { id: 'sp-1' },
    });
    const patch = call(5);
    expect([patch.init.method, patch.url.pathname]).toEqual(['PATCH', '/api/admin/service_provider/sp-1']);
  });
});
