// An import's rejected rows are bounded: the error report keeps the first ERROR_REPORT_ROWS of them and the import's
// record counts the others by kind of reason; a file whose first rows are nearly all rejected is refused early as
// the wrong file; a report is removed by the housekeeping once its retention ends.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, ROW_MESSAGES } from '../../../contract/numbers';
import { runHousekeeping } from '../../../server/src/jobs/housekeeping';
import { ERROR_REPORT_RETENTION_DAYS, ERROR_REPORT_ROWS } from '../../../server/src/numbers/errorStore';
import { EARLY_CHECK_ROWS, FIRST_BATCH_ROWS } from '../../../server/src/numbers/importer';
import { type TestApp, createTestApp } from '../helpers';
import {
  type Session,
  csvRows,
  finished,
  importCsv,
  importRecord,
  providerSession,
} from './numbers-fixtures';

let t: TestApp;
let s: Session;

beforeAll(async () => {
  t = await createTestApp();
  s = await providerSession(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const HEADER = 'tn,voip_user,organization,assigned_on';
const report = (id: string) => s.get(`/api/service_provider/tn/import-history/${id}/errors`);

describe('the error report of an import with many rejected rows', () => {
  it(`lists the first ${ERROR_REPORT_ROWS} and the import counts the others by kind of reason`, async () => {
    // 22,000 rows, half rejected (not the wrong file): every other row is a missing number or a repeat
    const rows: string[] = [];
    for (let i = 0; i < 22_000; i++) {
      if (i % 4 === 1) rows.push(',someone,,');
      else if (i % 4 === 3) rows.push(`${2015550000 + i - 1},repeat,,`);
      else rows.push(`${2015550000 + i},user,,`);
    }
    const imp = await importCsv(s, [HEADER, ...rows].join('\n'));
    expect(imp).toMatchObject({
      status: 'completed',
      count: 22_000,
      success_count: 11_000,
      fail_count: 11_000,
      report_rows: ERROR_REPORT_ROWS,
      report_expired: false,
    });
    const kinds = [ROW_MESSAGES.tnMissing, 'Duplicate of an earlier line of this file'];
    for (const m of imp.more_errors) expect(kinds).toContain(m.reason);
    expect(imp.more_errors.reduce((n, m) => n + m.count, 0)).toBe(11_000 - ERROR_REPORT_ROWS);
    const res = await report(imp.id);
    expect(res.statusCode).toBe(200);
    const lines = csvRows(res.body);
    // the report keeps its columns: a header and one record per listed row, nothing after them
    expect(lines[0]).toBe('line,tn,voip_user,organization,assigned_on,reason');
    expect(lines).toHaveLength(ERROR_REPORT_ROWS + 1);
    const reasons = new Set(lines.slice(1).map((l) => l.split(',').slice(5).join(',')));
    for (const r of reasons)
      expect(r === ROW_MESSAGES.tnMissing || /^Duplicate of line \d+ of this file$/.test(r)).toBe(true);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM number_import_errors WHERE import_id = $1',
      [imp.id],
    );
    expect(n).toBe(ERROR_REPORT_ROWS);
  }, 120_000);

  it('an import with few rejected rows lists them all and counts nothing more', async () => {
    const imp = await importCsv(s, [HEADER, '2025550100,a,,', ',b,,', '12,c,,'].join('\n'));
    expect(imp).toMatchObject({ fail_count: 2, report_rows: 2, more_errors: [] });
  }, 60_000);
});

describe('a file whose first rows are nearly all rejected', () => {
  it(`is stopped once ${EARLY_CHECK_ROWS} rows are read, failed with why, its numbers removed`, async () => {
    // the same number 100,000 times: one row imported, every other a repeat
    const total = 100_000;
    const res = await s.upload([HEADER, ...Array.from({ length: total }, () => '4045550100,x,,')].join('\n'));
    expect(res.statusCode, res.body).toBe(202);
    const imp = await finished(s, res.json().id as string, 120_000);
    expect(imp.status).toBe('failed');
    expect(imp.reason).toMatch(
      /^Stopped early: [\d,]+ of the first [\d,]+ rows \(9\d %\) were rejected\. Is this the right file\?/,
    );
    // the figures the check saw (on PostgreSQL, a batch written at the same time may commit after it)
    const [failed, rows] = /^Stopped early: ([\d,]+) of the first ([\d,]+)/
      .exec(imp.reason!)!
      .slice(1)
      .map((n) => Number(n.replace(/,/g, '')));
    expect(imp.reason).toBe(IMPORT_MESSAGES.wrongFile(failed, rows));
    expect(rows).toBeGreaterThanOrEqual(EARLY_CHECK_ROWS);
    expect(rows).toBeLessThan(EARLY_CHECK_ROWS + 2 * FIRST_BATCH_ROWS);
    expect(imp.count).toBeGreaterThanOrEqual(EARLY_CHECK_ROWS);
    expect(imp.count).toBeLessThan(EARLY_CHECK_ROWS + 4 * FIRST_BATCH_ROWS);
    expect(imp.report_rows).toBeLessThanOrEqual(ERROR_REPORT_ROWS);
    // none of its numbers stays, and its report tells why the rows were rejected
    const list = await s.get(
      `/api/service_provider/tn/assigned?filter=${encodeURIComponent('{"q":"4045550100"}')}`,
    );
    expect(list.json()).toEqual([]);
    const lines = csvRows((await report(imp.id)).body);
    expect(lines.length).toBe(imp.report_rows + 1);
    expect(lines[1]).toMatch(/Duplicate of line 2 of this file$/);
  }, 180_000);
});

describe('an error report past its retention', () => {
  it(`is removed by the housekeeping ${ERROR_REPORT_RETENTION_DAYS} days after its import ended; a younger one stays`, async () => {
    const csv = [HEADER, '2035550100,a,,', ',b,,', ',c,,'].join('\n');
    const old = await importCsv(s, csv);
    const young = await importCsv(s, [HEADER, '2035550101,a,,', ',b,,'].join('\n'));
    const now = new Date();
    await t.db.query('UPDATE number_imports SET completed_on = $2 WHERE id = $1', [
      old.id,
      new Date(now.getTime() - (ERROR_REPORT_RETENTION_DAYS * 24 + 1) * 3600 * 1000),
    ]);
    await t.db.query('UPDATE number_imports SET completed_on = $2 WHERE id = $1', [
      young.id,
      new Date(now.getTime() - (ERROR_REPORT_RETENTION_DAYS * 24 - 1) * 3600 * 1000),
    ]);
    await runHousekeeping({ db: t.db, log: pino({ enabled: false }), now: () => now });
    const gone = await report(old.id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(IMPORT_MESSAGES.reportExpired(ERROR_REPORT_RETENTION_DAYS));
    expect(await importRecord(s, old.id)).toMatchObject({
      report_expired: true,
      report_rows: 0,
      fail_count: 2,
    });
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM number_import_errors WHERE import_id = $1',
      [old.id],
    );
    expect(n).toBe(0);
    expect((await report(young.id)).statusCode).toBe(200);
    expect(await importRecord(s, young.id)).toMatchObject({ report_expired: false, report_rows: 1 });
  }, 60_000);
});
