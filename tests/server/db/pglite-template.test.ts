// A new PGlite data folder starts as a copy of a folder initdb and the migrations made beforehand
// (build/server/pglite-template in production) instead of running initdb; the copy is a working, migrated database
// that keeps its data and runs with the configured shared_buffers. A template of another PGlite or of other
// migrations, or an existing data folder, is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/src/db';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../../../server/src/db/migrate';
import { copyPgliteTemplate, isPgliteTemplate, pgliteVersion } from '../../../server/src/db/pgliteTemplate';
import { createPgliteTemplate } from '../../../server/src/db/pgliteTemplateBuild';

let root: string;
let template: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  template = path.join(root, 'template');
  await createPgliteTemplate(template);
}, 120_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('PGlite template', () => {
  it('is stamped with the installed PGlite', () => {
    expect(isPgliteTemplate(template)).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(template, 'pglite-template.json'), 'utf8'))).toEqual({
      layout: 2,
      pglite: pgliteVersion(),
      pgBoss: expect.stringMatching(/^10\./),
      migrations: readMigrations().map((m) => `${m.version}:${m.checksum}`),
    });
    expect(isPgliteTemplate(path.join(root, 'missing'))).toBe(false);
  });

  it('becomes a new, migrated data folder that keeps its rows and uses the shared_buffers asked for', async () => {
    const dataDir = path.join(root, 'data-1', 'db');
    let db = await openPglite(dataDir, { template, sharedBuffers: '8MB' });
    try {
      expect(fs.existsSync(path.join(dataDir, 'pglite-template.json'))).toBe(false);
      expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['db']);
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '8MB' }]);
      expect(await migrate(db)).toEqual([]);
      expect(await db.query('SELECT count(*)::int AS n FROM service_providers')).toEqual([{ n: 0 }]);
      // One database: initdb's template databases are not copied into every new data folder.
      expect(await db.query('SELECT datname FROM pg_database')).toEqual([{ datname: 'postgres' }]);
      // pg-boss's schema is there, without a job or a queue of the app's.
      expect(await db.query('SELECT count(*)::int AS n FROM pgboss.job')).toEqual([{ n: 0 }]);
      expect(
        await db.query("SELECT count(*)::int AS n FROM pgboss.queue WHERE name NOT LIKE '\\_\\_pgboss%'"),
      ).toEqual([{ n: 0 }]);
      await db.query("INSERT INTO schema_migrations (version, name, checksum) VALUES (999, 'kept', 'x')");
    } finally {
      await db.close();
    }
    // Reopened: the folder is an existing database now, not copied over again.
    expect(await copyPgliteTemplate(template, dataDir)).toBe(false);
    db = await openPglite(dataDir, { template });
    try {
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect(await migrate(db)).toEqual([]);
      expect(await db.query('SELECT name FROM schema_migrations WHERE version = 999')).toEqual([
        { name: 'kept' },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('is not used when made with other migrations', async () => {
    const fewer = path.join(root, 'fewer-migrations');
    fs.cpSync(MIGRATIONS_DIR, fewer, { recursive: true });
    const last = readMigrations().at(-1)!;
    fs.rmSync(path.join(fewer, `${String(last.version).padStart(3, '0')}_${last.name}.sql`));
    expect(isPgliteTemplate(template, fewer)).toBe(false);
    fs.appendFileSync(
      path.join(fewer, `${String(last.version).padStart(3, '0')}_${last.name}.sql`),
      last.sql + '\n',
    );
    expect(isPgliteTemplate(template, fewer)).toBe(false);
    const dataDir = path.join(root, 'data-3');
    expect(await copyPgliteTemplate(template, dataDir, fewer)).toBe(false);
  });

  it('is not used when another PGlite made it', async () => {
    const other = path.join(root, 'other');
    fs.cpSync(template, other, { recursive: true });
    const stamp = JSON.parse(fs.readFileSync(path.join(template, 'pglite-template.json'), 'utf8')) as object;
    fs.writeFileSync(path.join(other, 'pglite-template.json'), JSON.stringify({ ...stamp, pglite: '0.0.1' }));
    expect(isPgliteTemplate(other)).toBe(false);
    const dataDir = path.join(root, 'data-2');
    fs.mkdirSync(dataDir);
    expect(await copyPgliteTemplate(other, dataDir)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
