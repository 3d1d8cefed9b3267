// `npm run publish` (its entry is main.ts): rebuilds the whole static tree (rebuild.ts) from the database the environment
// names (DATABASE_URL, or the embedded PGlite in DATA_DIR), into the configured origin (PUBLISH_DIR or
// PUBLISH_S3_BUCKET) or the folder given as `--dir`. With the embedded PGlite, run it while the server is stopped:
// one process at a time opens that data folder.
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db';
import { configuredOrigin, originLabel } from './configured';
import { DirectoryOrigin } from './directory';
import type { Origin } from './origin';
import { rebuildTree } from './rebuild';

const USAGE =
  'usage: npm run publish [-- --dir <absolute folder>]   (default: PUBLISH_DIR or PUBLISH_S3_BUCKET)';

/** The origin to fill, and where it is for the closing line. */
function target(args: string[], config: Config): { origin: Origin; label: string } {
  const at = args.indexOf('--dir');
  const dir = at >= 0 ? args[at + 1] : undefined;
  // Nothing but `--dir <folder>`.
  if (args.length !== (at >= 0 ? 2 : 0) || (at >= 0 && !dir)) throw new ConfigError(USAGE);
  if (dir !== undefined) {
    if (!path.isAbsolute(dir)) throw new ConfigError(`the folder must be an absolute path, got "${dir}"`);
    return { origin: new DirectoryOrigin(dir), label: dir };
  }
  const origin = configuredOrigin(config);
  const label = originLabel(config);
  if (!origin || !label)
    throw new ConfigError(
      `neither PUBLISH_DIR nor PUBLISH_S3_BUCKET is set and no --dir was given\n${USAGE}`,
    );
  return { origin, label };
}

/** Runs the command with its arguments; its answer is the exit code. A usage or setting error is a ConfigError. */
export async function runPublishCli(args: string[], out: (text: string) => void): Promise<number> {
  const config = loadConfig();
  const { origin, label } = target(args, config);
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db')))
    throw new ConfigError(`no database: DATABASE_URL is unset and ${config.dataDir}/db does not exist`);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  const started = performance.now();
  try {
    let reported = 0;
    const r = await rebuildTree(
      { db, now: () => new Date(), origin },
      {
        onPage: (done) => {
          if (done - reported < 100_000) return;
          reported = done;
          out(`  ${done} certificate chains...\n`);
        },
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out(
      `Published ${r.certificates} certificate chains and ${r.crls} CRLs to ${label} in ${seconds} s: ` +
        `${r.written} objects written, ${r.unchanged} already up to date.\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}
