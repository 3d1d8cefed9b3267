// SQL of numbers and their imports. Every read is scoped by the provider and leaves out the rows of imports not
// completed yet (visibleReads); only the importer writes numbers (runStore.ts).
import type { ImportStatus, NumberImport } from '../../../contract/numbers';
import type { Database, Queryable } from '../db';
import { type ListQuery, pageClause, whereClause } from '../http/list';
import { NumberImport as NumberImportShape } from '../../../contract/wire/numbers';
import { isoTime, jsonPage, jsonRecord, jsonRow } from '../http/jsonPage';

export * from './runStore';

export interface ImportRow {
  id: string;
  service_provider_id: string;
  filename: string;
  file_path: string | null;
  status: ImportStatus;
  count: number;
  success_count: number;
  fail_count: number;
  reason: string | null;
  attempts: number;
  run_id: string | null;
  heartbeat_on: Date | null;
  hidden_rows: boolean;
  report_rows: number;
}

export async function providerExists(db: Queryable, providerId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM service_providers WHERE id = $1', [providerId], {
    prepare: true,
  });
  return rows.length > 0;
}

export async function insertImport(
  db: Queryable,
  i: {
    id: string;
    providerId: string;
    accountId: string;
    filename: string;
    filePath: string;
    size: number;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO number_imports
       (id, service_provider_id, imported_by, filename, file_path, size_bytes, imported_on, heartbeat_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [i.id, i.providerId, i.accountId, i.filename, i.filePath, i.size, i.now],
  );
}

export async function getImport(db: Queryable, id: string): Promise<ImportRow | null> {
  const [row] = await db.query<ImportRow>('SELECT * FROM number_imports WHERE id = $1', [id]);
  return row ?? null;
}

/** An import as the database writes it for the history: every field of its wire shape (contract/wire/numbers.ts). */
const IMPORT_ROW = jsonRow(NumberImportShape, {
  id: 'id',
  imported_on: isoTime('imported_on'),
  filename: 'filename',
  status: 'status',
  count: 'count',
  success_count: 'success_count',
  fail_count: 'fail_count',
  completed_on: isoTime('completed_on'),
  reason: 'reason',
  report_rows: 'report_rows',
  more_errors: `(SELECT coalesce(json_agg(json_build_object('reason', c.reason, 'count', c.count)
                                 ORDER BY c.count DESC, c.reason), '[]'::json)
                   FROM number_import_error_counts c WHERE c.import_id = number_imports.id)`,
  report_expired: 'report_expired_on IS NOT NULL',
});

/** One import of this provider as the history writes it (the error report's owner check), or null. */
export async function importOf(db: Queryable, providerId: string, id: string): Promise<NumberImport | null> {
  const row = await jsonRecord<NumberImport>(
    db,
    'number_imports',
    IMPORT_ROW,
    ['service_provider_id = $1', 'id = $2'],
    [providerId, id],
  );
  return row ?? null;
}

/** One page of the provider's imports, written as JSON by the database; `list` binds from $2. */
export async function listImports(db: Queryable, providerId: string, list: ListQuery) {
  return jsonPage(
    db,
    'number_imports',
    IMPORT_ROW,
    ['service_provider_id = $1', ...list.where],
    [providerId, ...list.params],
    list,
  );
}

export interface ErrorRow {
  line: number;
  tn: string | null;
  voip_user: string | null;
  organization: string | null;
  assigned_on: string | null;
  reason: string;
}

/** A page of an import's rejected rows after `afterLine`, in line order (the error report pages by keyset). */
export async function errorPage(db: Queryable, importId: string, afterLine: number, limit: number) {
  return db.query<ErrorRow>(
    `SELECT line, tn, voip_user, organization, assigned_on, reason FROM number_import_errors
      WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT $3`,
    [importId, afterLine, limit],
  );
}

export interface NumberRow {
  id: string;
  tn_uuid: string;
  tn: string;
  created_on: Date;
  assigned_on: string | null;
  voip_user: string | null;
  organization: string | null;
}

/** A number's id, derived from the provider and the number (stable, nothing to generate or store). */
export const numberId = (t: string) => `md5(${t}.service_provider_id::text || '/' || ${t}.tn)::uuid`;

/** A number's fields, with its id. */
export function numberFields(t: string): string {
  const id = numberId(t);
  return `${id} AS id, ${id} AS tn_uuid, ${t}.tn, ${t}.created_on, ${t}.assigned_on, ${t}.voip_user, ${t}.organization`;
}

/** What leaves out the rows of `hidden` imports, its array bound as the next of `params` (nothing when none). */
function visibility(hidden: string[], params: unknown[]): string[] {
  if (!hidden.length) return [];
  params.push(hidden);
  return [`coalesce(import_id <> ALL($${params.length}::uuid[]), true)`];
}

/**
 * Runs reads of one provider's numbers on one snapshot, given the imports whose rows they must leave out (those
 * written by imports not completed, almost always none: then the reads keep their index-only scans). One snapshot:
 * a batch committed between the two reads could otherwise show.
 */
export async function visibleReads<T>(
  db: Database,
  providerId: string,
  fn: (tx: Queryable, hidden: string[]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const rows = await tx.query<{ id: string }>(
      'SELECT id FROM number_imports WHERE service_provider_id = $1 AND hidden_rows',
      [providerId],
    );
    return fn(
      tx,
      rows.map((r) => r.id),
    );
  });
}

