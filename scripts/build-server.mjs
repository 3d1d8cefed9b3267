// Compiles the server (or a bench) to plain JavaScript with esbuild: one ES module per entry, our code bundled, and
// for the server most packages too (SERVER_EXTERNAL_PACKAGES are the exceptions); a bench leaves every package to
// node_modules. The server runs this output in production: no TypeScript compiler at
// start, and none of the development loader's per-function naming wrappers in hot code (they cost the
// issuance path about a fifth of its time).
//   node scripts/build-server.mjs                 -> build/server/main.mjs (+ its SQL migrations, and the migrated
//                                                    PGlite data folder a new DATA_DIR starts as: pglite-template)
//   node scripts/build-server.mjs --run           -> the same, then runs it in this process (npm run serve), so
//                                                    that SIGTERM reaches the server's graceful shutdown
//   node scripts/build-server.mjs bench/cr.ts     -> build/bench/cr.mjs
//   node scripts/build-server.mjs server/src/publishing/main.ts -> build/tools/publishing.mjs (npm run publish)
// build/server is a link to a release, a folder that is never written once published (serverRelease.mjs): a
// server starting from build/server while another `npm run serve` builds finds one whole build or the other.
import { execFileSync } from 'node:child_process';
import fs, { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, buildSync } from 'esbuild';
import { publishRelease, readTree, templateKey } from './serverRelease.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = 'server/src/main.ts';

/**
 * Where an entry's module goes: server/src/main.ts -> build/server/main.mjs, bench/x.ts -> build/bench/x.mjs, and a
 * command of the server, server/src/<module>/main.ts -> build/tools/<module>.mjs (build/server is a release's link).
 */
export function outputOf(entry) {
  const tool = /^server\/src\/([^/]+)\/main\.ts$/.exec(entry);
  if (tool) return path.join(root, 'build', 'tools', `${tool[1]}.mjs`);
  const dir = entry === SERVER_ENTRY ? 'server' : path.dirname(entry);
  return path.join(root, 'build', dir, `${path.basename(entry, '.ts')}.mjs`);
}

/**
 * The packages the server's build leaves in node_modules, loaded from there at run time; it bundles every other one.
 * Bundled, the ~600 CommonJS files the server loads at start (fastify and its plugins, the CA's ASN.1 packages,
 * prom-client, node-postgres, pg-boss...) are a few modules: no path resolution, package.json read and module wrapper
 * per file, and every start is 0.15 to 0.25 s shorter (npm run bench:start). Left to node_modules: native addons
 * (argon2, pg-native, and graphene-pk11's pkcs11js), packages that read files kept beside their own code
 * (PGlite's WebAssembly and data, pdfkit's fonts, pino's transports, which run in worker threads), and the ones
 * the server loads on first use only (stripe, nodemailer).
 */
const SERVER_EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'argon2',
  'graphene-pk11',
  'nodemailer',
  'pdfkit',
  'pg-native',
  'pino',
  'pino-pretty',
  'stripe',
];

/**
 * A bundled CommonJS package calls `require`, which an ES module does not have: each module of the server's build
 * makes its own, resolving from the build's folder (for the packages above and Node's own modules).
 */
const REQUIRE_BANNER =
  "import { createRequire as bundleCreateRequire } from 'node:module'; const require = bundleCreateRequire(import.meta.url);";

/** esbuild's options of an entry: the server's (bundled, split into chunks) or a bench's (packages external). */
function buildOptions(entry, outdir, name) {
  const server = entry === SERVER_ENTRY;
  // Code splitting: a module the server imports with `await import('./x')` (the stripe gateway, the invoice PDF,
  // the PKCS#11 key store) becomes a chunk of its own, loaded on first use with the packages only it imports,
  // instead of being bundled into main.mjs and loaded at every start.
  return {
    entryPoints: { [name]: path.join(root, entry) },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...(server
      ? {
          external: SERVER_EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
          banner: { js: REQUIRE_BANNER },
          // Stack traces need the mappings, not a copy of every bundled file (which --enable-source-maps would hold
          // in memory): the sources stay where the maps point, in server/src and node_modules.
          sourcesContent: false,
        }
      : { packages: 'external' }),
    sourcemap: true,
    logLevel: 'warning',
  };
}

