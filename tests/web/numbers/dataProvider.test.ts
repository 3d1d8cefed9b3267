// The numbers' calls: the listing's total or, when the server says `*`, react-admin's partial pagination from
// X-Has-Next-Page; the options, the export of a filter and the error report with the bearer token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/dataProvider';

const fetchMock = vi.fn<typeof fetch>();
const rows = [{ tn_uuid: 'u1', tn: '2015550100', voip_user: { name: null, company: null } }];

function answer(body: unknown, headers: Record<string, string>, type = 'application/json') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': type, ...headers },
  });
}
const urlOf = (i = 0) => new URL(String(fetchMock.mock.calls[i][0]), 'http://portal.test');

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok.en.value');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the number listing', () => {
  const params = {
    pagination: { page: 2, perPage: 7 },
    sort: { field: 'tn', order: 'ASC' as const },
    filter: { q: '555' },
  };

  it('asks for the page by range, sort and filter and reads an exact total', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(rows, { 'Content-Range': 'numbers 7-7/8', 'X-Has-Next-Page': 'false' }),
    );
    const result = await createDataProvider().getList('numbers', params);
    const url = urlOf();
    expect(url.pathname).toBe('/api/service_provider/tn/assigned');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      range: '[7,13]',
      sort: '["tn","ASC"]',
      filter: '{"q":"555"}',
    });
    expect(result).toEqual({ data: [{ ...rows[0], id: 'u1' }], total: 8 });
  });

  it('turns a total of * into pageInfo', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(rows, { 'Content-Range': 'numbers 7-13/*', 'X-Has-Next-Page': 'true' }),
    );
    const result = await createDataProvider().getList('numbers', params);
    expect(result.total).toBeUndefined();
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });
});

describe('the other calls', () => {
  it('options, export of the filter and the error report, with the token', async () => {
    const provider = createDataProvider();
    const options = {
      voip_users: ['a'],
      organizations: [],
      more: { voip_users: false, organizations: false },
    };
    fetchMock.mockResolvedValueOnce(answer(options, {}));
    expect(await provider.numberOptions('a b')).toEqual(options);
    expect(urlOf(0).pathname + urlOf(0).search).toBe('/api/service_provider/tn/assigned/options?q=a+b');

    fetchMock.mockResolvedValueOnce(
      answer('tn\r\n', { 'Content-Disposition': 'attachment; filename="numbers.csv"' }, 'text/csv'),
    );
    const exported = await provider.exportNumbers({ organization: 'Acme' });
    expect(exported.filename).toBe('numbers.csv');
    expect(await exported.blob.text()).toBe('tn\r\n');
    expect(Object.fromEntries(urlOf(1).searchParams)).toEqual({ filter: '{"organization":"Acme"}' });
    expect(new Headers(fetchMock.mock.calls[1][1]?.headers).get('Authorization')).toBe('Bearer tok.en.value');

    fetchMock.mockResolvedValueOnce(
      answer('line\r\n', { 'Content-Disposition': 'attachment; filename="import-i-errors.csv"' }, 'text/csv'),
    );
    const report = await provider.downloadImportErrors('i');
    expect(urlOf(2).pathname).toBe('/api/service_provider/tn/import-history/i/errors');
    expect(report.filename).toBe('import-i-errors.csv');
  });
});