type Filters = Pick<ListQuery, 'where' | 'params'>;

/**
 * A page of this provider's numbers, and whether a row follows it (one more row is read to tell). The page's
 * numbers are found first on the sort's index alone (an index-only scan: skipped and filtered rows cost no heap
 * read), then only those rows are read.
 */
export async function listNumbers(
  db: Queryable,
  providerId: string,
  hidden: string[],
  list: ListQuery & { limit: number },
) {
  const params = [providerId, ...list.params];
  const where = whereClause(['service_provider_id = $1', ...list.where, ...visibility(hidden, params)]);
  const rows = await db.query<NumberRow>(
    `SELECT ${numberFields('n')}
       FROM (SELECT tn AS key, row_number() OVER (ORDER BY ${list.orderBy}) AS ord
               FROM numbers${where}${pageClause({ ...list, limit: list.limit + 1 })}) page
       JOIN numbers n ON n.service_provider_id = $1 AND n.tn = page.key
      ORDER BY page.ord`,
    params,
  );
  const hasNext = rows.length > list.limit;
  return { rows: hasNext ? rows.slice(0, list.limit) : rows, hasNext };
}

/** All numbers of the provider: the counter the imports keep. */
export async function numberTotal(db: Queryable, providerId: string): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    'SELECT total FROM number_counts WHERE service_provider_id = $1',
    [providerId],
  );
  return row?.total ?? 0;
}

