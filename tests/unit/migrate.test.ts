import { describe, expect, it } from 'vitest';
import { readMigrations, splitStatements } from '../../server/src/db/migrate';

describe('migrations', () => {
  it('splits statements at top-level semicolons only', () => {
    const sql = `-- a comment; with a semicolon
CREATE TABLE a (x text DEFAULT 'a;b');
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
INSERT INTO a VALUES ('it''s; fine')`;
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE a (x text DEFAULT 'a;b')",
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
      "INSERT INTO a VALUES ('it''s; fine')",
    ]);
  });

  it('are numbered without gaps', () => {
    const versions = readMigrations().map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });
});
