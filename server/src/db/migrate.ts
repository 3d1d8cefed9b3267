// Numbered plain-SQL migrations (`NNN_name.sql`), each applied once, in order, in its own transaction.
// An applied file must never change: its checksum is recorded and checked at every start.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './index';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(file.slice(0, 3)),
        name: file.slice(4, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/** The advisory lock every server takes to migrate: one applies a file, the others wait and skip it. */
const MIGRATIONS_LOCK = 727001;

/** Applies what is missing; returns the versions applied now. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<number[]> {
  // Under the migrations' lock: two CREATE TABLE IF NOT EXISTS at once on a new database both try to create it,
  // and one fails on PostgreSQL's catalog (servers starting together).
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATIONS_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_on timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const files = readMigrations(dir);
  const applied: number[] = [];
  for (const m of files) {
    const done = await db.transaction(async (tx) => {
      // Several server processes may start at once: one applies, the others wait and skip.
      await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATIONS_LOCK})`);
      const rows = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [m.version],
      );
      if (rows.length) {
        if (rows[0].checksum !== m.checksum) {
          throw new Error(
            `Migration ${m.version}_${m.name} was edited after it was applied; add a new migration instead`,
          );
        }
        return false;
      }
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

/**
 * Splits a migration into statements (the extended protocol runs one at a time).
 * Understands -- comments, quoted strings and $tag$ bodies; a statement ends at a top-level semicolon.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let cur = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === ch && sql[j + 1] !== ch)) j += sql[j] === ch ? 2 : 1;
      cur += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (m) {
        const end = sql.indexOf(m[0], i + m[0].length);
        const stop = end === -1 ? sql.length : end + m[0].length;
        cur += sql.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (ch === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      i++;
      continue;
    }
    cur += ch;
    i++;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
