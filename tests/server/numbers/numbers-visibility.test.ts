// An import writes its rows batch by batch, but the listing, its counts, the filter options and the export show
// none of them until the import completes, and then all of them at once; an import that fails for good has the
// rows it wrote removed. Imports of one provider run one after the other.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../contract/numbers';
import { STALE_MS, runImport } from '../../../server/src/numbers/importer';
import { importJob } from '../../../server/src/numbers/jobs';
import type { NumberDeps } from '../../../server/src/numbers/service';
import * as store from '../../../server/src/numbers/store';
import { IMPORTS_DIR } from '../../../server/src/numbers/upload';
import { type TestApp, createTestApp } from '../helpers';
import { type Session, csvRows, importCsv, numberRows, providerSession } from './numbers-fixtures';

let t: TestApp;
let deps: NumberDeps;

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, config: t.config, jobs: t.services.jobs, log: t.services.log, now: () => new Date() };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** A pending import of `rows` CSV lines for the session's provider, as the upload leaves it (no job queued). */
async function pendingImport(s: Session, rows: string[]) {
  const id = randomUUID();
  const relPath = path.join(IMPORTS_DIR, `${id}.csv`);
  fs.mkdirSync(path.join(t.config.dataDir, IMPORTS_DIR), { recursive: true });
  const file = path.join(t.config.dataDir, relPath);
  fs.writeFileSync(file, ['tn,voip_user,organization,assigned_on', ...rows].join('\n'));
  const [sp] = await t.db.query<{ account_id: string }>(
    'SELECT account_id FROM service_providers WHERE id = $1',
    [s.p.spId],
  );
  await store.insertImport(t.db, {
    id,
    providerId: s.p.spId,
    accountId: sp.account_id,
    filename: 'big.csv',
    filePath: relPath,
    size: 1,
    now: new Date(),
  });
  return { id, file };
}

/** What the provider sees: the listing's total, a filtered total, the users offered, the export's rows. */
async function seen(s: Session) {
  const list = await s.get(`/api/service_provider/tn/assigned?range=${enc([0, 99])}`);
  const filtered = await s.get(
    `/api/service_provider/tn/assigned?filter=${enc({ q: '2015' })}&range=${enc([0, 0])}`,
  );
  const options = await s.get('/api/service_provider/tn/assigned/options');
  const exported = await s.get('/api/service_provider/tn/assigned/export');
  expect([list.statusCode, filtered.statusCode, options.statusCode, exported.statusCode]).toEqual([
    200, 200, 200, 200,
  ]);
  return {
    total: list.headers['content-range'],
    rows: (list.json() as unknown[]).length,
    filtered: filtered.headers['content-range'],
    users: (options.json() as { voip_users: string[] }).voip_users.length,
    exported: csvRows(exported.body).length - 1,
  };
}

