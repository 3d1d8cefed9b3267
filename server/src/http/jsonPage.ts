// A list's page written as JSON by the database (docs/performance.md, "Pages the database writes"): the rows leave
// PostgreSQL as one JSON text that the server sends as it is, without reading each row into objects and writing
// them out again. `jsonRow` builds each row's object from the fields of the route's response shape and nothing else,
// so the page is the same allow-list a response schema is.
import type { FastifyReply } from 'fastify';
import type { Queryable, QueryOptions } from '../db';
import { boundPage, whereClause, withContentRange, type ListQuery } from './list';

/** One page: its rows as a JSON array's text, how many rows it holds, and the total of the filtered rows. */
export interface JsonPage {
  json: string;
  count: number;
  total: number;
}

/** Whether a page, of rows or written as JSON, holds no row. */
export const isEmptyPage = (page: { rows: unknown[] } | JsonPage) =>
  'json' in page ? page.count === 0 : page.rows.length === 0;

/**
 * `json_build_object('field', <SQL>, …)` with exactly the fields of `shape` (a response object schema: TypeBox's or
 * http/responses.ts's `object`), each written by its SQL expression. A field of the shape without an expression, or
 * an expression for a field the shape lacks, is refused at once (when the module loads).
 */
export function jsonRow<K extends string>(
  shape: { properties: Record<K, unknown> },
  fields: { [F in K]: string },
): string {
  const wanted = Object.keys(shape.properties).sort();
  const given = Object.keys(fields).sort();
  if (wanted.join() !== given.join()) {
    throw new Error(`jsonRow: the fields ${given.join(', ')} are not the shape's ${wanted.join(', ')}`);
  }
  const pairs = (Object.keys(shape.properties) as K[]).map((k) => `'${k}', ${fields[k]}`);
  return `json_build_object(${pairs.join(', ')})`;
}

/** A timestamptz as JavaScript's toISOString writes it (UTC, milliseconds, `Z`); null stays null. */
export const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The most page statements whose text is kept (texts past it are built on each request). */
const MAX_PAGE_TEXTS = 1000;
/** The texts of the page statements built so far: by row, then source, then the rest of their parts. */
const pageTexts = new Map<string, Map<string, Map<string, string>>>();
let pageTextCount = 0;

/**
 * The text `build` makes of these parts, built once. A list's row and source are the same strings on every request,
 * so each request after the first gets the first one's text back, the same string, instead of a new one of a few kB
 * that the database layer would read through again to find its prepared name (docs/performance.md, "A list's text,
 * built once"). `rest` holds every other part the text is made of.
 */
function pageText(row: string, from: string, rest: string, build: () => string): string {
  const text = pageTexts.get(row)?.get(from)?.get(rest);
  if (text !== undefined) return text;
  const built = build();
  if (pageTextCount >= MAX_PAGE_TEXTS) return built;
  pageTextCount++;
  let byFrom = pageTexts.get(row);
  if (!byFrom) pageTexts.set(row, (byFrom = new Map()));
  let byRest = byFrom.get(from);
  if (!byRest) byFrom.set(from, (byRest = new Map()));
  byRest.set(rest, built);
  return built;
}

/**
 * One page of `from` as JSON, in one statement: the rows of the page in `orderBy` order, each written by `rowJson`
 * (from `jsonRow`), and the count of every row `where` keeps. LIMIT and OFFSET are bound after `params` (boundPage),
 * so that a list's text depends only on its sort and the filters given, a finite set the code spells out: it is kept
 * prepared unless `opts` says otherwise, as planning the text again is most of what a short page costs the database
 * (docs/performance.md).
 */
export async function jsonPage(
  q: Queryable,
  from: string,
  rowJson: string,
  where: string[],
  params: unknown[],
  list: Pick<ListQuery, 'orderBy' | 'limit' | 'offset'>,
  opts: QueryOptions = { prepare: true },
): Promise<JsonPage> {
  const paged = boundPage(list, params);
  // no part of SQL holds a NUL: the parts joined by it say which text they make
  const rest = `${where.join('\0')}\0${list.orderBy}\0${paged.sql}`;
  const sql = pageText(rowJson, from, rest, () => {
    const filtered = `${from}${whereClause(where)}`;
    // row_number() orders the array, and between the sort and the rows' JSON it has that JSON written only for the
    // rows the page keeps: without it PostgreSQL writes it for every row it sorts (docs/performance.md, "A list's
    // text, built once").
    return `SELECT (SELECT count(*)::int FROM ${filtered}) AS total, count(*)::int AS count,
            coalesce(json_agg(p.row ORDER BY p.at), '[]')::text AS json
       FROM (SELECT ${rowJson} AS row, row_number() OVER (ORDER BY ${list.orderBy}) AS at
               FROM ${filtered} ORDER BY ${list.orderBy}${paged.sql}) p`;
  });
  const [page] = await q.query<{ total: number; count: number; json: string }>(sql, paged.params, opts);
  return page;
}

/**
 * The one row of `from` that `where` keeps, written by `rowJson` (from `jsonRow`) as its list writes it, read back
 * as the wire object; undefined when no row is kept. A record's page and its list's rows are then one description.
 */
export async function jsonRecord<T>(
  q: Queryable,
  from: string,
  rowJson: string,
  where: string[],
  params: unknown[],
): Promise<T | undefined> {
  const rows = await q.query<{ json: string }>(
    `SELECT (${rowJson})::text AS json FROM ${from}${whereClause(where)}`,
    params,
  );
  return rows.length ? (JSON.parse(rows[0].json) as T) : undefined;
}

/** Answers a JSON page as the list protocol does: the array with Content-Range, or `{ total, data }` (skip/take). */
export function sendJsonPage(
  reply: FastifyReply,
  resource: string,
  page: JsonPage,
  list: Pick<ListQuery, 'range' | 'skipTake'>,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (list.skipTake) return reply.send(`{"total":${page.total},"data":${page.json}}`);
  return withContentRange(reply, resource, list.range, page.count, page.total).send(page.json);
}
