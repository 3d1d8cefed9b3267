// SQL of numbers and their imports. Every read is scoped by the provider; only the importer writes numbers.
import type { ImportStatus, NumberImport } from '../../../contract/numbers';
import { ROW_MESSAGES } from '../../../contract/numbers';
import type { Queryable } from '../db';
import { type ListQuery, pageClause, whereClause } from '../http/list';
import type { StagedRow } from './rows';

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
}

const IMPORT_FIELDS = `id, imported_on, filename, status, count, success_count, fail_count, completed_on, reason`;

export async function providerExists(db: Queryable, providerId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM service_providers WHERE id = $1', [providerId]);
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

/** One import of this provider (the error report's owner check), or null. */
export async function importOf(db: Queryable, providerId: string, id: string): Promise<NumberImport | null> {
  const [row] = await db.query<NumberImport>(
    `SELECT ${IMPORT_FIELDS} FROM number_imports WHERE service_provider_id = $1 AND id = $2`,
    [providerId, id],
  );
  return row ?? null;
}

export async function listImports(db: Queryable, providerId: string, list: ListQuery) {
  const where = whereClause(['service_provider_id = $1', ...list.where]);
  const params = [providerId, ...list.params];
  const rows = await db.query<NumberImport>(
    `SELECT ${IMPORT_FIELDS} FROM number_imports${where}${pageClause(list)}`,
    params,
  );
  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM number_imports${where}`,
    params,
  );
  return { rows, total };
}

/** This attempt takes the import over: status processing, a new run id, counts back to zero. */
export async function beginRun(
  db: Queryable,
  id: string,
  runId: string,
  now: Date,
): Promise<ImportRow | null> {
  const [row] = await db.query<ImportRow>(
    `UPDATE number_imports
        SET status = 'processing', run_id = $2, attempts = attempts + 1, started_on = $3, heartbeat_on = $3,
            count = 0, success_count = 0, fail_count = 0, reason = NULL
      WHERE id = $1 AND status IN ('pending', 'processing')
      RETURNING *`,
    [id, runId, now],
  );
  if (row)
    await db.query('DELETE FROM number_import_staging WHERE import_id = $1 AND run_id <> $2', [id, runId]);
  return row ?? null;
}

/** Progress of a run: rows read so far and rows failed so far. False when another attempt took over. */
export async function heartbeat(
  db: Queryable,
  run: { id: string; runId: string; now: Date },
  count: number,
  failed: number,
) {
  const rows = await db.query(
    `UPDATE number_imports SET count = $3, fail_count = $4, heartbeat_on = $5
      WHERE id = $1 AND run_id = $2 AND status = 'processing' RETURNING 1`,
    [run.id, run.runId, count, failed, run.now],
  );
  return rows.length > 0;
}

/** One batch of rows into the staging table: one statement, the columns as arrays (PGlite and PostgreSQL alike). */
export async function stageRows(db: Queryable, importId: string, runId: string, rows: StagedRow[]) {
  await db.query(
    `INSERT INTO number_import_staging
       (run_id, import_id, line, tn, tn_raw, voip_user, organization, assigned_on_raw, assigned_on, reason)
     SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                                  $9::date[], $10::text[])`,
    [
      runId,
      importId,
      rows.map((r) => r.line),
      rows.map((r) => r.tn),
      // as written only when it differs from the stored value (most rows): less to send and to store
      rows.map((r) => (r.tnRaw === r.tn ? null : r.tnRaw)),
      rows.map((r) => r.voipUser),
      rows.map((r) => r.organization),
      rows.map((r) => (r.assignedOnRaw === r.assignedOn ? null : r.assignedOnRaw)),
      rows.map((r) => r.assignedOn),
      rows.map((r) => r.reason),
    ],
  );
}

/** The staged rows of an attempt that another one overtook. */
export async function dropRun(db: Queryable, runId: string): Promise<void> {
  await db.query('DELETE FROM number_import_staging WHERE run_id = $1', [runId]);
}

/** An attempt that stopped on an error lets go of the import (its heartbeat no longer says it runs). */
export async function endRun(db: Queryable, id: string, runId: string): Promise<void> {
  await db.query(`UPDATE number_imports SET heartbeat_on = NULL WHERE id = $1 AND run_id = $2`, [id, runId]);
}

export async function failImport(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE number_imports SET status = 'failed', reason = $2, completed_on = now(), file_path = NULL
      WHERE id = $1 AND status IN ('pending', 'processing')`,
    [id, reason],
  );
  await db.query('DELETE FROM number_import_staging WHERE import_id = $1', [id]);
}

