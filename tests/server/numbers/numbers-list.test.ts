// The number listing and its dropdown options over HTTP: every sort both ways, each filter, paging, the totals
// (exact, or `*` past the cap with the next-page flag), bad list parameters, and the import history's list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignedNumber, NumberOptions } from '../../../contract/numbers';
import { COUNT_CAP } from '../../../server/src/numbers/service';
import { type TestApp, createTestApp } from '../helpers';
import { type Session, importCsv, providerSession } from './numbers-fixtures';

let t: TestApp;
let a: Session;
let b: Session;

interface Row {
  tn: string;
  voip_user: string | null;
  organization: string | null;
  assigned_on: string | null;
  batch: number;
}
const rows: Row[] = [];
const USERS = ['alice', 'Bob', 'carol', 'dave', null];
const ORGS = ['Acme', 'Beta', 'acme', null];

function csvOf(list: Row[]) {
  const cell = (v: string | null) => v ?? '';
  return [
    'tn,voip_user,organization,assigned_on',
    ...list.map((r) => [r.tn, cell(r.voip_user), cell(r.organization), cell(r.assigned_on)].join(',')),
  ].join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  a = await providerSession(t);
  b = await providerSession(t);
  // 30 numbers in two imports (two created_on values), names and dates in a mixed order, some empty
  for (let i = 0; i < 30; i++) {
    const tn = String(2025550100 + ((i * 7) % 30) * 3);
    const day = ((i * 11) % 28) + 1;
    rows.push({
      tn,
      voip_user: USERS[i % USERS.length],
      organization: ORGS[(i * 3) % ORGS.length],
      assigned_on: i % 6 === 5 ? null : `2024-02-${String(day).padStart(2, '0')}`,
      batch: i < 15 ? 0 : 1,
    });
  }
  expect(await importCsv(a, csvOf(rows.slice(0, 15)))).toMatchObject({ success_count: 15 });
  await new Promise((r) => setTimeout(r, 20));
  expect(await importCsv(a, csvOf(rows.slice(15)))).toMatchObject({ success_count: 15 });
  // the other provider holds a number a's filters would match: it must never show
  expect(await importCsv(b, 'tn,voip_user,organization\n2025550100,alice,Acme\n')).toMatchObject({
    success_count: 1,
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const q = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

async function list(params: Record<string, unknown>, s = a) {
  const res = await s.get(`/api/service_provider/tn/assigned?${q(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    data: res.json() as AssignedNumber[],
    range: res.headers['content-range'] as string,
    hasNext: res.headers['x-has-next-page'],
  };
}

/** PostgreSQL's order: bytewise (C), nulls last ascending and first descending, then the number. */
function expected(field: keyof Row, dir: 'ASC' | 'DESC', filter: (r: Row) => boolean = () => true) {
  const sign = dir === 'ASC' ? 1 : -1;
  const cmp = (x: string | number | null, y: string | number | null) => {
    if (x === y) return 0;
    if (x === null) return 1 * sign;
    if (y === null) return -1 * sign;
    return (x < y ? -1 : 1) * sign;
  };
  return rows
    .filter(filter)
    .sort((x, y) => cmp(x[field], y[field]) || cmp(x.tn, y.tn))
    .map((r) => r.tn);
}

describe('the number listing', () => {
  it('writes the page as it opens (by the database) exactly as a filtered read writes the same rows', async () => {
    // every number holds a 2: the filter keeps them all, and takes the read that builds rows in the server
    for (const sort of [
      ['tn', 'ASC'],
      ['assigned_on', 'DESC'],
    ]) {
      for (const range of [
        [0, 6],
        [21, 29],
        [28, 40],
      ]) {
        const opened = await list({ sort, range });
        const filtered = await list({ sort, range, filter: { q: '2' } });
        expect(opened.data, `${sort} ${range}`).toEqual(filtered.data);
        expect(Object.keys(opened.data[0]).sort()).toEqual(Object.keys(filtered.data[0]).sort());
        expect(opened.hasNext).toBe(filtered.hasNext);
        expect(opened.range).toBe(filtered.range);
      }
    }
  });

  it('answers the list protocol with the listing’s fields', async () => {
    const { data, range, hasNext } = await list({ range: [0, 6] });
    expect(data).toHaveLength(7);
    expect(range).toBe('numbers 0-6/30');
    expect(hasNext).toBe('true');
    const first = rows.find((r) => r.tn === data[0].tn)!;
    expect(data[0]).toMatchObject({
      tn: first.tn,
      assigned_on: first.assigned_on,
      voip_user: { name: first.voip_user, company: first.organization },
    });
    expect(data[0].id).toBe(data[0].tn_uuid);
    expect(new Date(data[0].created_on).getTime()).not.toBeNaN();
  });

  it('sorts by each field both ways, in SQL, with the number as tiebreaker', async () => {
    const created = (r: Row) => r.batch;
    for (const field of ['tn', 'voip_user', 'organization', 'assigned_on'] as const) {
      for (const dir of ['ASC', 'DESC'] as const) {
        const { data } = await list({ sort: [field, dir], range: [0, 99] });
        expect(
          data.map((n) => n.tn),
          `${field} ${dir}`,
        ).toEqual(expected(field, dir));
      }
    }
    for (const dir of ['ASC', 'DESC'] as const) {
      const { data } = await list({ sort: ['created_on', dir], range: [0, 99] });
      const sign = dir === 'ASC' ? 1 : -1;
      const want = [...rows]
        .sort((x, y) => (created(x) - created(y)) * sign || (x.tn < y.tn ? -sign : sign))
        .map((r) => r.tn);
      expect(data.map((n) => n.tn)).toEqual(want);
    }
  });

  it('pages without overlap; the last page says no next page', async () => {
    const all = expected('voip_user', 'ASC');
    const seen: string[] = [];
    for (let start = 0; start < 30; start += 7) {
      const page = await list({ sort: ['voip_user', 'ASC'], range: [start, start + 6] });
      seen.push(...page.data.map((n) => n.tn));
      expect(page.hasNext).toBe(String(start + 7 < 30));
      expect(page.range).toBe(`numbers ${start}-${Math.min(start + 6, 29)}/30`);
    }
    expect(seen).toEqual(all);
  });

  it('filters: number contains (digits), voip user equals, organization equals, together', async () => {
    const cases: [Record<string, string>, (r: Row) => boolean][] = [
      [{ q: '0103' }, (r) => r.tn.includes('0103')],
      [{ q: '5' }, (r) => r.tn.includes('5')],
      [{ voip_user: 'alice' }, (r) => r.voip_user === 'alice'],
      [{ voip_user: 'Alice' }, () => false],
      [{ organization: 'acme' }, (r) => r.organization === 'acme'],
      [{ organization: 'Acme', voip_user: 'Bob' }, (r) => r.organization === 'Acme' && r.voip_user === 'Bob'],
      [{ q: '2025550', organization: 'Beta' }, (r) => r.organization === 'Beta'],
      [{ q: '999' }, () => false],
      // every length (1 to 3 digits: scanned and counted; 4 and more: the 4-digit substrings' index), at the
      // start, the middle and the end of the number
      ...[
        '2',
        '20',
        '202',
        '2025',
        '20255',
        '5550',
        '01',
        '0130',
        '55501',
        '255501',
        '5550127',
        '2025550127',
      ].map((d): [Record<string, string>, (r: Row) => boolean] => [{ q: d }, (r) => r.tn.includes(d)]),
      [{ q: '0000' }, () => false],
    ];
    for (const [filter, match] of cases) {
      const want = expected('tn', 'ASC', match);
      const { data, range } = await list({ filter, range: [0, 99] });
      expect(
        data.map((n) => n.tn),
        JSON.stringify(filter),
      ).toEqual(want);
      expect(range).toBe(`numbers 0-${Math.max(want.length - 1, 0)}/${want.length}`);
    }
  });

  it('another provider sees only its own number', async () => {
    const { data, range } = await list({ range: [0, 99] }, b);
    expect(data.map((n) => n.tn)).toEqual(['2025550100']);
    expect(range).toBe('numbers 0-0/1');
  });

  it('refuses bad list parameters with 400', async () => {
    for (const params of [
      { filter: { q: '55a' } },
      { filter: { q: '12345678901' } },
      { filter: { q: ['1'] } },
      { filter: { voip_user: 'x'.repeat(101) } },
      { filter: { tn: '1' } },
      { sort: ['tn_uuid', 'ASC'] },
      { sort: ['tn', 'UP'] },
      { range: [0, 5000] },
    ]) {
      const res = await a.get(`/api/service_provider/tn/assigned?${q(params)}`);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});

describe('the dropdown options', () => {
  async function options(query = '') {
    const res = await a.get(`/api/service_provider/tn/assigned/options${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NumberOptions;
  }

  it('lists the distinct names and companies, in order', async () => {
    expect(await options()).toEqual({
      voip_users: ['Bob', 'alice', 'carol', 'dave'],
      organizations: ['Acme', 'Beta', 'acme'],
      more: { voip_users: false, organizations: false },
    });
  });

  it('searches by prefix and bounds the answer with limit, telling when there is more', async () => {
    expect(await options('?q=ca')).toMatchObject({ voip_users: ['carol'], organizations: [] });
    expect(await options('?q=A')).toMatchObject({ voip_users: [], organizations: ['Acme'] });
    expect(await options('?limit=2')).toEqual({
      voip_users: ['Bob', 'alice'],
      organizations: ['Acme', 'Beta'],
      more: { voip_users: true, organizations: true },
    });
    for (const bad of ['?limit=0', '?limit=201', '?limit=x', `?q=${'x'.repeat(101)}`]) {
      expect((await a.get(`/api/service_provider/tn/assigned/options${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('another provider gets its own values only', async () => {
    const res = await b.get('/api/service_provider/tn/assigned/options');
    expect(res.json()).toMatchObject({ voip_users: ['alice'], organizations: ['Acme'] });
  });
});

describe('totals past the cap', () => {
  it(`counts exactly up to ${COUNT_CAP} filtered rows, then answers * with the next-page flag`, async () => {
    const many = ['tn,voip_user,organization'];
    for (let i = 0; i < COUNT_CAP + 5; i++) many.push(`${3035550000 + i},bulk,Many`);
    const imp = await importCsv(b, many.join('\n'));
    expect(imp).toMatchObject({ status: 'completed', success_count: COUNT_CAP + 5 });
    const capped = await list({ filter: { organization: 'Many' }, range: [0, 6] }, b);
    expect(capped.range).toBe('numbers 0-6/*');
    expect(capped.hasNext).toBe('true');
    const last = await list({ filter: { organization: 'Many' }, range: [COUNT_CAP, COUNT_CAP + 9] }, b);
    expect(last.range).toBe(`numbers ${COUNT_CAP}-${COUNT_CAP + 4}/*`);
    expect(last.hasNext).toBe('false');
    // unfiltered: the exact count the imports keep
    const all = await list({ range: [0, 6] }, b);
    expect(all.range).toBe(`numbers 0-6/${COUNT_CAP + 6}`);
    const under = await list({ filter: { q: '2025550100' }, range: [0, 6] }, b);
    expect(under.range).toBe('numbers 0-0/1');
    // "number contains" alone, common: more than the cap among the numbers looked at, so `*` at once
    for (const digits of ['303', '3035']) {
      const common = await list({ filter: { q: digits }, range: [0, 6] }, b);
      expect(common.range, digits).toBe('numbers 0-6/*');
      expect(common.hasNext).toBe('true');
    }
    // and rare: counted exactly
    const rare = await list({ filter: { q: '30355500' }, range: [0, 99] }, b);
    expect(rare.range).toBe('numbers 0-99/100');
    // searches that lie within a block and also begin in its last digits (3035555555 holds 5555 four ways): each
    // number once, every match found, in order
    const held = Array.from({ length: COUNT_CAP + 5 }, (_, i) => String(3035550000 + i));
    for (const digits of ['5555', '55555', '0355555', '5559']) {
      const want = held.filter((tn) => tn.includes(digits));
      const page = await list({ filter: { q: digits }, range: [0, 99] }, b);
      expect(page.range, digits).toBe(`numbers 0-${Math.min(want.length, 100) - 1}/${want.length}`);
      expect(page.data.map((n) => n.tn)).toEqual(want.slice(0, 100));
      const last = await list({ filter: { q: digits }, sort: ['tn', 'DESC'], range: [0, 0] }, b);
      expect(last.data.map((n) => n.tn)).toEqual(want.slice(-1));
    }
  }, 60_000);
});

describe('the import history list', () => {
  it('sorts and pages the provider’s imports with exact totals', async () => {
    const res = await a.get(
      `/api/service_provider/tn/import-history?${q({ sort: ['imported_on', 'ASC'], range: [0, 0] })}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('imports 0-0/2');
    expect(res.json()).toHaveLength(1);
    const bad = await a.get(`/api/service_provider/tn/import-history?${q({ sort: ['reason', 'ASC'] })}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the CSV export of the listing', () => {
  it('streams every number of the current filter, in number order, neutralised; none of another provider', async () => {
    const res = await b.get(
      `/api/service_provider/tn/assigned/export?${q({ filter: { organization: 'Many' } })}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="numbers.csv"');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('tn,created_on,assigned_on,voip_user,organization');
    expect(lines).toHaveLength(COUNT_CAP + 5 + 1);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      Array.from({ length: COUNT_CAP + 5 }, (_, i) => String(3035550000 + i)),
    );
    expect(lines[1]).toMatch(/^3035550000,\d{4}-\d\d-\d\dT[\d:.]+Z,,bulk,Many$/);

    const imp = await importCsv(
      b,
      'tn,voip_user,organization\n4045550100,"=HYPERLINK(""http://x"")",@evil\n',
    );
    expect(imp.success_count).toBe(1);
    const injected = await b.get(
      `/api/service_provider/tn/assigned/export?${q({ filter: { q: '4045550100' } })}`,
    );
    const [, row] = injected.body.split('\r\n');
    expect(row.split(',').slice(3)).toEqual([`"'=HYPERLINK(""http://x"")"`, "'@evil"]);

    const mine = await a.get(
      `/api/service_provider/tn/assigned/export?${q({ filter: { q: '4045550100' } })}`,
    );
    expect(mine.body).toBe('tn,created_on,assigned_on,voip_user,organization\r\n');
    const bad = await a.get(`/api/service_provider/tn/assigned/export?${q({ filter: { q: 'x' } })}`);
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});