describe('the rows of an import that is running', () => {
  it('show nowhere until it completes, then all at once', async () => {
    const s = await providerSession(t);
    expect(
      await importCsv(s, ['tn,voip_user,organization,assigned_on', ...numberRows(5)].join('\n')),
    ).toMatchObject({
      success_count: 5,
    });
    const before = await seen(s);
    expect(before).toEqual({
      total: 'numbers 0-4/5',
      rows: 5,
      filtered: 'numbers 0-0/5',
      users: 5,
      exported: 5,
    });
    // 3,000 new numbers with users of their own, and the 5 held ones again (failures: already held)
    const rows = [...numberRows(3000, 100, (tn, i) => `${tn},new user ${i},org,`), ...numberRows(5)];
    const imp = await pendingImport(s, rows);
    const during: unknown[] = [];
    await runImport(deps, imp.id, {
      batchRows: 1000,
      concurrency: 1,
      afterBatch: async () => {
        during.push(await seen(s));
        const progress = (await store.getImport(t.db, imp.id))!;
        expect(progress).toMatchObject({ status: 'processing', hidden_rows: true });
        expect(progress.success_count).toBeGreaterThan(0);
      },
    });
    expect(during).toHaveLength(4);
    for (const d of during) expect(d).toEqual(before);
    expect(await store.getImport(t.db, imp.id)).toMatchObject({
      status: 'completed',
      hidden_rows: false,
      count: 3005,
      success_count: 3000,
      fail_count: 5,
    });
    expect(await seen(s)).toEqual({
      total: 'numbers 0-99/3005',
      rows: 100,
      filtered: 'numbers 0-0/*', // 3,005 hold 2015: more than a search is counted to (CONTAINS_CAP)
      users: 50, // the options' default page, of 3,005 users
      exported: 3005,
    });
  }, 60_000);

  it('of an import that fails for good are removed, and never showed', async () => {
    const s = await providerSession(t);
    const imp = await pendingImport(s, numberRows(2500));
    await expect(
      runImport(deps, imp.id, {
        batchRows: 1000,
        concurrency: 1,
        afterBatch: (read) => {
          if (read >= 2000) throw new Error('the process dies here');
        },
      }),
    ).rejects.toThrow('the process dies here');
    const [{ written }] = await t.db.query<{ written: number }>(
      'SELECT count(*)::int AS written FROM numbers WHERE import_id = $1',
      [imp.id],
    );
    expect(written).toBe(2000);
    expect(await seen(s)).toMatchObject({ rows: 0, exported: 0, users: 0 });
    fs.rmSync(imp.file);
    await importJob(deps, { importId: imp.id });
    expect(await store.getImport(t.db, imp.id)).toMatchObject({
      status: 'failed',
      reason: IMPORT_MESSAGES.fileGone,
      hidden_rows: false,
    });
    const [{ left }] = await t.db.query<{ left: number }>(
      'SELECT count(*)::int AS left FROM numbers WHERE service_provider_id = $1',
      [s.p.spId],
    );
    expect(left).toBe(0);
  }, 60_000);
});

describe('two imports of one provider', () => {
  it('run one after the other: the second waits while the first is alive', async () => {
    const s = await providerSession(t);
    const first = await pendingImport(s, numberRows(1500));
    const second = await pendingImport(s, numberRows(1500, 1000));
    let secondRun: Promise<void> | null = null;
    await runImport(deps, first.id, {
      batchRows: 500,
      concurrency: 1,
      afterBatch: async () => {
        if (secondRun) return;
        secondRun = runImport(deps, second.id, { batchRows: 500 });
        await new Promise((r) => setTimeout(r, 300));
        // still waiting its turn, and alive for the sweep
        const waiting = (await store.getImport(t.db, second.id))!;
        expect(waiting.status).toBe('pending');
        expect(Date.now() - waiting.heartbeat_on!.getTime()).toBeLessThan(STALE_MS);
      },
    });
    await secondRun;
    expect(await store.getImport(t.db, first.id)).toMatchObject({ status: 'completed', success_count: 1500 });
    // numbers 1000..1499 were the first import's: held when the second one ran
    expect(await store.getImport(t.db, second.id)).toMatchObject({
      status: 'completed',
      success_count: 1000,
      fail_count: 500,
    });
  }, 60_000);
});

