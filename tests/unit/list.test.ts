import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { HttpError } from '../../server/src/http/errors';
import {
  MAX_PAGE_ROWS,
  pageClause,
  parseListQuery,
  sendList,
  whereClause,
  type ListSpec,
} from '../../server/src/http/list';

const spec: ListSpec = {
  sortable: { created_on: 'p.created_on', amount: 'p.amount' },
  filters: {
    voip_user: { sql: (p) => `p.voip_user ILIKE '%' || ${p} || '%'` },
    id: { sql: (p) => `p.id = ANY(${p}::uuid[])` },
    status: {
      sql: (p) => `p.status = ${p}`,
      value: (v) => {
        if (v !== 'paid' && v !== 'failed') throw new HttpError(400, 'Unknown status');
        return v;
      },
    },
  },
  defaultSort: ['created_on', 'DESC'],
};

const enc = (v: unknown) => JSON.stringify(v);

function badRequestOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).statusCode).toBe(400);
    return (e as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('parseListQuery', () => {
  it('defaults to the default sort and the whole list', () => {
    expect(parseListQuery({}, spec)).toEqual({
      orderBy: 'p.created_on DESC',
      limit: null,
      offset: 0,
      where: [],
      params: [],
      range: null,
    });
    expect(parseListQuery(undefined, spec).orderBy).toBe('p.created_on DESC');
  });

  it('parses sort, inclusive range and filters into SQL with bound parameters', () => {
    const q = parseListQuery(
      {
        sort: enc(['amount', 'asc']),
        range: enc([10, 19]),
        filter: enc({ voip_user: "Al'; DROP", status: 'paid' }),
      },
      spec,
    );
    expect(q.orderBy).toBe('p.amount ASC');
    expect(q.limit).toBe(10);
    expect(q.offset).toBe(10);
    expect(q.range).toEqual([10, 19]);
    expect(q.where).toEqual([`(p.voip_user ILIKE '%' || $1 || '%')`, '(p.status = $2)']);
    expect(q.params).toEqual(["Al'; DROP", 'paid']);
    expect(q.where.join(' ')).not.toContain('DROP');
  });

  it('numbers placeholders after paramOffset', () => {
    const q = parseListQuery({ filter: enc({ id: ['a', 'b'], status: 'failed' }) }, spec, { paramOffset: 2 });
    expect(q.where).toEqual(['(p.id = ANY($3::uuid[]))', '(p.status = $4)']);
    expect(q.params).toEqual([['a', 'b'], 'failed']);
  });

  it('ignores cleared filter values', () => {
    const q = parseListQuery({ filter: enc({ voip_user: '', status: null }) }, spec);
    expect(q.where).toEqual([]);
    expect(q.params).toEqual([]);
  });

  it('accepts one-row and maximal pages', () => {
    expect(parseListQuery({ range: enc([0, 0]) }, spec).limit).toBe(1);
    expect(parseListQuery({ range: enc([0, MAX_PAGE_ROWS - 1]) }, spec).limit).toBe(MAX_PAGE_ROWS);
  });

  it('answers 400 for unknown sort fields, directions and filters', () => {
    expect(badRequestOf(() => parseListQuery({ sort: enc(['password_hash', 'ASC']) }, spec))).toMatch(
      /Cannot sort by "password_hash"/,
    );
    expect(badRequestOf(() => parseListQuery({ sort: enc(['amount', 'UP']) }, spec))).toMatch(
      /sort direction/,
    );
    expect(badRequestOf(() => parseListQuery({ sort: enc(['amount']) }, spec))).toMatch(/sort parameter/);
    expect(badRequestOf(() => parseListQuery({ sort: enc(['toString', 'ASC']) }, spec))).toMatch(
      /Cannot sort/,
    );
    expect(badRequestOf(() => parseListQuery({ filter: enc({ secret: 1 }) }, spec))).toMatch(
      /Unknown filter "secret"/,
    );
    expect(badRequestOf(() => parseListQuery({ filter: enc(['a']) }, spec))).toMatch(/JSON object/);
    expect(badRequestOf(() => parseListQuery({ filter: enc({ status: 'x' }) }, spec))).toMatch(
      /Unknown status/,
    );
  });

  it('answers 400 for bad JSON and bad ranges', () => {
    expect(badRequestOf(() => parseListQuery({ sort: '["amount",' }, spec))).toMatch(/not valid JSON/);
    expect(badRequestOf(() => parseListQuery({ filter: '{oops' }, spec))).toMatch(/not valid JSON/);
    expect(badRequestOf(() => parseListQuery({ range: enc([5, 2]) }, spec))).toMatch(/end before/);
    expect(badRequestOf(() => parseListQuery({ range: enc([-1, 2]) }, spec))).toMatch(/range/);
    expect(badRequestOf(() => parseListQuery({ range: enc([0.5, 2]) }, spec))).toMatch(/range/);
    expect(badRequestOf(() => parseListQuery({ range: enc([0, MAX_PAGE_ROWS]) }, spec))).toMatch(/at most/);
    expect(badRequestOf(() => parseListQuery({ range: ['[0,1]', '[0,2]'] }, spec))).toMatch(/only once/);
  });
});

describe('whereClause', () => {
  it('joins conditions with AND', () => {
    expect(whereClause([])).toBe('');
    expect(whereClause(['(a)', '(b)'])).toBe(' WHERE (a) AND (b)');
  });
});

describe('sendList', () => {
  it('sets Content-Range, exposes it and answers the bare array', async () => {
    const app = Fastify();
    app.get('/page', (_req, reply) => sendList(reply, 'payments', [{ id: 1 }, { id: 2 }], 1234, [10, 11]));
    app.get('/all', (_req, reply) => sendList(reply, 'payments', [{ id: 1 }], 1, null));
    app.get('/empty', (_req, reply) => sendList(reply, 'payments', [], 0, [0, 24]));
    const page = await app.inject('/page');
    expect(page.headers['content-range']).toBe('payments 10-11/1234');
    expect(page.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(page.json()).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await app.inject('/all')).headers['content-range']).toBe('payments 0-0/1');
    const empty = await app.inject('/empty');
    expect(empty.headers['content-range']).toBe('payments 0-0/0');
    expect(empty.json()).toEqual([]);
    await app.close();
  });
});

describe('pageClause and tiebreaker', () => {
  it('orders, then pages only when a range was asked', () => {
    const withId: ListSpec = { ...spec, tiebreaker: 'p.id' };
    const page = parseListQuery({ sort: enc(['amount', 'DESC']), range: enc([7, 13]) }, withId);
    expect(page.orderBy).toBe('p.amount DESC, p.id DESC');
    expect(pageClause(page)).toBe(' ORDER BY p.amount DESC, p.id DESC LIMIT 7 OFFSET 7');
    expect(pageClause(parseListQuery({}, spec))).toBe(' ORDER BY p.created_on DESC');
  });
});
