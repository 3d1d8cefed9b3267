// SQL of an import's run: who runs it, its batches, its end. Rows are written into `numbers` batch by batch (each
// batch one short transaction that also records its progress) and stay hidden from every read until the import
// completes: the import's `hidden_rows` says so, and completing clears it in one statement. A run that dies
// leaves its committed batches and `lines_done`; the next attempt resumes after them. A failed import's rows are
// removed by discardRows, still hidden until they are gone.
import { ROW_MESSAGES } from '../../../contract/numbers';
import type { Database, Queryable } from '../db';
import { PG_ERRORS, pgErrorCode } from '../db/errors';
import { recordFailures } from './errorStore';
import type { StagedRow } from './rows';
import type { ImportRow } from './store';

export interface Run {
  id: string;
  runId: string;
  providerId: string;
}

/**
 * This attempt takes the import over (status processing, a new run id), keeping what committed batches did; or
 * 'busy' while another import of the same provider runs (imports of one provider run one after the other, so
 * that a duplicate is always told against committed or own rows), or null when the import is finished.
 */
export async function beginRun(
  db: Database,
  id: string,
  runId: string,
  now: Date,
  staleMs: number,
): Promise<ImportRow | 'busy' | null> {
  return db.transaction(async (tx) => {
    const [imp] = await tx.query<ImportRow>(
      `SELECT * FROM number_imports WHERE id = $1 AND status IN ('pending', 'processing') FOR UPDATE`,
      [id],
    );
    if (!imp) return null;
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `numbers:${imp.service_provider_id}`,
    ]);
    const others = await tx.query(
      `SELECT 1 FROM number_imports
        WHERE service_provider_id = $1 AND id <> $2 AND status = 'processing' AND heartbeat_on > $3 LIMIT 1`,
      [imp.service_provider_id, id, new Date(now.getTime() - staleMs)],
    );
    if (others.length) {
      // waiting is a sign of life too: the sweep leaves a queued import alone while it waits its turn
      await tx.query('UPDATE number_imports SET heartbeat_on = $2 WHERE id = $1', [id, now]);
      return 'busy';
    }
    const [row] = await tx.query<ImportRow>(
      `UPDATE number_imports
          SET status = 'processing', run_id = $2, attempts = attempts + 1, heartbeat_on = $3, hidden_rows = true,
              started_on = coalesce(started_on, $3), reason = NULL
        WHERE id = $1 RETURNING *`,
      [id, runId, now],
    );
    return row;
  });
}

