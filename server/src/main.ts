// The launcher: config, database, migrations, first-start setup, HTTP server, graceful shutdown.
import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db';
import { migrate } from './db/migrate';
import { PGLITE_TEMPLATE_DIR } from './db/pgliteTemplate';
import { isPublishing } from './publishing/settings';

/**
 * The app's modules (and the packages they import), loaded while the database opens: PGlite compiles its WASM on
 * V8's background threads and reads its files asynchronously, so both overlap instead of following one another.
 */
async function loadApp() {
  const [
    { buildApp },
    { createLogger },
    { ensureAdminAccount },
    { buildMetricsServer },
    recovery,
    numbers,
    publishing,
  ] = await Promise.all([
    import('./app'),
    import('./logger'),
    import('./accounts/admin'),
    import('./metrics'),
    import('./certificates/recovery'),
    import('./numbers/service'),
    import('./publishing/jobs'),
  ]);
  return {
    buildApp,
    createLogger,
    ensureAdminAccount,
    buildMetricsServer,
    CERTIFICATE_RECOVERY_JOB: recovery.CERTIFICATE_RECOVERY_JOB,
    NUMBER_SWEEP_JOB: numbers.SWEEP_JOB,
    PUBLISH_CRLS_JOB: publishing.PUBLISH_CRLS_JOB,
  };
}

/**
 * How much of a WebAssembly function V8 runs in its baseline code before compiling it again with its optimizing
 * compiler, in V8's rough unit of bytes executed (1,800,000 by default). At the default, the start alone (PGlite's
 * catalog reads, the first statements of the migrations check, the job queue and the CA) sends hundreds of
 * PostgreSQL's functions to the optimizing compiler: about 0.8 s of CPU on V8's threads while the server starts,
 * which a two-core machine takes from the start itself. At 55 times that, what keeps running is still optimized
 * within the first second of load: with and without it, the signed-in list answered at the same rate (bench:api run
 * with the flag) and the built server the same load (bench:memory), at a lower resident set once it answers.
 */
const PGLITE_WASM_TIERING_BUDGET = 100_000_000;

/** Requests in flight get this long to finish at shutdown; then their connections are closed. */
const SHUTDOWN_GRACE_MS = 3_000;
/** The whole shutdown (connections, jobs, database) ends within this. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main() {
  const started = Date.now();
  const config = loadConfig();
  // Before PGlite's module is instantiated (the budget is read then); PostgreSQL proper runs no WebAssembly.
  if (!config.databaseUrl) v8.setFlagsFromString(`--wasm-tiering-budget=${PGLITE_WASM_TIERING_BUDGET}`);
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
    template: PGLITE_TEMPLATE_DIR,
  });
  const loading = loadApp();
  // Whichever fails first ends the start; the other is not waited for.
  loading.catch(() => undefined);
  const db = await opening;
  const applied = await migrate(db);
  const {
    buildApp,
    createLogger,
    ensureAdminAccount,
    buildMetricsServer,
    CERTIFICATE_RECOVERY_JOB,
    NUMBER_SWEEP_JOB,
    PUBLISH_CRLS_JOB,
  } = await loading;
  const log = createLogger(config.logLevel, config.logFormat);
  if (applied.length) log.info({ applied }, 'database migrated');
  // The admin account of a first start is made while the app builds: its password's hash (argon2, a few hundred
  // ms) runs on libuv's threads while the CA is made and the routes registered on the main one.
  const [app] = await Promise.all([buildApp({ config, db, log }), ensureAdminAccount({ db, config, log })]);
  // METRICS_PORT: /metrics on a port of its own (an internal address), not on the public one.
  const metricsServer = config.metricsPort === undefined ? null : buildMetricsServer(app.metrics, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The whole shutdown fits in 10 s: requests in flight get SHUTDOWN_GRACE_MS, running jobs the queue's stop
    // timeout. Past the limit the process leaves with code 1.
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: forced exit');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    // Idle connections close at once (forceCloseConnections: 'idle'); what is still open after the grace (a slow
    // request, a client that sent half a request) is cut so that the server's close can finish.
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    cut.unref();
    let code = 0;
    try {
      await metricsServer?.close();
      // app.close() stops the job workers (an onClose hook), waiting for running jobs, before the database closes.
      await app.close();
      await db.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (metricsServer) {
    await metricsServer.listen({ port: config.metricsPort, host: config.metricsHost });
    app.log.info({ host: config.metricsHost, port: config.metricsPort }, 'metrics served on their own port');
  }
  try {
    // Workers start once the server answers; a send arriving meanwhile waits for the start.
    await app.jobs.start();
    // Issuances a crash interrupted are settled now, not only at the next minute's run.
    await app.jobs.send(CERTIFICATE_RECOVERY_JOB, {}, { singletonKey: 'at-start' });
    // Imports a killed process left waiting or running are re-queued or failed now rather than at the next sweep.
    await app.jobs.send(NUMBER_SWEEP_JOB, {});
    // CRLs signed before the queue started (a lapsed one is re-signed at start) reach the static origin now.
    if (isPublishing(config)) await app.jobs.send(PUBLISH_CRLS_JOB, {}, { singletonKey: 'at-start' });
  } catch (e) {
    // A SIGTERM during the start stopped the workers under it: the shutdown ends the process with its own code
    // (a send to the stopped queue failed, which is not a failed start).
    if (closing) return;
    throw e;
  }
  app.log.info(
    { url: config.publicUrl, database: db.driver, ms: Date.now() - started },
    `portal ready on ${config.publicUrl}`,
  );
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : e);
  process.exit(1);
});
