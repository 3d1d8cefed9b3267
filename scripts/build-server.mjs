// Compiles the server (or a bench) to plain JavaScript with esbuild: one ES module per entry, our code bundled,
// every package left to node_modules. The server runs this output in production: no TypeScript compiler at
// start, and none of the development loader's per-function naming wrappers in hot code (they cost the
// issuance path about a fifth of its time).
//   node scripts/build-server.mjs                 -> build/server/main.mjs (+ its SQL migrations)
//   node scripts/build-server.mjs --run           -> the same, then runs it in this process (npm run serve), so
//                                                    that SIGTERM reaches the server's graceful shutdown
//   node scripts/build-server.mjs bench/cr.ts     -> build/bench/cr.mjs
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = 'server/src/main.ts';

/** Where an entry's module goes: server/src/main.ts -> build/server/main.mjs, bench/x.ts -> build/bench/x.mjs. */
export function outputOf(entry) {
  const dir = entry === SERVER_ENTRY ? 'server' : path.dirname(entry);
  return path.join(root, 'build', dir, `${path.basename(entry, '.ts')}.mjs`);
}

export async function buildEntry(entry) {
  const outfile = outputOf(entry);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The migrations are read from next to the module that runs them (server/src/db/migrate.ts).
  const migrations = path.join(path.dirname(outfile), 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'server/src/db/migrations'), migrations, { recursive: true });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const run = args.includes('--run');
  const entries = args.filter((a) => a !== '--run');
  const outputs = [];
  for (const entry of entries.length ? entries : [SERVER_ENTRY]) outputs.push(await buildEntry(entry));
  if (run) {
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(outputs[0]).href);
  }
}
