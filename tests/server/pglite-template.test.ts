// A new PGlite data folder starts as a copy of a folder initdb made beforehand (build/server/pglite-template in
// production) instead of running initdb; the copy is a working database that migrates, keeps its data and runs
// with the configured shared_buffers. A template of another PGlite, or an existing data folder, is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/src/db';
import { migrate, readMigrations } from '../../server/src/db/migrate';
import {
  copyPgliteTemplate,
  createPgliteTemplate,
  isPgliteTemplate,
  pgliteVersion,
} from '../../server/src/db/pgliteTemplate';

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
      pglite: pgliteVersion(),
    });
    expect(isPgliteTemplate(path.join(root, 'missing'))).toBe(false);
  });

  it('becomes a new data folder that migrates, keeps its rows and uses the shared_buffers asked for', async () => {
    const dataDir = path.join(root, 'data-1', 'db');
    let db = await openPglite(dataDir, { template, sharedBuffers: '8MB' });
    try {
      expect(fs.existsSync(path.join(dataDir, 'pglite-template.json'))).toBe(false);
      expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['db']);
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '8MB' }]);
      expect(await migrate(db)).toEqual(readMigrations().map((m) => m.version));
      await db.query("INSERT INTO schema_migrations (version, name, checksum) VALUES (999, 'kept', 'x')");
    } finally {
      await db.close();
    }
    // Reopened: the folder is an existing database now, not copied over again.
    expect(copyPgliteTemplate(template, dataDir)).toBe(false);
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

  it('is not used when another PGlite made it', () => {
    const other = path.join(root, 'other');
    fs.cpSync(template, other, { recursive: true });
    fs.writeFileSync(path.join(other, 'pglite-template.json'), JSON.stringify({ pglite: '0.0.1' }));
    expect(isPgliteTemplate(other)).toBe(false);
    const dataDir = path.join(root, 'data-2');
    fs.mkdirSync(dataDir);
    expect(copyPgliteTemplate(other, dataDir)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
