// Crash safety of number imports: an attempt that dies midway (an error, or a process killed with SIGKILL) shows
// no number of its import, and the next attempt (pg-boss's retry or the sweep's) resumes after the last committed
// batch and imports the whole file exactly once; an import whose file is gone, or that keeps dying, ends failed
// with its reason instead of staying processing, and the rows it wrote are removed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../contract/numbers';
import { type Database, openPglite } from '../../../server/src/db';
import { migrate } from '../../../server/src/db/migrate';
import { MAX_ATTEMPTS, STALE_MS, runImport } from '../../../server/src/numbers/importer';
import { importJob, sweepImports } from '../../../server/src/numbers/jobs';
import type { NumberDeps } from '../../../server/src/numbers/service';
import * as store from '../../../server/src/numbers/store';
import { ABANDONED_UPLOAD_MARGIN_MS, IMPORTS_DIR } from '../../../server/src/numbers/upload';
import { type TestApp, createTestApp, usingPostgres } from '../helpers';
import { TEST_PGLITE_TEMPLATE } from '../db/pgliteTemplate';
import { numberRows } from './numbers-fixtures';

let t: TestApp;
let deps: NumberDeps;
/** A fixed batch size, so that an attempt dies at a known point. */
const BATCH_ROWS = 10_000;
const ROWS = BATCH_ROWS * 2 + 500;

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, config: t.config, jobs: t.services.jobs, log: t.services.log, now: () => new Date() };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Each provider of this file gets its own OCN (the column is unique; random ones collided now and then). */
let ocnCounter = 0;
async function newProvider(db: Database): Promise<string> {
  const ocn = `${String(ocnCounter++).padStart(3, '0')}Z`;
  const [account] = await db.query<{ id: string }>(
    `INSERT INTO accounts (type, email, first_name, last_name) VALUES ('service-provider', $1, 'C', 'R') RETURNING id`,
    [`crash-${randomUUID()}@carrier.test`],
  );
  const [sp] = await db.query<{ id: string }>(
    `INSERT INTO service_providers (account_id, ocn, company_name, phone_number, title, address, state, city, zipcode)
     VALUES ($1, $2, 'Crash Telecom', '2025550100', 'CTO', '1 Main St', 'NY', 'New York', '10001') RETURNING id`,
    [account.id, ocn],
  );
  return sp.id;
}

/** A pending import of a file of `rows` good numbers plus one duplicate, as the upload leaves it. */
async function pendingImport(db: Database, dataDir: string, rows = ROWS) {
  const providerId = await newProvider(db);
  const id = randomUUID();
  const relPath = path.join(IMPORTS_DIR, `${id}.csv`);
  fs.mkdirSync(path.join(dataDir, IMPORTS_DIR), { recursive: true });
  const lines = ['tn,voip_user,organization,assigned_on', ...numberRows(rows), numberRows(1)[0]];
  fs.writeFileSync(path.join(dataDir, relPath), lines.join('\n'));
  const [account] = await db.query<{ account_id: string }>(
    'SELECT account_id FROM service_providers WHERE id = $1',
    [providerId],
  );
  await store.insertImport(db, {
    id,
    providerId,
    accountId: account.account_id,
    filename: 'crash.csv',
    filePath: relPath,
    size: 1,
    now: new Date(),
  });
  return { id, providerId, file: path.join(dataDir, relPath) };
}

async function state(db: Database, id: string, providerId: string) {
  const imp = (await store.getImport(db, id))!;
  // what the listing shows (rows of imports not completed are hidden), and what the table holds
  const [{ numbers, written }] = await db.query<{ numbers: number; written: number }>(
    `SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM number_imports i WHERE i.id = n.import_id
                                                  AND i.hidden_rows))::int AS numbers,
            count(*)::int AS written
       FROM numbers n WHERE n.service_provider_id = $1`,
    [providerId],
  );
  return {
    status: imp.status,
    count: imp.count,
    success: imp.success_count,
    fail: imp.fail_count,
    numbers,
    written,
  };
}

const later = (ms: number) => () => new Date(Date.now() + ms);

/** A minute passes without a heartbeat: what the sweep and the next job see after a process died. */
async function ageHeartbeat(db: Database, id: string) {
  await db.query(
    `UPDATE number_imports SET heartbeat_on = heartbeat_on - make_interval(secs => $2) WHERE id = $1`,
    [id, (STALE_MS + 1000) / 1000],
  );
}

