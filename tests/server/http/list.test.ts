// The list protocol over HTTP against the test database: sorting, filtering and paging happen in SQL.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../server/src/http/errors';
import { jsonPage, jsonRow, sendJsonPage } from '../../../server/src/http/jsonPage';
import { parseListQuery, type ListSpec } from '../../../server/src/http/list';
import { createTestDatabase, type TestDatabase } from '../helpers';

const spec: ListSpec = {
  sortable: { created_on: 'created_on', amount: 'amount', voip_user: 'lower(voip_user)' },
  filters: {
    voip_user: { sql: (p) => `voip_user ILIKE '%' || ${p} || '%'` },
    min_amount: { sql: (p) => `amount >= ${p}::numeric` },
    id: { sql: (p) => `id = ANY(${p}::int[])` },
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};
/** A row as the lists write it (http/jsonPage.ts): these fields and no other. */
const ROW = jsonRow(
  { properties: { id: {}, voip_user: {}, amount: {} } },
  { id: 'id', voip_user: 'voip_user', amount: 'amount' },
);

describe('list protocol on the database', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.query(`CREATE TABLE list_payment (
      id int PRIMARY KEY, voip_user text NOT NULL, amount numeric(10,2) NOT NULL, created_on timestamptz NOT NULL, owner int NOT NULL)`);
    await t.db.query(
      `INSERT INTO list_payment
       SELECT i, CASE WHEN i % 3 = 0 THEN 'Alice' ELSE 'Bob' END, (i % 5) * 100, now() - i * interval '1 hour', i % 2
       FROM generate_series(1, 40) AS i`,
    );
    app = Fastify();
    app.setErrorHandler(errorHandler);
    // The shape every list route takes: the owner scope first ($1), then the client's filters.
    app.get('/api/payments', async (request, reply) => {
      const q = parseListQuery(request.query, spec, { paramOffset: 1 });
      const page = await jsonPage(t.db, 'list_payment', ROW, ['owner = $1', ...q.where], [1, ...q.params], q);
      return sendJsonPage(reply, 'payments', page, q);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const get = (query: Record<string, unknown>) =>
    app.inject({
      method: 'GET',
      url: '/api/payments',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
    });

  it('answers one page of the scoped, filtered, sorted rows with Content-Range', async () => {
    const res = await get({ sort: ['amount', 'DESC'], range: [0, 6], filter: { voip_user: 'ali' } });
    expect(res.statusCode).toBe(200);
    // Alice owns ids 3, 9, 15, 21, 27, 33, 39 within owner 1 (odd ids)
    expect(res.headers['content-range']).toBe('payments 0-6/7');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    const rows = res.json<{ id: number; voip_user: string; amount: number }[]>();
    expect(rows.map((r) => r.amount)).toEqual([400, 400, 300, 300, 200, 100, 0]);
    // Equal amounts come back in a stable order (the tiebreaker).
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual([39, 9]);
  });

  it('tells the total with a page past the end, and 0 for an empty list; the total is not a field of a row', async () => {
    const past = await get({ range: [100, 106] });
    expect(past.headers['content-range']).toBe('payments 100-100/20');
    expect(past.json()).toEqual([]);
    const none = await get({ range: [0, 6], filter: { voip_user: 'nobody' } });
    expect(none.headers['content-range']).toBe('payments 0-0/0');
    const one = await get({ range: [0, 0] });
    expect(Object.keys(one.json()[0]).sort()).toEqual(['amount', 'id', 'voip_user']);
  });

  it('pages without overlap and answers the whole list without range', async () => {
    const first = (await get({ sort: ['amount', 'ASC'], range: [0, 9] })).json<{ id: number }[]>();
    const second = await get({ sort: ['amount', 'ASC'], range: [10, 19] });
    expect(second.headers['content-range']).toBe('payments 10-19/20');
    const ids = [...first, ...second.json<{ id: number }[]>()].map((r) => r.id);
    expect(new Set(ids).size).toBe(20);
    const all = await get({ filter: { min_amount: 300, id: [1, 3, 5, 7, 9, 11] } });
    expect(all.headers['content-range']).toBe('payments 0-1/2');
    expect(all.json<{ id: number }[]>().map((r) => r.id)).toEqual([3, 9]);
    const past = await get({ range: [100, 109] });
    expect(past.headers['content-range']).toBe('payments 100-100/20');
    expect(past.json()).toEqual([]);
  });

  it('keeps hostile values in parameters and refuses unknown fields with 400', async () => {
    const sneaky = await get({ filter: { voip_user: "'; DROP TABLE list_payment; --" } });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toEqual([]);
    expect((await t.db.query('SELECT count(*) AS n FROM list_payment'))[0]).toEqual({ n: 40 });
    for (const query of [
      { sort: ['owner', 'ASC'] },
      { filter: { owner: 0 } },
      { sort: ['amount', 'sideways'] },
    ]) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const broken = await app.inject({ method: 'GET', url: '/api/payments?range=%5B0%2C' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The range parameter is not valid JSON');
  });
});
