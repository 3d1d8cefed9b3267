// bytea parameters arrive byte for byte on both drivers (PGlite's are written by pgliteByteaParam): unprepared,
// prepared and in a transaction, from a Buffer or from a view into a larger buffer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteByteaParam } from '../../../server/src/db';
import { createTestDatabase, type TestDatabase } from '../helpers';

describe('bytea parameters', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(null);
  });
  afterAll(() => t.drop());

  const every = Uint8Array.from({ length: 256 }, (_, i) => i);
  const large = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256);
  const within = new Uint8Array(every.buffer, 16, 32);
  const cases: [string, Uint8Array][] = [
    ['empty', new Uint8Array(0)],
    ['every byte value', every],
    ['a view into a larger buffer', within],
    ['a Buffer', Buffer.from('30 82 00 ff', 'hex')],
    ['200 kB', large],
  ];
  const hexOf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

  it('keeps every byte, unprepared, prepared and in a transaction', async () => {
    const sql = `SELECT encode($1::bytea, 'hex') AS hex, length($1::bytea) AS n`;
    for (const [name, bytes] of cases) {
      const expected = [{ hex: hexOf(bytes), n: bytes.length }];
      expect(await t.db.query(sql, [bytes]), name).toEqual(expected);
      expect(await t.db.query(sql, [bytes], { prepare: true }), name).toEqual(expected);
      expect(await t.db.transaction((tx) => tx.query(sql, [bytes])), name).toEqual(expected);
    }
  });

  it('writes the hex format, and refuses what is not bytes', () => {
    expect(pgliteByteaParam(within)).toBe(`\\x${hexOf(within)}`);
    expect(pgliteByteaParam(new Uint8Array(0))).toBe('\\x');
    expect(() => pgliteByteaParam('00ff')).toThrow(/Invalid input for bytea/);
  });
});
