import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_ERROR_EVENT,
  createDataProvider,
  resourcePath,
  type PortalHttpError,
} from '../../src/dataProvider';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://portal.test').searchParams);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('authorization header', () => {
  it('adds the bearer token when one exists', async () => {
    localStorage.setItem('token', 'tok.en.value');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { service_provider_uuid: 'sp-1' }));
    await createDataProvider().getProfile();
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok.en.value');
    expect(lastCall().url).toBe('/api/service_provider');
  });

  it('sends none without a token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { isOcnExists: false, isEmailExists: false }));
    await createDataProvider().checkAvailability({ email: 'a@b.co', ocn: '123a' });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });
});

describe('resource paths', () => {
  it.each([
    ['payments', 'service_provider/payments'],
    ['invoices', 'service_provider/invoices'],
    ['imports', 'service_provider/tn/import-history'],
    ['numbers', 'service_provider/tn/assigned'],
    ['private-keys', 'service_provider/sti_priv_key'],
    ['resellers', 'admin/reseller/list'],
    ['service-providers', 'admin/service_provider'],
    ['admin-payments', 'admin/payment'],
    ['reseller-companies', 'reseller/service_provider'],
    ['reseller-payments', 'reseller/users/payment'],
  ])('%s -> /api/%s', async (resource, path) => {
    expect(resourcePath(resource)).toBe(path);
    const rows = [{ id: 'r1' }];
    fetchMock.mockResolvedValueOnce(
      resource === 'private-keys'
        ? jsonResponse(200, { total: 1, data: [{ priv_key_uuid: 'r1', created_on: '2026-01-01' }] })
        : jsonResponse(200, rows, { 'Content-Range': `${resource} 0-0/1` }),
    );
    const result = await createDataProvider().getList(resource, {
      pagination: { page: 1, perPage: 7 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: {},
    });
    expect(lastCall().url.split('?')[0]).toBe(`/api/${path}`);
    expect(result.total).toBe(1);
    expect(result.data[0].id).toBe('r1');
  });
});

describe('lists (ra-data-simple-rest protocol)', () => {
  it('sends sort, range and filter and reads the total from Content-Range', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, [{ id: 'p8', amount: 100 }], { 'Content-Range': 'payments 7-13/1234' }),
    );
    const result = await createDataProvider().getList('payments', {
      pagination: { page: 2, perPage: 7 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: { q: 'x' },
    });
    const { url, headers } = lastCall();
    expect(queryOf(url)).toEqual({
      sort: '["created_on","DESC"]',
      range: '[7,13]',
      filter: '{"q":"x"}',
    });
    expect(headers.get('Range')).toBe('service_provider/payments=7-13');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(result).toEqual({ data: [{ id: 'p8', amount: 100 }], total: 1234 });
  });

  it('gives numbers an id from tn_uuid', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, [{ tn_uuid: 'n1', tn: '2025550123' }], { 'Content-Range': 'numbers 0-0/1' }),
    );
    const result = await createDataProvider().getList('numbers', {
      pagination: { page: 1, perPage: 7 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: { voip_user: 'Alice' },
    });
    expect(result.data).toEqual([{ id: 'n1', tn_uuid: 'n1', tn: '2025550123' }]);
    expect(queryOf(lastCall().url).filter).toBe('{"voip_user":"Alice"}');
  });

  it('pages private keys with skip and take', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { total: 23, data: [{ priv_key_uuid: 'k11', created_on: '2026-01-01T00:00:00Z' }] }),
    );
    const result = await createDataProvider().getList('private-keys', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: {},
    });
    expect(queryOf(lastCall().url)).toMatchObject({ skip: '10', take: '10' });
    expect(result).toEqual({
      total: 23,
      data: [{ id: 'k11', priv_key_uuid: 'k11', created_on: '2026-01-01T00:00:00Z' }],
    });
  });

  it('deletes a private key by its uuid and hands back the row on 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const result = await createDataProvider().delete('private-keys', {
      id: 'k1',
      previousData: { id: 'k1', priv_key_uuid: 'k1' },
    });
    expect(lastCall().url).toBe('/api/service_provider/sti_priv_key/k1');
    expect(lastCall().init.method).toBe('DELETE');
    expect(result.data).toEqual({ id: 'k1', priv_key_uuid: 'k1' });
  });

  it('reads and creates resellers on their own paths', async () => {
    const dp = createDataProvider();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 'r1', name: 'Bob' }));
    await dp.getOne('resellers', { id: 'r1' });
    expect(lastCall().url).toBe('/api/admin/reseller/r1');
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'r2' }));
    const created = await dp.create('resellers', {
      data: { name: 'Eve', email: 'e@x.co', company_name: 'E' },
    });
    expect(lastCall().url).toBe('/api/admin/reseller/create');
    expect(created.data).toMatchObject({ id: 'r2', name: 'Eve' });
  });

  it('patches a service provider', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 's1', is_active: false }));
    await createDataProvider().update('service-providers', {
      id: 's1',
      data: { is_active: false },
      previousData: { id: 's1' },
    });
    expect(lastCall().url).toBe('/api/admin/service_provider/s1');
    expect(lastCall().init.method).toBe('PATCH');
  });
});

