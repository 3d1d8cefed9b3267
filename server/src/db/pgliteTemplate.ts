// A PGlite data folder made once, at build time, that a new data folder starts as: initdb, then the migrations and
// the job queue's tables (pg-boss's own schema, made at its first start).
// PGlite's initdb runs in WASM in a second PGlite instance beside the first (5 to 8 s of CPU and a resident-set
// peak of about 800 MB on a first start), and the migrations and pg-boss's schema take another two seconds or more. Copying a folder made
// so (about 27 MB in 630 files, mostly the first WAL segment) takes well under a second; the database then
// opens as an existing one does, migrate() at start finds every migration applied and pg-boss its schema. The copy
// is what initdb and the migrations would write, less initdb's template databases (which only CREATE DATABASE
// reads), the same for every installation (its system identifier included, which only replication would look at;
// schema_migrations.applied_on says when the template was made).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrations } from './migrate';

/**
 * Where the server looks for its template: beside the module that runs (build/server/pglite-template, made by
 * scripts/build-server.mjs). Run from the TypeScript sources there is none, and a new data folder runs initdb.
 */
export const PGLITE_TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/** What a template's stamp says of its layout (a template of another layout is made again). */
const TEMPLATE_LAYOUT = 2;

/** The file in the template that says which PGlite made it, and with which migrations. */
export const STAMP = 'pglite-template.json';

interface Stamp {
  /** The template's own layout: 2 since it holds the one database the portal uses (createPgliteTemplate). */
  layout: number;
  pglite: string;
  /** The job queue's tables are made by pg-boss at its first start: by this version. */
  pgBoss: string;
  /** `version:checksum` of each migration applied, in order. */
  migrations: string[];
}

/** A package's installed version (the exports maps hide package.json: it is found beside the main module). */
function installedVersion(pkg: string): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve(pkg));
  while (!fs.existsSync(path.join(dir, 'package.json')) || path.basename(dir) === 'dist')
    dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The installed PGlite's version: a template made by another one is not used (its catalog may differ). */
export function pgliteVersion(): string {
  return installedVersion('@electric-sql/pglite');
}

export function stampOf(migrationsDir: string | undefined): Stamp {
  return {
    layout: TEMPLATE_LAYOUT,
    pglite: pgliteVersion(),
    pgBoss: installedVersion('pg-boss'),
    migrations: readMigrations(migrationsDir).map((m) => `${m.version}:${m.checksum}`),
  };
}

/**
 * Whether `dir` holds a template made by the installed PGlite with exactly the migrations of `migrationsDir`
 * (the server's by default): one made before a migration was added, or with one that changed since, is not used.
 */
export function isPgliteTemplate(dir: string, migrationsDir?: string): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(dir, STAMP), 'utf8')) as Partial<Stamp>;
    return (
      JSON.stringify(stamp) === JSON.stringify(stampOf(migrationsDir)) &&
      fs.existsSync(path.join(dir, 'PG_VERSION'))
    );
  } catch {
    return false;
  }
}

/**
 * Copies the folder `from` to `to`, every file at once (libuv's threads take them four at a time): each file's
 * creation is most of its cost (630 files and 27 MB); fs.promises.cp, one file after another, took about 7 times as
 * long.
 */
async function copyTree(from: string, to: string, keep: (name: string) => boolean): Promise<void> {
  await fs.promises.mkdir(to, { recursive: true });
  const entries = await fs.promises.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => keep(e.name))
      .map((e) =>
        e.isDirectory()
          ? copyTree(path.join(from, e.name), path.join(to, e.name), keep)
          : fs.promises.copyFile(path.join(from, e.name), path.join(to, e.name)),
      ),
  );
}

/**
 * When `dataDir` is a new data folder (no PG_VERSION) and `template` a template of the installed PGlite, copies
 * the template into it; resolves whether it did. The copy goes to a folder beside it first and is renamed into place
 * file by file only once complete, so that a crash mid-copy leaves no half data folder that PGlite would take for
 * an existing database (PG_VERSION, which PGlite looks for, is moved last). The copy runs on libuv's threads while
 * the server's modules load on the main one.
 */
export async function copyPgliteTemplate(
  template: string,
  dataDir: string,
  migrationsDir?: string,
): Promise<boolean> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !isPgliteTemplate(template, migrationsDir))
    return false;
  const staging = `${dataDir}.template-${process.pid}`;
  await fs.promises.rm(staging, { recursive: true, force: true });
  await copyTree(template, staging, (name) => name !== STAMP);
  const entries = (await fs.promises.readdir(staging)).filter((e) => e !== 'PG_VERSION');
  for (const entry of entries) {
    await fs.promises.rm(path.join(dataDir, entry), { recursive: true, force: true });
    await fs.promises.rename(path.join(staging, entry), path.join(dataDir, entry));
  }
  await fs.promises.rename(path.join(staging, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  await fs.promises.rm(staging, { recursive: true, force: true });
  return true;
}
