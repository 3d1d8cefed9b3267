// Pages the database writes as JSON (server/src/http/jsonPage.ts): a moment reads as the JavaScript the other lists
// run would write it, a row holds exactly its shape's fields, and the audit log's page answers the list protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogRow } from '../../../contract/wire/admin';
import { isoTime, jsonPage, jsonRow } from '../../../server/src/http/jsonPage';
import { adminToken, as } from '../admin/admin-fixtures';
import { type TestApp, createTestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('isoTime', () => {
  it('writes a timestamptz as toISOString writes the driver’s Date of it', async () => {
    const moments = [
      '2026-11-29 04:20:27.696+00',
      '2026-11-29 04:20:27.696999+00', // microseconds: both cut to the millisecond
      '2026-01-01 00:00:00+00',
      '2026-06-30 23:59:59.9995-07', // another offset, a day later in UTC
      '1999-12-31 23:59:59.001+05:30',
    ];
    for (const moment of moments) {
      const [row] = await t.db.query<{ at: Date; text: string }>(
        `SELECT $1::timestamptz AS at, ${isoTime('$1::timestamptz')} AS text`,
        [moment],
      );
      expect(row.text, moment).toBe(row.at.toISOString());
    }
    const [none] = await t.db.query<{ text: string | null }>(
      `SELECT ${isoTime('NULL::timestamptz')} AS text`,
    );
    expect(none.text).toBeNull();
  });
});

describe('jsonRow', () => {
  it('refuses fields that are not exactly the shape’s', () => {
    const fields = {
      id: 'id',
      occurred_on: 'o',
      action: 'a',
      actor_email: 'e',
      actor_ip: 'i',
      service_provider_uuid: 's',
      company_name: 'c',
      subject: 's',
      detail: 'd',
    };
    expect(jsonRow(AuditLogRow, fields)).toMatch(/^json_build_object\('id', id, 'occurred_on', o,/);
    const { detail: _left, ...missing } = fields;
    expect(() => jsonRow(AuditLogRow, missing as typeof fields)).toThrow(/not the shape/);
    expect(() => jsonRow(AuditLogRow, { ...fields, password_hash: 'p' } as typeof fields)).toThrow(
      /not the shape/,
    );
  });
});

describe('the audit log, written by the database', () => {
  it('answers its page, its Content-Range and an empty page past the end', async () => {
    const admin = as(t, await adminToken(t));
    for (let i = 0; i < 3; i++) {
      await t.db.query(
        `INSERT INTO audit_log (action, subject, actor_email, detail, occurred_on)
         VALUES ('key.created', $1, 'a@b.test', 'with "quotes" and \\ and é', now() - make_interval(mins => $2))`,
        [`key-${i}`, i],
      );
    }
    const range = (r: string) => `/api/admin/audit_log?range=${encodeURIComponent(r)}`;
    const first = await admin.get(range('[0,1]'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['content-range']).toBe('audit-log 0-1/3');
    const rows = first.json() as AuditLogRow[];
    expect(rows.map((r) => r.subject)).toEqual(['key-0', 'key-1']);
    expect(rows[0].detail).toBe('with "quotes" and \\ and é');
    const past = await admin.get(range('[10,19]'));
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe('audit-log 10-10/3');
  });
});

describe('jsonPage', () => {
  // 40 rows whose order by `h` is no order of `n`: a page that came out in any other order would show it
  const FROM = '(SELECT g AS n, md5(g::text) AS h FROM generate_series(1, 40) g) x';
  const ROW = "json_build_object('n', x.n)";
  /** The numbers of the rows `tail` (ORDER BY …, LIMIT …) keeps, as a plain SELECT gives them. */
  const numbers = async (tail: string) =>
    (await t.db.query<{ n: number }>(`SELECT x.n FROM ${FROM} ${tail}`)).map((r) => r.n);

  it('writes the page in the order asked, in either direction and at any offset', async () => {
    for (const orderBy of ['x.h ASC', 'x.h DESC'])
      for (const [limit, offset] of [
        [25, 0],
        [25, 5],
        [7, 33],
      ]) {
        const page = await jsonPage(t.db, FROM, ROW, [], [], { orderBy, limit, offset });
        const rows = (JSON.parse(page.json) as { n: number }[]).map((r) => r.n);
        expect(rows).toEqual(await numbers(`ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`));
        expect(page.count).toBe(rows.length);
        expect(page.total).toBe(40);
      }
  });

  it('keeps apart the texts of one list with other conditions, order or paging', async () => {
    const list = { orderBy: 'x.h ASC', limit: 5, offset: 0 };
    const all = await jsonPage(t.db, FROM, ROW, [], [], list);
    const some = await jsonPage(t.db, FROM, ROW, ['x.n > $1'], [30], list);
    const both = await jsonPage(t.db, FROM, ROW, ['x.n > $1', 'x.n <= $2'], [30, 35], list);
    const whole = await jsonPage(t.db, FROM, ROW, ['x.n > $1'], [30], {
      orderBy: 'x.h DESC',
      limit: null,
      offset: 0,
    });
    expect([all.total, some.total, both.total, whole.total]).toEqual([40, 10, 5, 10]);
    expect((JSON.parse(whole.json) as { n: number }[]).map((r) => r.n)).toEqual(
      await numbers('WHERE x.n > 30 ORDER BY x.h DESC'),
    );
    // the first text again, after the others
    expect(await jsonPage(t.db, FROM, ROW, [], [], list)).toEqual(all);
  });
});