/**
 * The committing transaction of an attempt: duplicates found set-based (earlier in the file, already held),
 * the good rows inserted, the others kept with their reason, the import completed with its final counts.
 * Null when this attempt no longer owns the import (another took over, or it is already finished).
 */
export async function commitRun(
  tx: Queryable,
  importId: string,
  runId: string,
): Promise<{ count: number; success: number; failed: number } | null> {
  const [imp] = await tx.query<ImportRow>('SELECT * FROM number_imports WHERE id = $1 FOR UPDATE', [
    importId,
  ]);
  if (!imp || imp.status !== 'processing' || imp.run_id !== runId) return null;
  const provider = imp.service_provider_id;
  // Two imports of one provider commit one after the other: each sees the other's numbers as held.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`numbers:${provider}`]);
  await tx.query(
    `CREATE TEMP TABLE number_import_work ON COMMIT DROP AS
     SELECT s.line, s.tn, s.tn_raw, s.voip_user, s.organization, s.assigned_on_raw, s.assigned_on,
            CASE WHEN s.reason IS NOT NULL THEN s.reason
                 WHEN s.first_line <> s.line THEN 'Duplicate of line ' || s.first_line || ' of this file'
                 WHEN EXISTS (SELECT 1 FROM numbers n WHERE n.service_provider_id = $2 AND n.tn = s.tn)
                   THEN $3
            END AS reason
       FROM (SELECT st.*, CASE WHEN st.reason IS NULL
                               THEN min(st.line) FILTER (WHERE st.reason IS NULL) OVER (PARTITION BY st.tn)
                          END AS first_line
               FROM number_import_staging st WHERE st.run_id = $1) s`,
    [runId, provider, ROW_MESSAGES.duplicateHeld],
  );
  const [{ success }] = await tx.query<{ success: number }>(
    `WITH ins AS (
       INSERT INTO numbers (service_provider_id, tn, voip_user, organization, assigned_on, import_id)
       SELECT $1, tn, voip_user, organization, assigned_on, $2 FROM number_import_work WHERE reason IS NULL
       ORDER BY tn -- the primary key's order: its pages are written once each
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS success FROM ins`,
    [provider, importId],
  );
  await tx.query(
    `INSERT INTO number_import_errors (import_id, line, tn, voip_user, organization, assigned_on, reason)
     SELECT $1, line, coalesce(tn_raw, tn), voip_user, organization, coalesce(assigned_on_raw, assigned_on::text),
            reason
       FROM number_import_work WHERE reason IS NOT NULL`,
    [importId],
  );
  const [{ count }] = await tx.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM number_import_work',
  );
  await tx.query(
    `INSERT INTO number_counts (service_provider_id, total) VALUES ($1, $2)
     ON CONFLICT (service_provider_id) DO UPDATE SET total = number_counts.total + EXCLUDED.total`,
    [provider, success],
  );
  await tx.query(
    `UPDATE number_imports SET status = 'completed', count = $2, success_count = $3, fail_count = $4,
            completed_on = now(), heartbeat_on = now(), file_path = NULL, reason = NULL
      WHERE id = $1`,
    [importId, count, success, count - success],
  );
  await tx.query('DELETE FROM number_import_staging WHERE import_id = $1', [importId]);
  return { count, success, failed: count - success };
}

