// Runs one import (the job's work): the file is read as a stream, each row checked and staged in batches of
// BATCH_ROWS (progress counted as it goes), then one transaction decides duplicates set-based, inserts the good
// rows with ON CONFLICT DO NOTHING and completes the import. Nothing is a number before that commit, so an attempt
// that dies anywhere leaves nothing half-done: the next one (a pg-boss retry, or the sweep's) starts over from
// the file; a file that is gone fails the import with its reason.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MESSAGES, NUMBER_IMPORT } from '../../../contract/numbers';
import { CsvParser, type CsvRecord } from './csvParser';
import { HeaderError, checkRow, parseHeader, type Header, type StagedRow } from './rows';
import * as store from './store';
import type { NumberDeps } from './service';

export const BATCH_ROWS = 10_000;
/** An attempt shows progress at least this often while it reads (one heartbeat per batch). */
export const STALE_MS = 60_000;
/** An import that adds at least this many numbers refreshes the table's statistics. */
const ANALYZE_AFTER_ROWS = 10_000;
/** Attempts before an import is failed for good (pg-boss's retries and the sweep's both count). */
export const MAX_ATTEMPTS = 5;

/** Thrown when another attempt owns the import now: this one stops without touching it. */
class Superseded extends Error {}

async function* records(file: string): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8');
  let out: CsvRecord[] = [];
  const parser = new CsvParser(
    { maxFieldLength: NUMBER_IMPORT.maxFieldLength, maxFields: NUMBER_IMPORT.maxFields },
    (r) => out.push(r),
  );
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
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
  /** Called after each staged batch (with the rows read so far): where a test stops an attempt midway. */
  afterBatch?: (rowsRead: number) => void | Promise<void>;
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
    await store.failImport(deps.db, importId, IMPORT_MESSAGES.fileGone);
    deps.log.warn({ importId }, 'number import failed: its file is gone');
    return;
  }
  const runId = randomUUID();
  if (!(await store.beginRun(deps.db, importId, runId, deps.now()))) return;
  const began = Date.now();
  let header: Header | null = null;
  let read = 0;
  let failed = 0;
  let batch: StagedRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await store.stageRows(deps.db, importId, runId, batch);
    batch = [];
    const run = { id: importId, runId, now: deps.now() };
    if (!(await store.heartbeat(deps.db, run, read, failed))) throw new Superseded();
    await opts.afterBatch?.(read);
  };
  try {
    for await (const chunk of records(file)) {
      for (const record of chunk) {
        if (!header) {
          header = parseHeader(record);
          continue;
        }
        const row = checkRow(header, record);
        read++;
        if (row.reason) failed++;
        batch.push(row);
        if (batch.length >= BATCH_ROWS) await flush();
      }
    }
    if (!header) throw new HeaderError(IMPORT_MESSAGES.noHeader);
    await flush();
    const result = await deps.db.transaction((tx) => store.commitRun(tx, importId, runId));
    if (!result) throw new Superseded();
    fs.rmSync(file, { force: true });
    // Fresh statistics after a large import, so the listing's plans fit (PGlite has no autovacuum).
    if (result.success >= ANALYZE_AFTER_ROWS) await deps.db.query('ANALYZE numbers');
    deps.log.info({ importId, ...result, ms: Date.now() - began }, 'number import completed');
  } catch (e) {
    if (e instanceof Superseded) {
      await store.dropRun(deps.db, runId);
      return;
    }
    if (e instanceof HeaderError) {
      await store.failImport(deps.db, importId, e.message);
      fs.rmSync(file, { force: true });
      return;
    }
    // This attempt is over: the next one (a retry, the sweep's) need not wait for its heartbeat to age.
    await store.endRun(deps.db, importId, runId).catch(() => undefined);
    throw e;
  }
}

/** The final attempt failed too: the import is marked failed with the reason rather than left processing. */
export async function giveUp(deps: NumberDeps, importId: string, err: unknown): Promise<void> {
  const imp = await store.getImport(deps.db, importId);
  deps.log.error({ err, importId }, 'number import failed on its last attempt');
  await store.failImport(deps.db, importId, IMPORT_MESSAGES.interrupted);
  if (imp?.file_path) {
    fs.rmSync(path.join(deps.config.dataDir, imp.file_path), { force: true, recursive: true });
  }
}