/** The filtered count when it is at most `cap`, else null (counting stops at cap + 1 rows). */
export async function cappedCount(
  db: Queryable,
  providerId: string,
  hidden: string[],
  list: Filters,
  cap: number,
): Promise<number | null> {
  const params = [providerId, ...list.params];
  const where = whereClause(['service_provider_id = $1', ...list.where, ...visibility(hidden, params)]);
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM numbers${where} LIMIT ${cap + 1}) s`,
    params,
  );
  return n > cap ? null : n;
}

/** The numbers that hold a search: all of them when at most the cap, else the range of numbers they lie in. */
export type ContainsMatches = { tns: string[] } | { tns: null; first: string; last: string };

/**
 * The provider's numbers that contain `digits` (4 or more), found from its 1,000-blocks (migration 016): a match
 * lies within a block, or begins in its last k digits and ends in the number's last 3. Each block that could hold
 * one gives the prefix (the block, and the digits of the last 3 the search fixes) of a range of the primary key
 * whose every number matches; prefixes that extend another (found by joining on their first 7 to 9 digits, not by
 * comparing every pair) are dropped so that the ranges do not overlap. Up to `cap` visible numbers are read (the
 * rows of `hidden` imports left out: then from the table, else from the index alone); more answer the first and last
 * number the ranges span instead. The CTEs are materialized and the range read kept a subquery (OFFSET 0), so that the
 * plan walks the ranges rather than the provider's numbers.
 */
export async function containsMatches(
  db: Queryable,
  providerId: string,
  hidden: string[],
  digits: string,
  cap: number,
): Promise<ContainsMatches> {
  const params: unknown[] = [providerId, digits, cap];
  const visible = visibility(hidden, params)
    .map((c) => ` AND ${c}`)
    .join('');
  const [row] = await db.query<{
    tns: string[] | null;
    over: boolean;
    first: string | null;
    last: string | null;
  }>(
    `WITH prefix AS MATERIALIZED (
       SELECT block AS p FROM number_blocks WHERE service_provider_id = $1 AND strpos(block, $2) > 0
       UNION
       SELECT block || substr($2, k + 1)
         FROM generate_series(greatest(1, length($2) - 3), least(length($2) - 1, 7)) AS k, number_blocks
        WHERE service_provider_id = $1
          AND reverse(block) >= reverse(left($2, k)) AND reverse(block) < reverse(left($2, k)) || ':'
     ), nested AS (
       SELECT longer.p FROM prefix longer CROSS JOIN generate_series(7, 9) AS len
         JOIN prefix shorter ON shorter.p = left(longer.p, len)
        WHERE len < length(longer.p)
     ), range AS MATERIALIZED (
       SELECT rpad(p, 10, '0') AS lo, rpad(p, 10, '9') AS hi FROM prefix WHERE p NOT IN (SELECT p FROM nested)
     ), found AS (
       SELECT n.tn FROM range CROSS JOIN LATERAL (
         SELECT tn FROM numbers WHERE service_provider_id = $1 AND tn BETWEEN range.lo AND range.hi${visible}
         OFFSET 0) n
       LIMIT $3::int + 1
     )
     SELECT (SELECT array_agg(tn) FROM found) AS tns, (SELECT count(*) > $3::int FROM found) AS over,
            (SELECT min(lo) FROM range) AS first, (SELECT max(hi) FROM range) AS last`,
    params,
  );
  if (row.over) return { tns: null, first: row.first!, last: row.last! };
  return { tns: row.tns ?? [] };
}

/** Of the provider's first `scanCap` numbers (in number order, on the primary key alone), how many contain `digits`. */
export async function scanContains(
  db: Queryable,
  providerId: string,
  hidden: string[],
  digits: string,
  scanCap: number,
): Promise<{ n: number; scanned: number }> {
  const params: unknown[] = [providerId, digits];
  const inner = whereClause(['service_provider_id = $1', ...visibility(hidden, params)]);
  const [row] = await db.query<{ n: number; scanned: number }>(
    `SELECT count(*) FILTER (WHERE strpos(tn, $2) > 0)::int AS n, count(*)::int AS scanned
       FROM (SELECT tn FROM numbers${inner} ORDER BY tn LIMIT ${scanCap}) s`,
    params,
  );
  return row;
}

/**
 * Up to `limit` + 1 distinct values of a column from `prefix` on, in order: a loose index scan (one index probe per
 * value, on the (provider, column, tn) index), so its cost follows the values returned, not the numbers held.
 */
export async function distinctValues(
  db: Queryable,
  providerId: string,
  hidden: string[],
  column: 'voip_user' | 'organization',
  prefix: string,
  limit: number,
): Promise<string[]> {
  const params: unknown[] = [providerId, prefix, limit + 1];
  const visible = visibility(hidden, params)
    .map((c) => ` AND ${c}`)
    .join('');
  const rows = await db.query<{ v: string }>(
    `WITH RECURSIVE d(v) AS (
       (SELECT ${column} FROM numbers WHERE service_provider_id = $1 AND ${column} >= $2${visible}
         ORDER BY ${column} LIMIT 1)
       UNION ALL
       SELECT (SELECT ${column} FROM numbers WHERE service_provider_id = $1 AND ${column} > d.v${visible}
                ORDER BY ${column} LIMIT 1)
         FROM d WHERE d.v IS NOT NULL AND starts_with(d.v, $2)
     )
     SELECT v FROM d WHERE v IS NOT NULL AND starts_with(v, $2) LIMIT $3`,
    params,
  );
  return rows.map((r) => r.v);
}

export interface ExportRow {
  tn: string;
  created_on: Date;
  assigned_on: string | null;
  voip_user: string | null;
  organization: string | null;
}

/**
 * Up to `limit` numbers of the provider matching the filters after `afterTn`, in number order (the export's
 * keyset, on the primary key). One statement, so one snapshot: the rows of imports not completed (hidden_rows) are
 * left out by a condition read in the same statement rather than by visibleReads' transaction, whose four more
 * statements doubled the time of a page on PGlite.
 */
export async function exportPage(
  db: Queryable,
  providerId: string,
  list: Filters,
  afterTn: string,
  limit: number,
): Promise<ExportRow[]> {
  const params = [providerId, ...list.params, afterTn, limit];
  const where = whereClause([
    'service_provider_id = $1',
    ...list.where,
    `tn > $${params.length - 1}`,
    `coalesce(import_id <> ALL (ARRAY(
       SELECT id FROM number_imports WHERE service_provider_id = $1 AND hidden_rows)), true)`,
  ]);
  return db.query<ExportRow>(
    `SELECT tn, created_on, assigned_on, voip_user, organization FROM numbers${where}
      ORDER BY tn LIMIT $${params.length}`,
    params,
  );
}