/**
 * A module's own location (import.meta.url: the migrations, the PGlite template) is the entry's folder only in the
 * entry's module: a chunk lives in chunks/. Such a module must stay in the entry (imported statically).
 */
function checkChunks(files) {
  for (const [name, text] of files) {
    if (!name.startsWith('chunks/') || !name.endsWith('.mjs')) continue;
    // createRequire(import.meta.url) only resolves packages, which every folder of build/ finds alike.
    const own = text
      .toString('utf8')
      .replaceAll(REQUIRE_BANNER, '')
      .replaceAll('createRequire(import.meta.url)', '');
    if (own.includes('import.meta.url'))
      throw new Error(
        `${name}: a module that reads import.meta.url was split off the entry (import it statically)`,
      );
  }
}

export async function buildEntry(entry) {
  if (entry === SERVER_ENTRY) return buildServer();
  const outfile = outputOf(entry);
  await build(buildOptions(entry, path.dirname(outfile), path.basename(outfile, '.mjs')));
  // The migrations are read from next to the module that runs them (server/src/db/migrate.ts).
  const migrations = path.join(path.dirname(outfile), 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'server/src/db/migrations'), migrations, { recursive: true });
  return outfile;
}

/**
 * The server: compiled in memory, then published as a release (serverRelease.mjs) that build/server is switched to,
 * with the PGlite template of its migrations. Answers build/server/main.mjs.
 */
async function buildServer() {
  const build_ = path.join(root, 'build');
  // Compiled for a folder as deep as a release's, so that the maps' relative paths to the sources are a release's.
  const placeholder = path.join(build_, 'releases', 'compiling');
  const result = await build({ ...buildOptions(SERVER_ENTRY, placeholder, 'main'), write: false });
  const files = new Map(result.outputFiles.map((f) => [path.relative(placeholder, f.path), f.contents]));
  checkChunks(files);
  // The migrations are read from next to the module that runs them (server/src/db/migrate.ts).
  const migrations = readTree(path.join(root, 'server/src/db/migrations'));
  for (const [name, text] of migrations) files.set(path.join('migrations', name), text);
  const template = templateKey(root, migrations);
  buildPgliteTemplate(path.join(build_, 'pglite-templates', template));
  publishRelease(build_, files, template);
  return outputOf(SERVER_ENTRY);
}

/**
 * Makes the PGlite template `dir` (server/src/db/pgliteTemplateBuild.ts) unless the installed PGlite already made it
 * with today's migrations: PGlite's initdb and the migrations, run once here (several seconds) rather than at each
 * new data folder's first start. In a process of its own, so that `--run` starts the server in a process without
 * that PGlite instance's memory. Each release links to the template of its migrations (build/pglite-templates/…).
 */
function buildPgliteTemplate(templateDir) {
  const tool = path.join(root, 'build', 'tools', 'pgliteTemplate.mjs');
  buildSync({
    entryPoints: [path.join(root, 'server/src/db/pgliteTemplateBuild.ts')],
    outfile: tool,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const dir = JSON.stringify(templateDir);
  const migrations = JSON.stringify(path.join(root, 'server/src/db/migrations'));
  const script = `const t = await import(${JSON.stringify(pathToFileURL(tool).href)});
if (!t.isPgliteTemplate(${dir}, ${migrations})) {
  console.error('Preparing the embedded database (PGlite initdb and migrations), once per PGlite version and migration');
  await t.createPgliteTemplate(${dir}, ${migrations});
}`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const run = args.includes('--run');
  const entries = args.filter((a) => a !== '--run');
  const outputs = [];
  for (const entry of entries.length ? entries : [SERVER_ENTRY]) outputs.push(await buildEntry(entry));
  if (run) {
    process.setSourceMapsEnabled(true);
    // The release itself, not the link: a later build switches build/server, this server keeps its own chunks.
    await import(pathToFileURL(fs.realpathSync(outputs[0])).href);
  }
}
