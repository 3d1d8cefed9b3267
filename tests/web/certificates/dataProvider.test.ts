// The key and certificate calls of the dataProvider: the paths, verbs and bodies of docs/api.md,
// the download's file name (content-disposition, default stir_private_key.pem) and the error shapes.
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

const KEY = '0f8e2a6c-3b1d-4c9e-9a7b-5d2e1f0a9b8c';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok.en.value');
});
afterEach(() => vi.unstubAllGlobals());

describe('private key calls', () => {
  it('listPrivateKeys sends skip and take and answers { total, data }', async () => {
    const data = [{ priv_key_uuid: KEY, created_on: '2026-11-20T00:00:00Z' }];
    fetchMock.mockResolvedValueOnce(json(200, { total: 11, data }));
    expect(await createDataProvider().listPrivateKeys({ skip: 10, take: 10 })).toEqual({ total: 11, data });
    expect(lastCall()).toMatchObject({
      url: '/api/service_provider/sti_priv_key?skip=10&take=10',
      method: 'GET',
    });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok.en.value');
  });

  it("getList('private-keys') pages with skip/take and sorts on the server, each key's id its uuid", async () => {
    const data = [{ priv_key_uuid: KEY, created_on: '2026-11-20T00:00:00Z' }];
    fetchMock.mockResolvedValueOnce(json(200, { total: 26, data }));
    const result = await createDataProvider().getList('private-keys', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'priv_key_uuid', order: 'ASC' },
      filter: {},
    });
    expect(result).toEqual({ total: 26, data: [{ ...data[0], id: KEY }] });
    const url = new URL(lastCall().url, 'http://portal.test');
    expect(url.pathname).toBe('/api/service_provider/sti_priv_key');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      skip: '50',
      take: '25',
      sort: '["priv_key_uuid","ASC"]',
    });
  });

  it('createPrivateKey posts no body; deletePrivateKey deletes by uuid', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { priv_key_uuid: KEY, created_on: '2026-11-21T00:00:00Z' }));
    expect(await createDataProvider().createPrivateKey()).toEqual({
      priv_key_uuid: KEY,
      created_on: '2026-11-21T00:00:00Z',
    });
    expect(lastCall()).toMatchObject({
      url: '/api/service_provider/generate_sti_priv_key',
      method: 'POST',
      body: undefined,
    });

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await createDataProvider().deletePrivateKey(KEY);
    expect(lastCall()).toMatchObject({ url: `/api/service_provider/sti_priv_key/${KEY}`, method: 'DELETE' });
  });

  it("deletePrivateKey rejects with the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { statusCode: 409, message: 'This key has a valid certificate' }),
    );
    await expect(createDataProvider().deletePrivateKey(KEY)).rejects.toMatchObject({
      status: 409,
      message: 'This key has a valid certificate',
    });
  });

  it('downloadPrivateKey names the file from content-disposition, else stir_private_key.pem', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('-----BEGIN PRIVATE KEY-----\n', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="key_0f8e.pem"' },
      }),
    );
    const named = await createDataProvider().downloadPrivateKey(KEY);
    expect(named.filename).toBe('key_0f8e.pem');
    expect(await named.blob.text()).toBe('-----BEGIN PRIVATE KEY-----\n');
    expect(lastCall()).toMatchObject({
      url: `/api/service_provider/sti_priv_key/file/${KEY}`,
      method: 'GET',
    });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok.en.value');

    fetchMock.mockResolvedValueOnce(new Response('pem', { status: 200 }));
    expect((await createDataProvider().downloadPrivateKey(KEY)).filename).toBe('stir_private_key.pem');

    fetchMock.mockResolvedValueOnce(json(404, { message: 'Not Found' }));
    await expect(createDataProvider().downloadPrivateKey(KEY)).rejects.toMatchObject({
      status: 404,
      message: 'Not Found',
    });
  });
});

