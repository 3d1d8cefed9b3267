// The number listing filtered by an import (`import_id`): the numbers that import added, beside the other filters,
// in the listing, its CSV download and the import history's `id` filter; never another provider's; a malformed id
// is a 400 naming the filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignedNumber, NumberImport } from '../../../contract/numbers';
import { type TestApp, createTestApp } from '../helpers';
import { type Session, importCsv, providerSession } from './numbers-fixtures';

let t: TestApp;
let a: Session;
let b: Session;
let first: NumberImport;
let second: NumberImport;
let theirs: NumberImport;

const HEADER = 'tn,voip_user,organization';

beforeAll(async () => {
  t = await createTestApp();
  a = await providerSession(t);
  b = await providerSession(t);
  first = await importCsv(a, `${HEADER}\n2015550101,ann,Acme\n2015550102,bob,Acme\n2015550103,ann,Beta\n`);
  expect(first).toMatchObject({ status: 'completed', success_count: 3 });
  // 2015550103 is held already: rejected, it stays the first import's
  second = await importCsv(a, `${HEADER}\n2015550103,cy,Beta\n2015550105,ann,Beta\n2015550104,cy,Acme\n`);
  expect(second).toMatchObject({ status: 'completed', success_count: 2, fail_count: 1 });
  theirs = await importCsv(b, `${HEADER}\n2015550106,ann,Acme\n`);
  expect(theirs).toMatchObject({ status: 'completed', success_count: 1 });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const q = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

async function numbers(filter: Record<string, unknown>, s = a) {
  const res = await s.get(`/api/service_provider/tn/assigned?${q({ filter, range: [0, 6] })}`);
  expect(res.statusCode, res.body).toBe(200);
  return { tns: (res.json() as AssignedNumber[]).map((n) => n.tn), range: res.headers['content-range'] };
}

describe('the number listing by import', () => {
  it('lists the numbers each import added, in number order, with an exact total', async () => {
    expect(await numbers({ import_id: second.id })).toEqual({
      tns: ['2015550104', '2015550105'],
      range: 'numbers 0-1/2',
    });
    expect((await numbers({ import_id: first.id })).tns).toEqual(['2015550101', '2015550102', '2015550103']);
    // an id in capitals is the same import
    expect((await numbers({ import_id: second.id.toUpperCase() })).tns).toEqual(['2015550104', '2015550105']);
    // every number of both, unfiltered
    expect((await numbers({})).range).toBe('numbers 0-4/5');
  });

  it('combines with the other filters', async () => {
    expect((await numbers({ import_id: second.id, voip_user: 'ann' })).tns).toEqual(['2015550105']);
    expect((await numbers({ import_id: first.id, organization: 'Beta' })).tns).toEqual(['2015550103']);
    expect((await numbers({ import_id: first.id, q: '0102' })).tns).toEqual(['2015550102']);
    expect((await numbers({ import_id: second.id, q: '55010' })).tns).toEqual(['2015550104', '2015550105']);
  });

  it('answers nothing for another provider’s import, nor for an id no import has', async () => {
    expect(await numbers({ import_id: theirs.id })).toEqual({ tns: [], range: 'numbers 0-0/0' });
    expect(await numbers({ import_id: '00000000-0000-4000-8000-000000000000' })).toEqual({
      tns: [],
      range: 'numbers 0-0/0',
    });
    expect((await numbers({ import_id: theirs.id }, b)).tns).toEqual(['2015550106']);
    expect((await numbers({ import_id: second.id }, b)).tns).toEqual([]);
  });

  it('refuses a malformed id with a 400 naming the filter, in the listing and its download', async () => {
    const message = 'import_id must be an id';
    for (const bad of ['x', second.id.slice(1), 42, [second.id]]) {
      for (const path of ['', '/export']) {
        const res = await a.get(
          `/api/service_provider/tn/assigned${path}?${q({ filter: { import_id: bad } })}`,
        );
        expect(res.statusCode, `${path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json()).toMatchObject({ message, errors: { import_id: message } });
      }
    }
  });

  it('downloads the numbers of the import as CSV', async () => {
    const res = await a.get(
      `/api/service_provider/tn/assigned/export?${q({ filter: { import_id: second.id } })}`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['2015550104', '2015550105']);
    const none = await a.get(
      `/api/service_provider/tn/assigned/export?${q({ filter: { import_id: theirs.id } })}`,
    );
    expect(none.body).toBe('tn,created_on,assigned_on,voip_user,organization\r\n');
  });
});

describe('the import history by id', () => {
  it('answers the provider’s own import, nothing of another provider', async () => {
    const history = async (id: unknown, s = a) =>
      s.get(`/api/service_provider/tn/import-history?${q({ filter: { id }, range: [0, 6] })}`);
    const mine = await history(second.id);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as NumberImport[]).map((i) => [i.id, i.filename])).toEqual([
      [second.id, 'numbers.csv'],
    ]);
    expect(mine.headers['content-range']).toBe('imports 0-0/1');
    expect((await history(theirs.id)).json()).toEqual([]);
    const bad = await history('x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'id must be an id', errors: { id: 'id must be an id' } });
  });
});
