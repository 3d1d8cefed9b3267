// An import writes its rows batch by batch, but the listing, its counts, the filter options and the export show
// none of them until the import completes, and then all of them at once; an import that fails for good has the
// rows it wrote removed. Imports of one provider run one after the other.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../contract/numbers';
import { STALE_MS, runImport } from '../../server/src/numbers/importer';
import { importJob } from '../../server/src/numbers/jobs';
import type { NumberDeps } from '../../server/src/numbers/service';
import * as store from '../../server/src/numbers/store';
import { IMPORTS_DIR } from '../../server/src/numbers/upload';
import { type TestApp, createTestApp } from './helpers';
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
      filtered: 'numbers 0-0/3005',
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
