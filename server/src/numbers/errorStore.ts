// SQL of an import's rejected rows: the error report keeps the first ERROR_REPORT_ROWS of them, the rows past those
// are counted by kind of reason, and a report is removed when its retention ends.
import { reasonKind } from '../../../contract/numbers';
import type { Queryable } from '../db';
import type { BatchRow } from './runStore';

/** The rejected rows an import's error report keeps (the first ones); the rows past them are only counted. */
export const ERROR_REPORT_ROWS = 10_000;
/** An error report is kept this long after its import ended; housekeeping then removes it. */
export const ERROR_REPORT_RETENTION_DAYS = 30;
/** Rows removed per statement when a report expires: each statement short (PGlite serves every request). */
const EXPIRE_ROWS = 5_000;

/**
 * Records a batch's rejected rows, in the batch's transaction once it holds the import's row (`kept`: the rows the
 * report lists so far, read under that lock, so that batches written at once never keep more than the bound
 * together): the first of them, in line order, while the report has room; the others counted by kind of reason.
 */
export async function recordFailures(
  tx: Queryable,
  importId: string,
  rows: BatchRow[],
  kept: number,
): Promise<void> {
  if (!rows.length) return;
  const sorted = [...rows].sort((a, b) => a.line - b.line);
  const listed = sorted.slice(0, Math.max(0, ERROR_REPORT_ROWS - kept));
  if (listed.length) {
    await tx.query(
      `INSERT INTO number_import_errors (import_id, line, tn, voip_user, organization, assigned_on, reason)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [
        importId,
        listed.map((r) => r.line),
        listed.map((r) => r.tnRaw ?? r.tn),
        listed.map((r) => r.voipUser),
        listed.map((r) => r.organization),
        listed.map((r) => r.assignedOnRaw ?? r.assignedOn),
        listed.map((r) => r.reason),
      ],
    );
    await tx.query('UPDATE number_imports SET report_rows = report_rows + $2 WHERE id = $1', [
      importId,
      listed.length,
    ]);
  }
  const counts = new Map<string, number>();
  for (const r of sorted.slice(listed.length)) {
    const kind = reasonKind(r.reason!);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  if (!counts.size) return;
  await tx.query(
    `INSERT INTO number_import_error_counts (import_id, reason, count)
     SELECT $1, * FROM unnest($2::text[], $3::int[])
     ON CONFLICT (import_id, reason) DO UPDATE SET count = number_import_error_counts.count + EXCLUDED.count`,
    [importId, [...counts.keys()], [...counts.values()]],
  );
}

/**
 * Removes the error reports of the imports that ended before `before` (their rows, a few thousand per statement,
 * and their counts), marking each expired; returns how many reports were removed.
 */
export async function expireErrorReports(db: Queryable, before: Date, now: Date): Promise<number> {
  const imports = await db.query<{ id: string }>(
    `SELECT id FROM number_imports
      WHERE report_expired_on IS NULL AND completed_on IS NOT NULL AND completed_on < $1
      ORDER BY completed_on LIMIT 1000`,
    [before],
  );
  for (const { id } of imports) {
    for (;;) {
      const gone = await db.query(
        `DELETE FROM number_import_errors WHERE import_id = $1 AND line IN (
           SELECT line FROM number_import_errors WHERE import_id = $1 ORDER BY line LIMIT ${EXPIRE_ROWS})
         RETURNING 1`,
        [id],
      );
      if (gone.length < EXPIRE_ROWS) break;
      // PGlite runs in this thread: requests waiting meanwhile are answered between two statements
      await new Promise((r) => setImmediate(r));
    }
    await db.query('DELETE FROM number_import_error_counts WHERE import_id = $1', [id]);
    await db.query('UPDATE number_imports SET report_expired_on = $2, report_rows = 0 WHERE id = $1', [
      id,
      now,
    ]);
  }
  return imports.length;
}