describe('an attempt that dies midway', () => {
  it('shows no number, shows its progress, and the retry resumes and imports everything exactly once', async () => {
    const imp = await pendingImport(t.db, t.config.dataDir);
    await expect(
      runImport(deps, imp.id, {
        batchRows: BATCH_ROWS,
        concurrency: 1,
        afterBatch: (rows) => {
          if (rows >= BATCH_ROWS * 2) throw new Error('the process dies here');
        },
      }),
    ).rejects.toThrow('the process dies here');
    expect(await state(t.db, imp.id, imp.providerId)).toEqual({
      status: 'processing',
      count: BATCH_ROWS * 2,
      success: BATCH_ROWS * 2,
      fail: 0,
      numbers: 0,
      written: BATCH_ROWS * 2,
    });
    // the lines the two committed batches covered (line 1 is the header): what the retry skips
    expect(await store.doneLines(t.db, imp.id)).toEqual([
      [2, BATCH_ROWS + 1],
      [BATCH_ROWS + 2, BATCH_ROWS * 2 + 1],
    ]);
    // pg-boss's retry of the job
    await importJob(
      deps,
      { importId: imp.id },
      { id: 'j', name: 'numbers.import', retryCount: 1, retryLimit: 3 },
    );
    expect(await state(t.db, imp.id, imp.providerId)).toEqual({
      status: 'completed',
      count: ROWS + 1,
      success: ROWS,
      fail: 1,
      numbers: ROWS,
      written: ROWS,
    });
    expect(fs.existsSync(imp.file)).toBe(false);
    const [{ total }] = await t.db.query<{ total: number }>(
      'SELECT total FROM number_counts WHERE service_provider_id = $1',
      [imp.providerId],
    );
    expect(total).toBe(ROWS);
    // a late duplicate of the job changes nothing
    await importJob(deps, { importId: imp.id });
    expect((await state(t.db, imp.id, imp.providerId)).numbers).toBe(ROWS);
  }, 60_000);

  it('an attempt overtaken by another stops at its next batch without committing', async () => {
    const imp = await pendingImport(t.db, t.config.dataDir);
    let overtaken = false;
    await runImport(deps, imp.id, {
      batchRows: BATCH_ROWS,
      concurrency: 1,
      afterBatch: async () => {
        if (overtaken) return;
        overtaken = true;
        // its heartbeat looks old to a second attempt, which runs the whole import
        await runImport({ ...deps, now: later(STALE_MS + 1000) }, imp.id);
      },
    });
    expect(await state(t.db, imp.id, imp.providerId)).toMatchObject({
      status: 'completed',
      success: ROWS,
      numbers: ROWS,
      written: ROWS,
    });
  }, 60_000);

  it('a job for an import whose attempt is alive (fresh heartbeat) does nothing', async () => {
    const imp = await pendingImport(t.db, t.config.dataDir, 10);
    await store.beginRun(t.db, imp.id, randomUUID(), new Date(), STALE_MS);
    await runImport(deps, imp.id);
    expect(await state(t.db, imp.id, imp.providerId)).toMatchObject({ status: 'processing', numbers: 0 });
    await store.failImport(t.db, imp.id, 'test over');
  });
});

describe('no import stays processing forever', () => {
  it('the sweep re-queues an import without a heartbeat, and the job queue completes it', async () => {
    const imp = await pendingImport(t.db, t.config.dataDir, 100);
    await store.beginRun(t.db, imp.id, randomUUID(), new Date(), STALE_MS);
    expect(await sweepImports(deps)).toEqual({ requeued: 0, failed: 0 });
    await ageHeartbeat(t.db, imp.id);
    expect(await sweepImports(deps)).toEqual({ requeued: 1, failed: 0 });
    const deadline = Date.now() + 30_000;
    while ((await store.getImport(t.db, imp.id))!.status !== 'completed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await state(t.db, imp.id, imp.providerId)).toMatchObject({ status: 'completed', numbers: 100 });
  }, 60_000);

  it('an import whose file is gone fails with its reason', async () => {
    const imp = await pendingImport(t.db, t.config.dataDir, 10);
    fs.rmSync(imp.file);
    await importJob(deps, { importId: imp.id });
    const row = (await store.getImport(t.db, imp.id))!;
    expect(row).toMatchObject({ status: 'failed', reason: IMPORT_MESSAGES.fileGone });
  });

  it('the last retry that fails, or too many attempts, fail the import with the reason', async () => {
    const imp = await pendingImport(t.db, t.config.dataDir, 10);
    // a file that cannot be read: every attempt fails
    fs.rmSync(imp.file);
    fs.mkdirSync(imp.file);
    const job = { id: 'j', name: 'numbers.import', retryCount: 0, retryLimit: 1 };
    await expect(importJob(deps, { importId: imp.id }, job)).rejects.toThrow();
    expect((await store.getImport(t.db, imp.id))!.status).toBe('processing');
    await importJob(deps, { importId: imp.id }, { ...job, retryCount: 1 });
    expect(await store.getImport(t.db, imp.id)).toMatchObject({
      status: 'failed',
      reason: IMPORT_MESSAGES.interrupted,
    });
    expect(fs.existsSync(imp.file)).toBe(false);

    const other = await pendingImport(t.db, t.config.dataDir, 10);
    await t.db.query('UPDATE number_imports SET attempts = $2 WHERE id = $1', [other.id, MAX_ATTEMPTS]);
    expect(await sweepImports({ ...deps, now: later(STALE_MS + 1000) })).toMatchObject({ failed: 1 });
    expect(await store.getImport(t.db, other.id)).toMatchObject({
      status: 'failed',
      reason: IMPORT_MESSAGES.interrupted,
    });
  });
});

describe('an upload cut by a killed process', () => {
  it('leaves a .part file that the sweep (run at start, then every minute) removes once no upload can still write it', async () => {
    const dir = path.join(t.config.dataDir, IMPORTS_DIR);
    fs.mkdirSync(dir, { recursive: true });
    const part = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'tn\n2015550100\n');
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(file, at, at);
      return file;
    };
    const abandoned = part(
      `${randomUUID()}.csv.part`,
      t.config.requestTimeoutMs + ABANDONED_UPLOAD_MARGIN_MS + 1000,
    );
    // an upload another server sharing the folder may still be receiving: written to within the request timeout
    const receiving = part(`${randomUUID()}.csv.part`, t.config.requestTimeoutMs);
    // a file waiting for its import is not an upload's
    const waiting = part(`${randomUUID()}.csv`, 24 * 3600 * 1000);
    await sweepImports(deps);
    expect([fs.existsSync(abandoned), fs.existsSync(receiving), fs.existsSync(waiting)]).toEqual([
      false,
      true,
      true,
    ]);
    fs.rmSync(receiving);
    fs.rmSync(waiting);
  });
});

