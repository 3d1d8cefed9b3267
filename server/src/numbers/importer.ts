// Runs one import (the job's work): the file is read as a stream, each row checked, and the rows written in
// batches, each one short transaction that inserts the good rows with ON CONFLICT DO NOTHING (a conflict is a
// duplicate: held already, or brought by an earlier line), keeps the failures with their reason and moves the
// counts. The rows stay hidden from every read until the import completes, in one statement: an attempt that dies
// anywhere shows nothing half-done, and the next one (a pg-boss retry, or the sweep's) resumes after the last
// committed batch. An import that fails for good has its rows removed; a file that is gone fails the import.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MESSAGES, NUMBER_IMPORT, ROW_MESSAGES } from '../../../contract/numbers';
import { CsvParser, type CsvRecord } from './csvParser';
import { HeaderError, checkRow, parseHeader, type Header } from './rows';
import { type Batch, type BatchRow, LostRun, type Run } from './runStore';
import * as store from './store';
import type { NumberDeps } from './service';

/** Rows per batch at first, and the bounds of its size; the size then follows TARGET_MS of the batches' time. */
export const FIRST_BATCH_ROWS = 2_000;
const MIN_BATCH_ROWS = 200;
const MAX_BATCH_ROWS = 20_000;
/**
 * How long one batch's transaction should take: on PGlite, whose one connection serves every request, short, so
 * that the portal answers while an import runs; on PostgreSQL, where other requests use other connections, longer.
 */
const TARGET_MS = { pglite: 12, pg: 400 } as const;
/** Batches written at once: PGlite has one connection; PostgreSQL writes two (each batch's work is one core's). */
const CONCURRENCY = { pglite: 1, pg: 2 } as const;
/** An attempt shows progress at least this often while it reads (one heartbeat per batch). */
export const STALE_MS = 60_000;
/** How often an import waiting for another of the same provider asks again. */
const WAIT_MS = 500;
/** An import that adds at least this many numbers refreshes the table's statistics. */
const ANALYZE_AFTER_ROWS = 10_000;
/** Attempts before an import is failed for good (pg-boss's retries and the sweep's both count). */
export const MAX_ATTEMPTS = 5;

/**
 * An import is refused as the wrong file once EARLY_CHECK_ROWS rows are written and at least EARLY_FAIL_RATIO of
 * them were rejected (a file of other data, or one imported already): it fails with IMPORT_MESSAGES.wrongFile
 * rather than reading the rest, its numbers are removed and its error report shows the first rejected rows.
 * Checked once, on the counts of the batches committed when the import first reaches that many rows.
 */
export const EARLY_CHECK_ROWS = 10_000;
export const EARLY_FAIL_RATIO = 0.9;

/** Thrown when another attempt owns the import now: this one stops without touching it. */
class Superseded extends Error {}
/** Thrown when the first rows show the wrong file (EARLY_CHECK_ROWS): the import fails with the message. */
class WrongFile extends Error {}

async function* records(file: string): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8');
  let out: CsvRecord[] = [];
  const parser = new CsvParser(
    { maxFieldLength: NUMBER_IMPORT.maxFieldLength, maxFields: NUMBER_IMPORT.maxFields },
    (r) => out.push(r),
  );
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
    parser.push(decoder.decode(chunk as Buffer, { stream: true }));
    if (out.length) {
      yield out;
      out = [];
    }
  }
  parser.push(decoder.decode());
  parser.end();
  if (out.length) yield out;
}

export interface RunOptions {
  /** Called after each committed batch (with the rows read so far): where a test stops an attempt midway. */
  afterBatch?: (rowsRead: number) => void | Promise<void>;
  /** A fixed batch size instead of the adaptive one (tests). */
  batchRows?: number;
  /** Batches written at once, instead of the driver's (tests). */
  concurrency?: number;
}

