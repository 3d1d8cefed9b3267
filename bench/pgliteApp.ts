// The app on PGlite in a folder, as the server runs it (DATA_DIR/db), not in memory as the tests do: what the
// benches measure the embedded default on.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildHttpApp } from '../server/src/app';
import { openPglite } from '../server/src/db';
import { migrate } from '../server/src/db/migrate';
import { createJobQueue } from '../server/src/jobs/pgBoss';
import { createServices } from '../server/src/services';
import type { Config } from '../server/src/config';
import { injectFetch, testConfig, type TestApp } from '../tests/server/helpers';

/** `keepData`: close() leaves the data folder for a server to start from (the web bench's seeded world). */
export async function pgliteApp(
  overrides: Partial<Config> = {},
  { keepData = false }: { keepData?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const db = await openPglite(path.join(config.dataDir, 'db'));
  await migrate(db);
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const jobs = createJobQueue(db, { log, pollingIntervalSeconds: 1, stopTimeoutMs: 2_000 });
  // the embedded STI-PA answers at the public URL, which nothing listens on here: its requests go to the app
  const stiPaFetch = injectFetch(() => app);
  const services = await createServices({ config, db, jobs, logger: false, stiPaFetch });
  const app = await buildHttpApp(services, { logger: false });
  await app.ready();
  await jobs.start();
  return {
    app,
    services,
    db,
    config,
    async close() {
      await jobs.stop();
      await app.close();
      await services.close();
      await db.close();
      if (!keepData) fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