describe('a process killed with SIGKILL mid-import', () => {
  /** Runs the import in a child process and kills it once `batches` batches are staged. */
  function runAndKill(where: string, dataDir: string, importId: string, batches: number) {
    return new Promise<{ seen: string[]; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, 'numbers-import-child.ts'), where, dataDir, importId],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const seen: string[] = [];
      let err = '';
      child.stderr.on('data', (d) => (err += String(d)));
      child.stdout.on('data', (d: Buffer) => {
        for (const line of String(d).split('\n').filter(Boolean)) {
          seen.push(line);
          if (seen.filter((l) => l.startsWith('batch')).length >= batches) child.kill('SIGKILL');
        }
      });
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        signal === 'SIGKILL' ? resolve({ seen, signal }) : reject(new Error(`child exited ${code}: ${err}`)),
      );
    });
  }

  it('loses nothing and leaves nothing half-done: on restart the import resumes and completes', async () => {
    if (usingPostgres) {
      const imp = await pendingImport(t.db, t.config.dataDir);
      const { seen } = await runAndKill(t.db.url!, t.config.dataDir, imp.id, 1);
      expect(seen).not.toContain('done');
      expect(await state(t.db, imp.id, imp.providerId)).toMatchObject({ status: 'processing', numbers: 0 });
      // a minute later, the sweep sees no heartbeat and re-queues it; the queue completes it
      await ageHeartbeat(t.db, imp.id);
      expect(await sweepImports(deps)).toMatchObject({ requeued: 1 });
      const deadline = Date.now() + 60_000;
      while ((await store.getImport(t.db, imp.id))!.status !== 'completed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await state(t.db, imp.id, imp.providerId)).toEqual({
        status: 'completed',
        count: ROWS + 1,
        success: ROWS,
        fail: 1,
        numbers: ROWS,
        written: ROWS,
      });
      return;
    }
    // PGlite: the database is the process's own folder; the restarted process opens it again
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'numbers-crash-'));
    const dbDir = path.join(dir, 'db');
    let db = await openPglite(dbDir, { template: TEST_PGLITE_TEMPLATE });
    await migrate(db);
    const imp = await pendingImport(db, dir);
    await db.close();
    const { seen } = await runAndKill(dbDir, dir, imp.id, 1);
    expect(seen).not.toContain('done');
    db = await openPglite(dbDir);
    try {
      expect(await state(db, imp.id, imp.providerId)).toMatchObject({ status: 'processing', numbers: 0 });
      const restarted: NumberDeps = {
        db,
        config: { dataDir: dir, numberImportMaxBytes: 1, requestTimeoutMs: 30_000 },
        jobs: t.services.jobs,
        log: pino({ enabled: false }) as unknown as FastifyBaseLogger,
        now: later(STALE_MS + 1000),
      };
      await importJob(restarted, { importId: imp.id });
      expect(await state(db, imp.id, imp.providerId)).toEqual({
        status: 'completed',
        count: ROWS + 1,
        success: ROWS,
        fail: 1,
        numbers: ROWS,
        written: ROWS,
      });
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