/** A sign of life while the run reads; false when another attempt took over. */
export async function heartbeat(db: Queryable, run: Run, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE number_imports SET heartbeat_on = $3 WHERE id = $1 AND run_id = $2 AND status = 'processing' RETURNING 1`,
    [run.id, run.runId, now],
  );
  return rows.length > 0;
}

/** A checked row of the file: `tn` set when it is good, `reason` when it is not. */
export type BatchRow = StagedRow;

export interface Batch {
  /** Good rows, one per number (a repeat within the batch is a failure), in number order. */
  good: BatchRow[];
  /** Rows that failed a check, with their reason. */
  failed: BatchRow[];
  /** The lines of the file this batch covers. */
  firstLine: number;
  lastLine: number;
}

/** Thrown inside a batch's transaction (rolling it back) when the run no longer owns the import. */
export class LostRun extends Error {}

const INSERT_NUMBERS = `INSERT INTO numbers (service_provider_id, import_id, tn, voip_user, organization, assigned_on, import_line)
  SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::date[], $7::int[])`;

/**
 * Inserts the batch's good rows; answers the numbers that conflicted (held already, or by this import). Almost every
 * batch conflicts with nothing, so it is first written by a plain insert under a savepoint: ON CONFLICT's
 * speculative insertion costs a check and an extra WAL record per row (2 s of 15 per million rows on PostgreSQL).
 * A batch that does conflict is rolled back to the savepoint and written again with ON CONFLICT DO NOTHING, which
 * tells the conflicting numbers.
 */
async function insertGood(tx: Queryable, run: Run, good: BatchRow[]): Promise<string[]> {
  if (!good.length) return [];
  const params = [
    run.providerId,
    run.id,
    good.map((r) => r.tn),
    good.map((r) => r.voipUser),
    good.map((r) => r.organization),
    good.map((r) => r.assignedOn),
    good.map((r) => r.line),
  ];
  await tx.query('SAVEPOINT plain_insert');
  try {
    await tx.query(INSERT_NUMBERS, params);
    await tx.query('RELEASE SAVEPOINT plain_insert');
    return [];
  } catch (e) {
    if (pgErrorCode(e) !== PG_ERRORS.uniqueViolation) throw e;
    await tx.query('ROLLBACK TO SAVEPOINT plain_insert');
  }
  const rows = await tx.query<{ tn: string }>(
    `WITH ins AS (${INSERT_NUMBERS} ON CONFLICT (service_provider_id, tn) DO NOTHING RETURNING tn)
     SELECT i.tn FROM unnest($3::text[]) AS i (tn) WHERE i.tn NOT IN (SELECT tn FROM ins)`,
    params,
  );
  return rows.map((r) => r.tn);
}

/**
 * The 1,000-blocks of the batch's numbers that the provider did not hold yet (migration 016: what "number contains"
 * searches from), in order: two batches written at once that bring the same new block then wait for each other in
 * the same order.
 */
async function recordBlocks(tx: Queryable, run: Run, good: BatchRow[]): Promise<void> {
  if (!good.length) return;
  await tx.query(
    `INSERT INTO number_blocks (service_provider_id, block)
     SELECT DISTINCT $1::uuid, left(tn, 7) FROM unnest($2::text[]) AS tn ORDER BY 2
     ON CONFLICT DO NOTHING`,
    [run.providerId, good.map((r) => r.tn)],
  );
}

interface Held {
  tn: string;
  import_id: string | null;
  import_line: number | null;
  voip_user: string | null;
  organization: string | null;
  assigned_on: string | null;
}

/**
 * Decides each conflicting row, read in a statement of its own (a batch written at the same time has committed by
 * then): held by the provider before, a failure; brought by an earlier line of this file, a failure naming it; by
 * a later line (a batch of later lines committed first), this row takes the number over and the later line
 * becomes the failure; by this very line (an attempt that resumed), already counted.
 */
async function settleConflicts(tx: Queryable, run: Run, good: BatchRow[], tns: string[]) {
  const out = { failed: [] as BatchRow[], skipped: 0 };
  if (!tns.length) return out;
  const held = new Map(
    (
      await tx.query<Held>(
        `SELECT tn, import_id, import_line, voip_user, organization, assigned_on::text FROM numbers
          WHERE service_provider_id = $1 AND tn = ANY($2::text[])`,
        [run.providerId, tns],
      )
    ).map((h) => [h.tn, h]),
  );
  const conflicting = new Set(tns);
  for (const row of good) {
    if (!conflicting.has(row.tn!)) continue;
    const h = held.get(row.tn!);
    if (!h || h.import_id !== run.id || h.import_line === null) {
      out.failed.push({ ...row, reason: ROW_MESSAGES.duplicateHeld });
    } else if (h.import_line === row.line) {
      out.skipped++;
    } else if (h.import_line < row.line) {
      out.failed.push({ ...row, reason: ROW_MESSAGES.duplicateInFile(h.import_line) });
    } else {
      await tx.query(
        `UPDATE numbers SET voip_user = $3, organization = $4, assigned_on = $5, import_line = $6
          WHERE service_provider_id = $1 AND tn = $2`,
        [run.providerId, row.tn, row.voipUser, row.organization, row.assignedOn, row.line],
      );
      out.failed.push({
        line: h.import_line,
        tn: h.tn,
        tnRaw: null,
        voipUser: h.voip_user,
        organization: h.organization,
        assignedOnRaw: null,
        assignedOn: h.assigned_on,
        reason: ROW_MESSAGES.duplicateInFile(row.line),
      });
    }
  }
  return out;
}

/**
 * One batch, in the transaction `tx`: its good rows become (hidden) numbers of the provider, the conflicts are
 * settled, the batch's lines recorded, the import's counts moved and the failures kept for the error report (the
 * first ones) or counted. The import's row is locked only from the counts' statement on, so that two batches are
 * written at once; that statement also checks that this run still owns the import, and throws LostRun (rolling the
 * batch back) when it does not. Answers the batch's counts and the import's since its start.
 */
export async function writeBatch(tx: Queryable, run: Run, batch: Batch, now: Date) {
  const conflicts = await insertGood(tx, run, batch.good);
  const settled = await settleConflicts(tx, run, batch.good, conflicts);
  const failed = [...batch.failed, ...settled.failed];
  await recordBlocks(tx, run, batch.good);
  await tx.query('INSERT INTO number_import_batches (import_id, first_line, last_line) VALUES ($1, $2, $3)', [
    run.id,
    batch.firstLine,
    batch.lastLine,
  ]);
  // Counts: rows resumed past are not counted again; a number taken over from a later line makes that line (counted
  // as a success when its batch committed) a failure while this one succeeds: successes stay the rows inserted.
  const success = batch.good.length - conflicts.length;
  const [owned] = await tx.query<{ count: number; fail_count: number; report_rows: number }>(
    `UPDATE number_imports
        SET count = count + $3, success_count = success_count + $4, fail_count = fail_count + $5,
            heartbeat_on = $6
      WHERE id = $1 AND run_id = $2 AND status = 'processing' RETURNING count, fail_count, report_rows`,
    [run.id, run.runId, success + failed.length, success, failed.length, now],
  );
  if (!owned) throw new LostRun();
  await recordFailures(tx, run.id, failed, owned.report_rows);
  return { success, failed: failed.length, count: owned.count, failCount: owned.fail_count };
}

/** The lines the committed batches of an import cover, in order: what a resumed attempt skips. */
export async function doneLines(db: Queryable, id: string): Promise<[number, number][]> {
  const rows = await db.query<{ first_line: number; last_line: number }>(
    'SELECT first_line, last_line FROM number_import_batches WHERE import_id = $1 ORDER BY first_line',
    [id],
  );
  return rows.map((r) => [r.first_line, r.last_line]);
}

/**
 * The run's end: the import completes and its numbers become visible in one statement; the provider's total moves.
 * Null when this run no longer owns the import.
 */
export async function completeRun(
  db: Database,
  run: Run,
): Promise<{ count: number; success: number; failed: number } | null> {
  return db.transaction(async (tx) => {
    const [done] = await tx.query<{ count: number; success_count: number; fail_count: number }>(
      `UPDATE number_imports
          SET status = 'completed', hidden_rows = false, completed_on = now(), heartbeat_on = now(),
              file_path = NULL, reason = NULL
        WHERE id = $1 AND run_id = $2 AND status = 'processing'
        RETURNING count, success_count, fail_count`,
      [run.id, run.runId],
    );
    if (!done) return null;
    await tx.query('DELETE FROM number_import_batches WHERE import_id = $1', [run.id]);
    await tx.query(
      `INSERT INTO number_counts (service_provider_id, total) VALUES ($1, $2)
       ON CONFLICT (service_provider_id) DO UPDATE SET total = number_counts.total + EXCLUDED.total`,
      [run.providerId, done.success_count],
    );
    return { count: done.count, success: done.success_count, failed: done.fail_count };
  });
}

/** An attempt that stopped on an error lets go of the import (its heartbeat no longer says it runs). */
export async function endRun(db: Queryable, id: string, runId: string): Promise<void> {
  await db.query(`UPDATE number_imports SET heartbeat_on = NULL WHERE id = $1 AND run_id = $2`, [id, runId]);
}

/** Fails an unfinished import with its reason; its hidden rows (if any) stay hidden until discardRows. */
export async function failImport(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE number_imports SET status = 'failed', reason = $2, completed_on = now(), file_path = NULL
      WHERE id = $1 AND status IN ('pending', 'processing')`,
    [id, reason],
  );
  await db.query('DELETE FROM number_import_batches WHERE import_id = $1', [id]);
}

