// The ra-data-simple-rest list protocol, in one place: `sort`, `range` and `filter` in, `Content-Range` out.
// Handlers describe what may be sorted and filtered; everything is turned into SQL with bound parameters.
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

export type SortDirection = 'ASC' | 'DESC';

export interface ListFilter {
  /** The SQL condition for this filter, given the placeholder (`$3`) its value is bound to, and that value. */
  sql: (paramRef: string, value: unknown) => string;
  /**
   * Turns the client's value into the bound parameter (default: as sent), given the filter's name; throw badRequest
   * to refuse it. The kinds of filter are in listFilters.ts.
   */
  value?: (raw: unknown, name: string) => unknown;
}

export interface ListSpec {
  /** Field name on the wire -> the SQL expression it sorts by. */
  sortable: Record<string, string>;
  /** Filter name on the wire -> its SQL condition. */
  filters: Record<string, ListFilter>;
  defaultSort: [field: string, direction: SortDirection];
  /** A unique SQL expression (e.g. `p.id`) sorted last, so that pages never overlap on equal sort values. */
  tiebreaker?: string;
}

export interface ListQueryOptions {
  /** Placeholders start after this many parameters the caller already binds (default 0: `$1` first). */
  paramOffset?: number;
  /**
   * Also accept the paging of the key list in docs/api.md, `skip` and `take` (rows to skip, rows to answer): used
   * when either is given, or when `range` is not. `take` defaults to, and is capped at, `maxTake`. Such a list is answered `{ total, data }`.
   */
  skipTake?: { maxTake: number };
}

export interface ListQuery {
  /** `expr ASC` — safe to splice after ORDER BY: it only ever comes from the spec. */
  orderBy: string;
  /** Rows of the page, or null for the whole list (no `range`). */
  limit: number | null;
  offset: number;
  /** Conditions to AND together, with $n placeholders. */
  where: string[];
  /** The values of those placeholders, in order. */
  params: unknown[];
  /** The filters given, by name, each with the value bound for it (absent when none). */
  filters?: Record<string, unknown>;
  /** The inclusive range asked for, or null. */
  range: [number, number] | null;
  /** Set when the client paged with `skip`/`take`: sendPage answers `{ total, data }`. */
  skipTake?: true;
}

/** The most rows one page may ask for. */
export const MAX_PAGE_ROWS = 1000;
/** Beyond this offset a client is not paging a list any more. */
const MAX_OFFSET = 100_000_000;
const MAX_PARAM_LENGTH = 10_000;

function parseJsonParam(name: string, raw: unknown): unknown {
  if (Array.isArray(raw)) throw badRequest(`The ${name} parameter may be given only once`);
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be a JSON-encoded string`);
  if (raw.length > MAX_PARAM_LENGTH) throw badRequest(`The ${name} parameter is too long`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON`);
  }
}

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function parseSort(raw: unknown, spec: ListSpec): string {
  let [field, direction]: [string, string] = spec.defaultSort;
  if (raw !== undefined && raw !== '') {
    const sort = parseJsonParam('sort', raw);
    if (
      !Array.isArray(sort) ||
      sort.length !== 2 ||
      typeof sort[0] !== 'string' ||
      typeof sort[1] !== 'string'
    ) {
      throw badRequest('The sort parameter must look like ["field","ASC"]');
    }
    [field, direction] = sort as [string, string];
  }
  direction = direction.toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') {
    throw badRequest(`Unknown sort direction "${direction}": use ASC or DESC`);
  }
  if (!has(spec.sortable, field)) {
    const allowed = Object.keys(spec.sortable).join(', ');
    throw badRequest(`Cannot sort by "${field}"; sortable fields: ${allowed || 'none'}`);
  }
  const tiebreaker =
    spec.tiebreaker && spec.tiebreaker !== spec.sortable[field] ? `, ${spec.tiebreaker} ${direction}` : '';
  return `${spec.sortable[field]} ${direction}${tiebreaker}`;
}

function parseRange(raw: unknown): [number, number] | null {
  if (raw === undefined || raw === '') return null;
  const range = parseJsonParam('range', raw);
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
  ) {
    throw badRequest('The range parameter must look like [0,24]: two whole numbers from 0');
  }
  const [start, end] = range as [number, number];
  if (end < start) throw badRequest('The range parameter must not end before it starts');
  if (end - start + 1 > MAX_PAGE_ROWS) throw badRequest(`A page may hold at most ${MAX_PAGE_ROWS} rows`);
  if (start > MAX_OFFSET) throw badRequest('The range parameter starts too far');
  return [start, end];
}

