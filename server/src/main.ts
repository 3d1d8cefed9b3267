// The launcher: config, database, migrations, first-start setup, HTTP server, graceful shutdown.
import { buildApp } from './app';
import { ensureAdminAccount } from './accounts/admin';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db';
import { migrate } from './db/migrate';
import { SWEEP_JOB as NUMBER_SWEEP_JOB } from './numbers/service';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  const app = await buildApp({ config, db });
  if (applied.length) app.log.info({ applied }, 'database migrated');
  await ensureAdminAccount({ db, config, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Running jobs get up to 8 s (the queue's stop timeout) to finish before the process is forced out.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      // app.close() stops the job workers (an onClose hook), waiting for running jobs, before the database closes.
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Workers start once the server answers; a send arriving meanwhile waits for the start.
  await app.jobs.start();
  // Imports a killed process left waiting or running are re-queued or failed now rather than at the next sweep.
  await app.jobs.send(NUMBER_SWEEP_JOB, {});
  app.log.info(
    { url: config.publicUrl, database: db.driver, ms: Date.now() - started },
    `portal ready on ${config.publicUrl}`,
  );
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : e);
  process.exit(1);
});