const DISCARD_ROWS = 5_000;

/**
 * Removes the rows a failed import wrote, a few thousand per statement (each short: PGlite answers other requests
 * between them), walking the provider's numbers in order; then the import holds no hidden rows any more.
 */
export async function discardRows(db: Database, id: string): Promise<number> {
  const [imp] = await db.query<{ service_provider_id: string; status: string; hidden_rows: boolean }>(
    'SELECT service_provider_id, status, hidden_rows FROM number_imports WHERE id = $1',
    [id],
  );
  if (!imp || imp.status !== 'failed' || !imp.hidden_rows) return 0;
  let after = '';
  let removed = 0;
  for (;;) {
    const rows = await db.query<{ tn: string }>(
      `DELETE FROM numbers WHERE service_provider_id = $1 AND tn IN (
         SELECT tn FROM numbers WHERE service_provider_id = $1 AND tn > $3 AND import_id = $2
          ORDER BY tn LIMIT ${DISCARD_ROWS})
       RETURNING tn`,
      [imp.service_provider_id, id, after],
    );
    if (!rows.length) break;
    removed += rows.length;
    after = rows.reduce((max, r) => (r.tn > max ? r.tn : max), after);
  }
  await db.query(`UPDATE number_imports SET hidden_rows = false WHERE id = $1 AND status = 'failed'`, [id]);
  return removed;
}

/** Imports waiting or running whose last sign of life is older than `before`, and failed ones still to clean. */
export async function staleImports(db: Queryable, before: Date): Promise<ImportRow[]> {
  return db.query<ImportRow>(
    `SELECT * FROM number_imports
      WHERE (status IN ('pending', 'processing') AND (heartbeat_on IS NULL OR heartbeat_on < $1))
         OR (status = 'failed' AND hidden_rows)
      ORDER BY imported_on LIMIT 1000`,
    [before],
  );
}