describe('certificate calls', () => {
  it('lastCertificates gets the array for a key', async () => {
    const rows = [{ id: 'c1', serial_number: '1A', cr_path: 'not created' }];
    fetchMock.mockResolvedValueOnce(json(200, rows));
    expect(await createDataProvider().lastCertificates(KEY)).toEqual(rows);
    expect(lastCall()).toMatchObject({
      url: `/api/service_provider/sti_spc_cert/last/${KEY}`,
      method: 'GET',
    });
  });

  it("getList('certificates') reads the key's last certificates once, then sorts and pages them", async () => {
    const rows = ['2026-11-01', '2026-11-03', '2026-11-02'].map((day, i) => ({
      id: `c${i}`,
      created_on: `${day}T00:00:00Z`,
      serial_number: `S${i}`,
      cr_path: 'not created',
    }));
    fetchMock.mockResolvedValueOnce(json(200, rows));
    const result = await createDataProvider().getList('certificates', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: { priv_key_uuid: KEY },
    });
    expect(lastCall().url).toBe(`/api/service_provider/sti_spc_cert/last/${KEY}`);
    expect(result.total).toBe(3);
    expect(result.data.map((r) => r.id)).toEqual(['c1', 'c2']);
    // no key: no certificate, and no call
    fetchMock.mockClear();
    const none = await createDataProvider().getList('certificates', {
      pagination: { page: 1, perPage: 7 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: { priv_key_uuid: '' },
    });
    expect(none).toEqual({ data: [], total: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('generateCertificate posts the credentials and the key and answers success or error_cause', async () => {
    const payload = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass', private_key_uuid: KEY };
    fetchMock.mockResolvedValueOnce(
      json(200, { success: false, error_cause: 'unable_to_generate_spc_token' }),
    );
    expect(await createDataProvider().generateCertificate(payload)).toEqual({
      success: false,
      error_cause: 'unable_to_generate_spc_token',
    });
    expect(lastCall()).toMatchObject({
      url: '/api/service_provider/generate_sti_spc_cert',
      method: 'POST',
      body: payload,
    });
  });

  it('renewCertificate and revokeCertificate post to the serial number, with the optional body', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    const dp = createDataProvider();
    await dp.renewCertificate('3A');
    expect(lastCall()).toMatchObject({
      url: '/api/service_provider/replace_sti_spc_cert/3A',
      method: 'POST',
      body: undefined,
    });
    await dp.renewCertificate('3A', { sti_pa_username: 'demo', sti_pa_password: 'p' });
    expect(lastCall().body).toEqual({ sti_pa_username: 'demo', sti_pa_password: 'p' });
    await dp.revokeCertificate('3A', 'superseded');
    expect(lastCall()).toMatchObject({
      url: '/api/service_provider/revoke_sti_spc_cert/3A',
      method: 'POST',
      body: { reason: 'superseded' },
    });
    await dp.revokeCertificate('3A');
    expect(lastCall().body).toBeUndefined();
  });

  it('enableAutoRenewal PUTs the credentials and disableAutoRenewal DELETEs, both answering the message', async () => {
    const path = '/api/service_provider/sti_spc_cert/3A/auto_renewal';
    const dp = createDataProvider();
    fetchMock.mockResolvedValueOnce(json(200, { message: 'Automatic renewal enabled' }));
    expect(await dp.enableAutoRenewal('3A', { sti_pa_username: 'demo', sti_pa_password: 'p' })).toEqual({
      message: 'Automatic renewal enabled',
    });
    expect(lastCall()).toMatchObject({
      url: path,
      method: 'PUT',
      body: { sti_pa_username: 'demo', sti_pa_password: 'p' },
    });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok.en.value');

    fetchMock.mockResolvedValueOnce(json(200, { message: 'Automatic renewal disabled' }));
    expect(await dp.disableAutoRenewal('3A')).toEqual({ message: 'Automatic renewal disabled' });
    expect(lastCall()).toMatchObject({ url: path, method: 'DELETE', body: undefined });

    const errors = { sti_pa_username: 'username is a required field' };
    fetchMock.mockResolvedValueOnce(json(400, { statusCode: 400, message: 'Bad Request', errors }));
    await expect(
      dp.enableAutoRenewal('3A', { sti_pa_username: '', sti_pa_password: 'p' }),
    ).rejects.toMatchObject({
      status: 400,
      body: { errors },
    });
  });

  it('decryptCertificate posts the url and answers the text', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { text: 'Certificate:\n' }));
    expect(await createDataProvider().decryptCertificate('https://ca.test/cr/3A.pem')).toEqual({
      text: 'Certificate:\n',
    });
    expect(lastCall()).toMatchObject({
      url: '/api/public/decrypt_cert',
      method: 'POST',
      body: { url: 'https://ca.test/cr/3A.pem' },
    });

    fetchMock.mockResolvedValueOnce(new Response('Certificate: plain', { status: 200 }));
    expect(await createDataProvider().decryptCertificate('https://ca.test/cr/3A.pem')).toEqual({
      text: 'Certificate: plain',
    });
  });

  it('getCertificateChain reads the same-origin path of the CR URL, without the token, and splits the blocks', async () => {
    const leaf = '-----BEGIN CERTIFICATE-----\nbGVhZg==\n-----END CERTIFICATE-----';
    const inter = '-----BEGIN CERTIFICATE-----\naW50ZXI=\n-----END CERTIFICATE-----';
    fetchMock.mockResolvedValueOnce(
      new Response(`${leaf}\r\n${inter}\n`.replace(/\n/g, '\r\n'), {
        status: 200,
        headers: { 'Content-Type': 'application/pem-certificate-chain' },
      }),
    );
    expect(await createDataProvider().getCertificateChain('https://ca.test/cr/3A.pem')).toEqual([
      leaf,
      inter,
    ]);
    const call = lastCall();
    expect(call).toMatchObject({ url: '/cr/3A.pem', method: 'GET' });
    expect(call.headers.has('Authorization')).toBe(false);
  });

  it("getCertificateChain rejects with the server's message, and when the answer holds no certificate", async () => {
    fetchMock.mockResolvedValueOnce(
      json(404, { statusCode: 404, message: 'No certificate or CRL is published at this address' }),
    );
    await expect(createDataProvider().getCertificateChain('https://ca.test/cr/FF.pem')).rejects.toMatchObject(
      {
        status: 404,
        message: 'No certificate or CRL is published at this address',
      },
    );
    fetchMock.mockResolvedValueOnce(new Response('<html></html>', { status: 200 }));
    await expect(createDataProvider().getCertificateChain('https://ca.test/cr/FF.pem')).rejects.toThrow(
      'portal.certificates.pem_missing',
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(createDataProvider().getCertificateChain('https://ca.test/cr/FF.pem')).rejects.toThrow(
      'Network Error',
    );
  });
});