describe('batches that commit out of order (PostgreSQL writes two at once)', () => {
  const row = (line: number, tn: string, user: string) => ({
    line,
    tn,
    tnRaw: tn,
    voipUser: user,
    organization: null,
    assignedOnRaw: null,
    assignedOn: null,
    reason: null,
  });

  it('an earlier line takes a number over from a later line, which becomes the duplicate', async () => {
    const s = await providerSession(t);
    const imp = await pendingImport(s, []);
    const runId = randomUUID();
    const owned = await store.beginRun(t.db, imp.id, runId, new Date(), STALE_MS);
    expect(owned).toMatchObject({ status: 'processing' });
    const run = { id: imp.id, runId, providerId: s.p.spId };
    const write = (batch: store.Batch) =>
      t.db.transaction((tx) => store.writeBatch(tx, run, batch, new Date()));
    // lines 5-6 commit first; lines 2-4 bring 2015550001 again, on an earlier line
    await write({
      good: [row(5, '2015550001', 'later'), row(6, '2015550002', 'later')],
      failed: [],
      firstLine: 5,
      lastLine: 6,
    });
    await write({
      good: [row(2, '2015550001', 'earlier'), row(3, '2015550003', 'earlier'), row(4, '2015550002', 'x')],
      failed: [],
      firstLine: 2,
      lastLine: 4,
    });
    // line 4 is earlier than line 6 as well: it takes 2015550002 over too
    const progress = (await store.getImport(t.db, imp.id))!;
    expect(progress).toMatchObject({ count: 5, success_count: 3, fail_count: 2 });
    // the same lines written again (an attempt that resumed) change nothing
    await write({ good: [row(3, '2015550003', 'earlier')], failed: [], firstLine: 3, lastLine: 3 });
    expect(await store.getImport(t.db, imp.id)).toMatchObject({ count: 5, success_count: 3, fail_count: 2 });
    expect(await store.completeRun(t.db, run)).toEqual({ count: 5, success: 3, failed: 2 });
    const held = await t.db.query<{ tn: string; voip_user: string; import_line: number }>(
      'SELECT tn, voip_user, import_line FROM numbers WHERE service_provider_id = $1 ORDER BY tn',
      [s.p.spId],
    );
    expect(held).toEqual([
      { tn: '2015550001', voip_user: 'earlier', import_line: 2 },
      { tn: '2015550002', voip_user: 'x', import_line: 4 },
      { tn: '2015550003', voip_user: 'earlier', import_line: 3 },
    ]);
    const report = await s.get(`/api/service_provider/tn/import-history/${imp.id}/errors`);
    expect(csvRows(report.body).slice(1)).toEqual([
      '5,2015550001,later,,,Duplicate of line 2 of this file',
      '6,2015550002,later,,,Duplicate of line 4 of this file',
    ]);
  });
});

describe('two batches written at once', () => {
  it('keep every number once, from its first line, and name an earlier line for every repeat', async () => {
    const s = await providerSession(t);
    const numbers = numberRows(6000, 0, (tn) => tn);
    // 600 repeats of numbers from anywhere in the file, put anywhere: many land in batches written at once
    const lines = [...numbers];
    for (let i = 0; i < 600; i++) {
      const at = (i * 7919) % lines.length;
      lines.splice(at, 0, numbers[(i * 104729) % numbers.length]);
    }
    const imp = await pendingImport(
      s,
      lines.map((tn) => `${tn},,,`),
    );
    await runImport(deps, imp.id, { batchRows: 300, concurrency: 2 });
    expect(await store.getImport(t.db, imp.id)).toMatchObject({
      status: 'completed',
      count: 6600,
      success_count: 6000,
      fail_count: 600,
    });
    const fileLine = (n: number) => lines[n - 2]; // line 1 is the header
    const firstLine = new Map<string, number>();
    lines.forEach((tn, i) => firstLine.has(tn) || firstLine.set(tn, i + 2));
    const held = await t.db.query<{ tn: string; import_line: number }>(
      'SELECT tn, import_line FROM numbers WHERE service_provider_id = $1',
      [s.p.spId],
    );
    expect(held).toHaveLength(6000);
    for (const h of held) expect(h.import_line, h.tn).toBe(firstLine.get(h.tn));
    const report = csvRows((await s.get(`/api/service_provider/tn/import-history/${imp.id}/errors`)).body);
    expect(report).toHaveLength(601);
    for (const r of report.slice(1)) {
      const [line, tn, , , , reason] = r.split(',');
      const named = Number(/^Duplicate of line (\d+) of this file$/.exec(reason)?.[1]);
      expect(named, r).toBeLessThan(Number(line));
      expect(fileLine(named), r).toBe(tn);
      expect(fileLine(Number(line)), r).toBe(tn);
    }
  }, 60_000);
});