/** Collects checked rows into batches: a number seen twice in one batch fails there, naming its first line. */
class BatchBuilder {
  private good = new Map<string, BatchRow>();
  private failed: BatchRow[] = [];
  private firstLine = 0;
  private lastLine = 0;
  size = 0;

  add(row: BatchRow): void {
    if (!this.size) this.firstLine = row.line;
    this.size++;
    this.lastLine = row.line;
    if (row.reason) {
      this.failed.push(row);
      return;
    }
    const first = this.good.get(row.tn!);
    if (first) this.failed.push({ ...row, reason: ROW_MESSAGES.duplicateInFile(first.line) });
    else this.good.set(row.tn!, row);
  }

  /** The batch so far, its good rows in the primary key's order (fewer index pages touched); then empty. */
  take(): Batch {
    const good = [...this.good.values()].sort((a, b) => (a.tn! < b.tn! ? -1 : 1));
    const batch = { good, failed: this.failed, firstLine: this.firstLine, lastLine: this.lastLine };
    this.good = new Map();
    this.failed = [];
    this.size = 0;
    return batch;
  }
}

/** Waits while another import of the same provider runs; then this attempt owns the import (or it is done). */
async function takeOver(deps: NumberDeps, importId: string, runId: string) {
  for (;;) {
    const row = await store.beginRun(deps.db, importId, runId, deps.now(), STALE_MS);
    if (row !== 'busy') return row;
    await new Promise((r) => setTimeout(r, WAIT_MS));
  }
}

/** Runs the import `importId` to its end; idempotent (a finished import is left alone). */
export async function runImport(deps: NumberDeps, importId: string, opts: RunOptions = {}): Promise<void> {
  const imp = await store.getImport(deps.db, importId);
  if (!imp || imp.status === 'completed' || imp.status === 'failed') return;
  const alive = imp.heartbeat_on && deps.now().getTime() - imp.heartbeat_on.getTime() < STALE_MS;
  if (imp.status === 'processing' && alive) return; // another attempt is running it
  if (imp.attempts >= MAX_ATTEMPTS) {
    await giveUp(deps, importId, new Error(IMPORT_MESSAGES.interrupted));
    return;
  }
  const file = imp.file_path ? path.join(deps.config.dataDir, imp.file_path) : null;
  if (!file || !fs.existsSync(file)) {
    await failAndDiscard(deps, importId, IMPORT_MESSAGES.fileGone);
    deps.log.warn({ importId }, 'number import failed: its file is gone');
    return;
  }
  const runId = randomUUID();
  const owned = await takeOver(deps, importId, runId);
  if (!owned) return;
  const run: Run = { id: importId, runId, providerId: owned.service_provider_id };
  try {
    const result = await readAndWrite(deps, run, file, opts);
    fs.rmSync(file, { force: true });
    // Fresh statistics after a large import, so the listing's plans fit (PGlite has no autovacuum).
    if (result.success >= ANALYZE_AFTER_ROWS) await deps.db.query('ANALYZE numbers');
    deps.log.info({ importId, ...result }, 'number import completed');
  } catch (e) {
    if (e instanceof Superseded) return;
    if (e instanceof HeaderError || e instanceof WrongFile) {
      await failAndDiscard(deps, importId, e.message);
      fs.rmSync(file, { force: true });
      return;
    }
    // This attempt is over: the next one (a retry, the sweep's) need not wait for its heartbeat to age.
    await store.endRun(deps.db, importId, runId).catch(() => undefined);
    throw e;
  }
}

/** Tells whether a line was covered by a committed batch, asked in increasing line order. */
function coveredBy(ranges: [number, number][]) {
  let i = 0;
  return (line: number) => {
    while (i < ranges.length && ranges[i][1] < line) i++;
    return i < ranges.length && ranges[i][0] <= line;
  };
}

/**
 * Reads the file, skipping the lines committed batches covered, checks each row and writes the rows batch by batch:
 * the next batch is read while others are written (on PostgreSQL two at once). Ends by completing the import.
 */
