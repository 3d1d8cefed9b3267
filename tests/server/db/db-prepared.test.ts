// Statements kept prepared (QueryOptions.prepare) answer as the same statements run unprepared, on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_ERRORS, pgErrorCode } from '../../../server/src/db';
import { createTestDatabase, type TestDatabase } from '../helpers';

describe('prepared statements', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(null);
    await t.db.query(`CREATE TABLE things (id uuid PRIMARY KEY, n bigint, at timestamptz, note text)`);
    await t.db.query(
      `INSERT INTO things VALUES ('00000000-0000-0000-0000-000000000001', 1, '2026-01-02T03:04:05Z', null),
                                 ('00000000-0000-0000-0000-000000000002', 2, '2026-02-02T03:04:05Z', 'two')`,
    );
  });
  afterAll(() => t.drop());

  const sql = `SELECT id, n, at, note FROM things WHERE at >= $1 AND ($2::text IS NULL OR note = $2)
               ORDER BY n LIMIT $3 OFFSET $4`;

  it('answers the rows, with the types, of the same statement unprepared, again and again', async () => {
    for (const params of [
      [new Date('2026-01-01T00:00:00Z'), null, 10, 0],
      [new Date('2026-01-01T00:00:00Z'), 'two', 10, 0],
      [new Date('2026-01-01T00:00:00Z'), null, 1, 1],
    ]) {
      const plain = await t.db.query(sql, params);
      for (let i = 0; i < 7; i++) expect(await t.db.query(sql, params, { prepare: true })).toEqual(plain);
    }
    const [row] = await t.db.query<{ n: number; at: Date }>(sql, [new Date(0), null, 1, 0], {
      prepare: true,
    });
    expect(row.n).toBe(1);
    expect(row.at).toBeInstanceOf(Date);
  });

  it('fails as the statement would, and keeps working after', async () => {
    const byId = `SELECT n FROM things WHERE id = $1`;
    const failed = await t.db.query(byId, ['not-a-uuid'], { prepare: true }).catch((e: unknown) => e);
    expect(pgErrorCode(failed)).toBe(PG_ERRORS.invalidTextRepresentation);
    const bad = await t.db.query(`SELECT nope FROM things`, [], { prepare: true }).catch((e: unknown) => e);
    expect(pgErrorCode(bad)).toBe('42703');
    expect(await t.db.query(byId, ['00000000-0000-0000-0000-000000000002'], { prepare: true })).toEqual([
      { n: 2 },
    ]);
  });

  it('runs inside a transaction and beside one', async () => {
    const count = `SELECT count(*)::int AS c FROM things`;
    await t.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO things VALUES ('00000000-0000-0000-0000-000000000003', 3, now(), null)`);
      expect(await tx.query(count, [], { prepare: true })).toEqual([{ c: 3 }]);
    });
    expect(await t.db.query(count, [], { prepare: true })).toEqual([{ c: 3 }]);
  });
});
