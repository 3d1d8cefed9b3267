// The server's build as releases: build/releases/<id> holds one whole build (main.mjs, its chunks and maps, the
// migrations, a link to the PGlite template of those migrations), named by a hash of its contents and never written
// once published; build/server is a link to the current one. A build writes a new release beside the others, renames
// it into place whole, then points build/server at it with one rename of a link (atomic). So a server starting from
// build/server while another `npm run serve` rebuilds finds either the old release or the new one, never a folder
// half rewritten (before, the rebuild emptied build/server/chunks first, and such a start failed with
// ERR_MODULE_NOT_FOUND). A server runs from its release's real path: a later switch leaves the chunks it loads on
// first use (Stripe, the invoice PDF, PKCS#11) where they were. See docs/production.md, "Run the server".
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A release no longer current is kept this long after it was replaced (a server may still run from it)… */
export const KEEP_REPLACED_MS = 24 * 3600 * 1000;
/** …and, of those, this many at most (the most recently replaced). */
export const KEEP_REPLACED = 10;
/** What another build is writing (a release not yet renamed into place, a template being made) is left this long. */
const IN_PROGRESS_MS = 3600 * 1000;
/** Written last into a release before it is renamed into place. */
const COMPLETE = '.complete';

/** Every file below `dir`, by its path relative to `dir`. */
export function readTree(dir, prefix = '') {
  const files = new Map();
  for (const e of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const name = path.join(prefix, e.name);
    if (e.isDirectory()) for (const [n, text] of readTree(dir, name)) files.set(n, text);
    else files.set(name, fs.readFileSync(path.join(dir, name)));
  }
  return files;
}

const installedVersion = (root, pkg) =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/**
 * The name of the PGlite template that goes with these migrations: what makes a template differ (the PGlite and
 * pg-boss installed, the code that makes it, the migrations). The template's own stamp is still checked when used.
 */
export function templateKey(root, migrations) {
  const h = createHash('sha256');
  for (const pkg of ['@electric-sql/pglite', 'pg-boss']) h.update(`${pkg}@${installedVersion(root, pkg)}\0`);
  for (const f of ['server/src/db/pgliteTemplate.ts', 'server/src/db/pgliteTemplateBuild.ts'])
    h.update(fs.readFileSync(path.join(root, f))).update('\0');
  for (const [name, text] of sorted(migrations)) h.update(`${name}\0`).update(text).update('\0');
  return h.digest('hex').slice(0, 16);
}

const sorted = (files) => [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A release's name: the hash of its files and of the template it links to. */
export function releaseId(files, template) {
  const h = createHash('sha256').update(`${template}\0`);
  for (const [name, text] of sorted(files)) h.update(`${name}\0`).update(text).update('\0');
  return h.digest('hex').slice(0, 16);
}

const unique = () => `${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Publishes `files` (path relative to the release → contents) as the release of their hash, unless it exists already,
 * switches build/server to it and removes the releases kept long enough. Answers the release's folder.
 */
export function publishRelease(buildDir, files, template, now = Date.now()) {
  const releases = path.join(buildDir, 'releases');
  fs.mkdirSync(releases, { recursive: true });
  const id = releaseId(files, template);
  const dir = path.join(releases, id);
  if (!fs.existsSync(path.join(dir, COMPLETE))) {
    const tmp = path.join(releases, `.tmp-${unique()}`);
    for (const [name, text] of files) {
      fs.mkdirSync(path.dirname(path.join(tmp, name)), { recursive: true });
      fs.writeFileSync(path.join(tmp, name), text);
    }
    fs.symlinkSync(path.join('..', '..', 'pglite-templates', template), path.join(tmp, 'pglite-template'));
    fs.writeFileSync(path.join(tmp, COMPLETE), '');
    try {
      fs.renameSync(tmp, dir);
    } catch (e) {
      fs.rmSync(tmp, { recursive: true, force: true });
      // Another build published the same release first: it is the same files.
      if (!fs.existsSync(path.join(dir, COMPLETE))) throw e;
    }
  }
  switchCurrent(buildDir, id, now);
  removeOldReleases(buildDir, id, now);
  return dir;
}

/** Points build/server at releases/<id> with one rename; the release it leaves is stamped with the time. */
function switchCurrent(buildDir, id, now) {
  const link = path.join(buildDir, 'server');
  const target = path.join('releases', id);
  let previous = null;
  try {
    previous = fs.readlinkSync(link);
  } catch (e) {
    // A folder of the layout before releases: set aside as a release of its own, removed in time like one.
    if (e.code === 'EINVAL')
      fs.renameSync(link, path.join(buildDir, 'releases', `previous-layout-${unique()}`));
    else if (e.code !== 'ENOENT') throw e;
  }
  if (previous === target) return;
  const next = path.join(buildDir, `.server-${unique()}`);
  fs.symlinkSync(target, next);
  fs.renameSync(next, link);
  if (previous) {
    try {
      fs.utimesSync(path.join(buildDir, previous), now / 1000, now / 1000);
    } catch {
      // gone already
    }
  }
}

/**
 * Removes the releases replaced more than KEEP_REPLACED_MS ago or beyond the KEEP_REPLACED most recent, what a build
 * that died left (older than IN_PROGRESS_MS), and the PGlite templates no release links to any more.
 */
function removeOldReleases(buildDir, current, now) {
  const releases = path.join(buildDir, 'releases');
  const age = (p) => now - fs.statSync(p).mtimeMs;
  const replaced = [];
  for (const name of fs.readdirSync(releases)) {
    const dir = path.join(releases, name);
    if (name === current) continue;
    if (name.startsWith('.tmp-')) {
      if (age(dir) > IN_PROGRESS_MS) fs.rmSync(dir, { recursive: true, force: true });
    } else replaced.push({ dir, age: age(dir) });
  }
  replaced.sort((a, b) => a.age - b.age);
  replaced.forEach(({ dir, age: a }, i) => {
    if (i >= KEEP_REPLACED || a > KEEP_REPLACED_MS) fs.rmSync(dir, { recursive: true, force: true });
  });
  const templates = path.join(buildDir, 'pglite-templates');
  if (!fs.existsSync(templates)) return;
  const linked = new Set();
  for (const name of fs.readdirSync(releases)) {
    try {
      linked.add(path.basename(fs.readlinkSync(path.join(releases, name, 'pglite-template'))));
    } catch {
      // a release being written, or one of the layout before releases (its template is its own)
    }
  }
  for (const name of fs.readdirSync(templates)) {
    const dir = path.join(templates, name);
    if (!linked.has(name) && age(dir) > IN_PROGRESS_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
}