async function readAndWrite(deps: NumberDeps, run: Run, file: string, opts: RunOptions) {
  const began = Date.now();
  const target = TARGET_MS[deps.db.driver];
  const concurrency = opts.concurrency ?? CONCURRENCY[deps.db.driver];
  const done = coveredBy(await store.doneLines(deps.db, run.id));
  let size = opts.batchRows ?? FIRST_BATCH_ROWS;
  let header: Header | null = null;
  let read = 0;
  const writing: Promise<void>[] = [];
  const builder = new BatchBuilder();
  let checked = false;
  const write = async (batch: Batch, rowsRead: number) => {
    const t0 = Date.now();
    let written: Awaited<ReturnType<typeof store.writeBatch>>;
    try {
      written = await deps.db.transaction((tx) => store.writeBatch(tx, run, batch, deps.now()));
    } catch (e) {
      throw e instanceof LostRun ? new Superseded() : e;
    }
    if (!checked && written.count >= EARLY_CHECK_ROWS) {
      checked = true;
      if (written.failCount >= written.count * EARLY_FAIL_RATIO) {
        throw new WrongFile(IMPORT_MESSAGES.wrongFile(written.failCount, written.count));
      }
    }
    if (!opts.batchRows) {
      const ms = Math.max(1, Date.now() - t0);
      size = Math.round(Math.min(MAX_BATCH_ROWS, Math.max(MIN_BATCH_ROWS, (size * target) / ms)));
    }
    await opts.afterBatch?.(rowsRead);
    // PGlite answers in promises alone: without a turn of the event loop between batches, requests would wait
    await new Promise((r) => setImmediate(r));
  };
  const settle = async (keep: number) => {
    while (writing.length > keep) {
      try {
        await writing[0];
      } catch (e) {
        await Promise.allSettled(writing); // none still running when the attempt reports its end
        throw e;
      }
      writing.shift();
    }
  };
  const flush = async () => {
    if (!builder.size) return;
    await settle(concurrency - 1);
    const w = write(builder.take(), read);
    w.catch(() => undefined); // awaited by settle; not an unhandled rejection meanwhile
    writing.push(w);
  };
  for await (const chunk of records(file)) {
    for (const record of chunk) {
      if (!header) {
        header = parseHeader(record);
        continue;
      }
      read++;
      if (done(record.line)) continue;
      builder.add(checkRow(header, record));
      // until the early check, batches stay small (unless fixed): the wrong file stops soon after EARLY_CHECK_ROWS
      if (builder.size >= (checked || opts.batchRows ? size : Math.min(size, FIRST_BATCH_ROWS)))
        await flush();
    }
  }
  if (!header) throw new HeaderError(IMPORT_MESSAGES.noHeader);
  await flush();
  await settle(0);
  if (!(await store.heartbeat(deps.db, run, deps.now()))) throw new Superseded();
  const result = await store.completeRun(deps.db, run);
  if (!result) throw new Superseded();
  return { ...result, ms: Date.now() - began };
}

/** Fails the import with its reason and removes the rows its attempts wrote. */
async function failAndDiscard(deps: NumberDeps, importId: string, reason: string): Promise<void> {
  await store.failImport(deps.db, importId, reason);
  await store.discardRows(deps.db, importId);
}

/** The final attempt failed too: the import is marked failed with the reason rather than left processing. */
export async function giveUp(deps: NumberDeps, importId: string, err: unknown): Promise<void> {
  const imp = await store.getImport(deps.db, importId);
  deps.log.error({ err, importId }, 'number import failed on its last attempt');
  await failAndDiscard(deps, importId, IMPORT_MESSAGES.interrupted);
  if (imp?.file_path) {
    fs.rmSync(path.join(deps.config.dataDir, imp.file_path), { force: true, recursive: true });
  }
}
