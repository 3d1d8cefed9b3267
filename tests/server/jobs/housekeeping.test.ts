// The daily housekeeping deletes ended rate-limit windows, SPC token ids a day past their expiry and expired ACME
// nonces, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../../../server/src/jobs/housekeeping';
import { type TestDatabase, createTestDatabase } from '../helpers';

describe('housekeeping', () => {
  let tdb: TestDatabase;
  const log = { info: () => undefined } as never;

  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb.drop();
  });

  it('deletes ended rate-limit windows, long-expired SPC token ids and expired ACME nonces only', async () => {
    const db = tdb.db;
    const now = new Date();
    const hours = (h: number) => new Date(now.getTime() + h * 3600 * 1000);
    await db.query(
      `INSERT INTO rate_limits (key, hits, window_ends) VALUES
         ('POST /api/auth/login 192.0.2.1', 4, clock_timestamp() - interval '1 second'),
         ('POST /api/auth/login 192.0.2.2', 2, clock_timestamp() + interval '1 minute')`,
    );
    await db.query(`INSERT INTO spc_token_jtis (jti, expires_on) VALUES ($1, $2), ($3, $4), ($5, $6)`, [
      'long-expired',
      hours(-25),
      'expired-today',
      hours(-1),
      'valid',
      hours(1),
    ]);
    await db.query('INSERT INTO acme_nonces (nonce, expires_on) VALUES ($1, $2), ($3, $4)', [
      'nonce-expired-an-hour-ago',
      hours(-1),
      'nonce-still-good-for-now',
      hours(1),
    ]);

    await runHousekeeping({ db, log, now: () => now });

    expect((await db.query<{ key: string }>('SELECT key FROM rate_limits')).map((r) => r.key)).toEqual([
      'POST /api/auth/login 192.0.2.2',
    ]);
    expect(
      (await db.query<{ jti: string }>('SELECT jti FROM spc_token_jtis ORDER BY jti')).map((r) => r.jti),
    ).toEqual(['expired-today', 'valid']);
    expect((await db.query<{ nonce: string }>('SELECT nonce FROM acme_nonces')).map((r) => r.nonce)).toEqual([
      'nonce-still-good-for-now',
    ]);
  });
});