/** Imports waiting or running whose last sign of life is older than `before`. */
export async function staleImports(db: Queryable, before: Date): Promise<ImportRow[]> {
  return db.query<ImportRow>(
    `SELECT * FROM number_imports
      WHERE status IN ('pending', 'processing') AND (heartbeat_on IS NULL OR heartbeat_on < $1)
      ORDER BY imported_on LIMIT 1000`,
    [before],
  );
}

/** A page of an import's rejected rows after `afterLine`, in line order (the error report pages by keyset). */
export async function errorPage(db: Queryable, importId: string, afterLine: number, limit: number) {
  return db.query<{
    line: number;
    tn: string | null;
    voip_user: string | null;
    organization: string | null;
    assigned_on: string | null;
    reason: string;
  }>(
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

/**
 * A page of this provider's numbers, and whether a row follows it (one more row is read to tell). The page's
 * numbers are found first on the sort's index alone (an index-only scan: skipped and filtered rows cost no heap
 * read), then only those rows are read.
 */
export async function listNumbers(db: Queryable, providerId: string, list: ListQuery & { limit: number }) {
  const where = whereClause(['service_provider_id = $1', ...list.where]);
  const rows = await db.query<NumberRow>(
    `SELECT n.tn_uuid AS id, n.tn_uuid, n.tn, n.created_on, n.assigned_on, n.voip_user, n.organization
       FROM (SELECT tn AS key, row_number() OVER (ORDER BY ${list.orderBy}) AS ord
               FROM numbers${where}${pageClause({ ...list, limit: list.limit + 1 })}) page
       JOIN numbers n ON n.service_provider_id = $1 AND n.tn = page.key
      ORDER BY page.ord`,
    [providerId, ...list.params],
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
  list: Pick<ListQuery, 'where' | 'params'>,
  cap: number,
): Promise<number | null> {
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM numbers${whereClause(['service_provider_id = $1', ...list.where])}
      LIMIT ${cap + 1}) s`,
    [providerId, ...list.params],
  );
  return n > cap ? null : n;
}

/**
 * Up to `limit` + 1 distinct values of a column from `prefix` on, in order: a loose index scan (one index probe per
 * value, on the (provider, column, tn) index), so its cost follows the values returned, not the numbers held.
 */
export async function distinctValues(
  db: Queryable,
  providerId: string,
  column: 'voip_user' | 'organization',
  prefix: string,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ v: string }>(
    `WITH RECURSIVE d(v) AS (
       (SELECT ${column} FROM numbers WHERE service_provider_id = $1 AND ${column} >= $2
         ORDER BY ${column} LIMIT 1)
       UNION ALL
       SELECT (SELECT ${column} FROM numbers WHERE service_provider_id = $1 AND ${column} > d.v
                ORDER BY ${column} LIMIT 1)
         FROM d WHERE d.v IS NOT NULL AND starts_with(d.v, $2)
     )
     SELECT v FROM d WHERE v IS NOT NULL AND starts_with(v, $2) LIMIT $3`,
    [providerId, prefix, limit + 1],
  );
  return rows.map((r) => r.v);
}

/** Up to `limit` numbers of the provider matching the filters after `afterTn`, in number order (the export's keyset). */
export async function numbersAfter(
  db: Queryable,
  providerId: string,
  list: Pick<ListQuery, 'where' | 'params'>,
  afterTn: string,
  limit: number,
) {
  const after = `$${list.params.length + 2}`;
  return db.query<NumberRow>(
    `SELECT tn_uuid AS id, tn_uuid, tn, created_on, assigned_on, voip_user, organization FROM numbers
      ${whereClause(['service_provider_id = $1', ...list.where, `tn > ${after}`])} ORDER BY tn LIMIT ${limit}`,
    [providerId, ...list.params, afterTn],
  );
}