describe('app-specific calls', () => {
  it('checks availability with the OCN upper-cased', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { isOcnExists: true, isEmailExists: false }));
    const result = await createDataProvider().checkAvailability({ email: 'ada@example.com', ocn: '123a' });
    expect(lastCall().url.split('?')[0]).toBe('/api/service_provider/check_availability');
    expect(queryOf(lastCall().url)).toEqual({ email: 'ada@example.com', ocn: '123A' });
    expect(lastCall().init.method ?? 'GET').toBe('GET');
    expect(result).toEqual({ isOcnExists: true, isEmailExists: false });
  });

  it('registers with a multipart form and the signature as sign.png', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { service_provider_uuid: 'sp-1' }));
    const signature = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const result = await createDataProvider().register({
      fields: { ocn: '123A', email: 'ada@example.com', password: 'secret1', reseller_url_token: 'PROMO' },
      signature,
    });
    expect(result).toEqual({ service_provider_uuid: 'sp-1' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/auth/register');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    // the browser writes the multipart boundary itself
    expect(headers.has('Content-Type')).toBe(false);
    const form = init.body as FormData;
    expect(form.get('ocn')).toBe('123A');
    expect(form.get('reseller_url_token')).toBe('PROMO');
    const file = form.get('sign_file') as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('sign.png');
    expect(file.type).toBe('image/png');
    expect(file.size).toBe(4);
  });

  it.each([
    [
      'resendConfirmationEmail',
      ['ada@example.com'],
      '/api/service_provider/resend_confirmation_email',
      { email: 'ada@example.com' },
    ],
    ['confirmEmail', ['tok/123'], '/api/service_provider/confirm/tok%2F123', undefined],
    ['forgotPassword', ['ada@example.com'], '/api/auth/forgot_password', { email: 'ada@example.com' }],
    [
      'setNewPassword',
      [{ token: 't', password: 'secret1', password_extra: 'secret1' }],
      '/api/auth/forgot_password/confirm',
      { token: 't', password: 'secret1', password_extra: 'secret1' },
    ],
    ['validateResellerCode', ['PROMO 1'], '/api/auth/reseller_token/PROMO%201', undefined],
  ] as const)('%s posts to %s', async (method, args, path, body) => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        200,
        method === 'validateResellerCode' ? { isValid: true } : { message: 'Check your Email!' },
      ),
    );
    const dp = createDataProvider();
    const call = dp[method] as (...params: readonly unknown[]) => Promise<unknown>;
    const result = await call.call(dp, ...args);
    const { url, init } = lastCall();
    expect(url).toBe(path);
    expect(init.method).toBe('POST');
    if (body === undefined) expect(init.body).toBeUndefined();
    else expect(JSON.parse(String(init.body))).toEqual(body);
    expect(result).toEqual(
      method === 'validateResellerCode' ? { isValid: true } : { message: 'Check your Email!' },
    );
  });

  it('answers an empty message for a body-less success', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    await expect(createDataProvider().confirmEmail('t')).resolves.toEqual({ message: '' });
  });

  it('asks for the past-due payment page of a provider', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { url: 'https://pay.example/1' }));
    await expect(createDataProvider().getPastDuePaymentUrl('sp 1')).resolves.toEqual({
      url: 'https://pay.example/1',
    });
    expect(lastCall().url).toBe('/api/payment/old_subscription_invoice?service_provider_uuid=sp+1');
  });
});

describe('errors', () => {
  it("rejects with the body's message, the status and the body", async () => {
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'This OCN already exist',
      errors: { ocn: 'This OCN already exist' },
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(409, body));
    const error = (await createDataProvider()
      .register({ fields: {}, signature: new Blob([]) })
      .catch((e: unknown) => e)) as PortalHttpError;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('This OCN already exist');
    expect(error.status).toBe(409);
    expect(error.body).toEqual(body);
  });

  it('falls back to the status code when there is no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(createDataProvider().getProfile()).rejects.toMatchObject({
      message: 'Request failed with status code 502',
      status: 502,
    });
  });

  it('joins a list of messages', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: ['a is wrong', 'b is wrong'] }));
    await expect(createDataProvider().getProfile()).rejects.toMatchObject({
      message: 'a is wrong, b is wrong',
    });
  });

  it("rejects a network failure with 'Network Error' and announces it", async () => {
    const listener = vi.fn();
    window.addEventListener(NETWORK_ERROR_EVENT, listener);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(createDataProvider().getProfile()).rejects.toMatchObject({ message: 'Network Error' });
    window.removeEventListener(NETWORK_ERROR_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0][0] as CustomEvent).detail).toEqual({ message: 'Network Error' });
  });

  it('lets an aborted request reject quietly', async () => {
    const listener = vi.fn();
    window.addEventListener(NETWORK_ERROR_EVENT, listener);
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(createDataProvider().getProfile()).rejects.toMatchObject({ name: 'AbortError' });
    window.removeEventListener(NETWORK_ERROR_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
