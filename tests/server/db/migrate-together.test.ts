// Several servers starting at once on a new PostgreSQL database each run the migrations: one applies them, the
// others wait and find them applied, and none fails (PostgreSQL only: PGlite is one process's database).
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/src/db';
import { testDatabaseUrl } from '../../../server/src/config';
import { migrate, readMigrations } from '../../../server/src/db/migrate';
import { createPostgresDatabase } from '../helpers';

const serverUrl = testDatabaseUrl();

describe.skipIf(!serverUrl)('migrations run by servers starting together', () => {
  it('are applied once, and every server starts', async () => {
    for (let round = 0; round < 3; round++) {
      const created = await createPostgresDatabase(serverUrl!, 'portal_migrate');
      const servers = await Promise.all([1, 2, 3, 4].map(() => openPostgres(created.url, 2)));
      try {
        const outcomes = await Promise.allSettled(servers.map((db) => migrate(db)));
        expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
        // each file applied by one of them, whichever took its lock first
        const applied = outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value : []));
        expect(applied.sort((a, b) => a - b)).toEqual(readMigrations().map((m) => m.version));
      } finally {
        await Promise.all(servers.map((db) => db.close()));
        await created.drop();
      }
    }
  }, 120_000);
});