function parseFilter(raw: unknown, spec: ListSpec, paramOffset: number) {
  const where: string[] = [];
  const params: unknown[] = [];
  const filters: Record<string, unknown> = {};
  if (raw === undefined || raw === '') return { where, params, filters };
  const filter = parseJsonParam('filter', raw);
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw badRequest('The filter parameter must be a JSON object');
  }
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (!has(spec.filters, key)) {
      const allowed = Object.keys(spec.filters).join(', ');
      throw badRequest(`Unknown filter "${key}"; filters: ${allowed || 'none'}`);
    }
    // react-admin sends cleared inputs as undefined (dropped by JSON) or empty strings: no condition.
    if (value === undefined || value === null || value === '') continue;
    const f = spec.filters[key];
    const bound = f.value ? f.value(value, key) : value;
    params.push(bound);
    filters[key] = bound;
    where.push(`(${f.sql(`$${paramOffset + params.length}`, bound)})`);
  }
  return { where, params, filters };
}

/**
 * A `skip` or `take` value: a whole number from 0 written in digits, at most MAX_OFFSET (absent or empty: the
 * fallback). Anything else (`1e21`, `1.5`, a repeated parameter, a number past what SQL's bigint holds) is a 400.
 */
function parseCount(raw: unknown, name: 'skip' | 'take', fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^[0-9]{1,15}$/.test(raw)) {
    const message = `${name} must be a non-negative integer`;
    throw badRequest(message, { [name]: message });
  }
  const n = Number(raw);
  if (n > MAX_OFFSET) {
    const message = `${name} must be at most ${MAX_OFFSET}`;
    throw badRequest(message, { [name]: message });
  }
  return n;
}

/** Parses `sort`, `range` and `filter` of a list request against what the list allows; 400 on anything else. */
export function parseListQuery(query: unknown, spec: ListSpec, options: ListQueryOptions = {}): ListQuery {
  const q = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const skipTake = options.skipTake;
  if (skipTake && (q.skip !== undefined || q.take !== undefined || q.range === undefined)) {
    // The skip/take form: sorted and filtered alike, paged by skip/take (any range is ignored).
    const list = parseListQuery({ sort: q.sort, filter: q.filter }, spec, {
      paramOffset: options.paramOffset,
    });
    const offset = parseCount(q.skip, 'skip', 0);
    const limit = Math.min(parseCount(q.take, 'take', skipTake.maxTake), skipTake.maxTake);
    return { ...list, offset, limit, skipTake: true };
  }
  const orderBy = parseSort(q.sort, spec);
  const range = parseRange(q.range);
  const { where, params, filters } = parseFilter(q.filter, spec, options.paramOffset ?? 0);
  return {
    orderBy,
    limit: range ? range[1] - range[0] + 1 : null,
    offset: range ? range[0] : 0,
    where,
    params,
    ...(Object.keys(filters).length ? { filters } : {}),
    range,
  };
}

/** ` WHERE a AND b`, or '' when there is no condition. */
export function whereClause(conditions: string[]): string {
  return conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
}

/** ` ORDER BY … LIMIT … OFFSET …` of a parsed query (limit and offset are checked integers, safe to inline). */
export function pageClause(q: Pick<ListQuery, 'orderBy' | 'limit' | 'offset'>): string {
  return ` ORDER BY ${q.orderBy}${q.limit === null ? '' : ` LIMIT ${q.limit} OFFSET ${q.offset}`}`;
}

/** ` LIMIT $n OFFSET $m` bound after `params` (nothing without a limit), and the parameters with them. */
export function boundPage(list: Pick<ListQuery, 'limit' | 'offset'>, params: unknown[]) {
  if (list.limit === null) return { sql: '', params };
  return {
    sql: ` LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    params: [...params, list.limit, list.offset],
  };
}

/** Answers one page in the form it was asked for: `{ total, data }` for skip/take, else as sendList does. */
export function sendPage<T>(
  reply: FastifyReply,
  resource: string,
  rows: T[],
  total: number,
  list: Pick<ListQuery, 'range' | 'skipTake'>,
): FastifyReply {
  if (list.skipTake) return reply.send({ total, data: rows });
  return sendList(reply, resource, rows, total, list.range);
}

/** Answers one page: the bare array and `Content-Range: <resource> <start>-<end>/<total>`. */
export function sendList<T>(
  reply: FastifyReply,
  resource: string,
  rows: T[],
  total: number,
  range: [number, number] | null,
): FastifyReply {
  return withContentRange(reply, resource, range, rows.length, total).send(rows);
}

/** `Content-Range: <resource> <start>-<end>/<total>` for a page of `count` rows starting at the range's first. */
export function withContentRange(
  reply: FastifyReply,
  resource: string,
  range: [number, number] | null,
  count: number,
  total: number,
): FastifyReply {
  const start = range ? range[0] : 0;
  // An empty page has no last row; ra-data-simple-rest only reads the total after the slash.
  const end = count ? start + count - 1 : start;
  return reply
    .header('Content-Range', `${resource} ${start}-${end}/${total}`)
    .header('Access-Control-Expose-Headers', 'Content-Range');
}
