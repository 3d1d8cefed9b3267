// Makes the PGlite template (pgliteTemplate.ts) that a new data folder starts as: run by scripts/build-server.mjs,
// never by the server (which only copies the template).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createJobQueue } from '../jobs/pgBoss';
import { openPglite } from './index';
import { migrate } from './migrate';
import { STAMP, isPgliteTemplate, stampOf } from './pgliteTemplate';

export { isPgliteTemplate };

/**
 * Runs PGlite's initdb, the migrations of `migrationsDir` and pg-boss's first start (which makes its schema, and
 * nothing else: no queue, no worker, no job) into `dir` (replaced), and stamps it.
 */
export async function createPgliteTemplate(dir: string, migrationsDir?: string): Promise<void> {
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const db = await openPglite(tmp);
  try {
    await migrate(db, migrationsDir);
    const jobs = createJobQueue(db, { log: pino({ enabled: false }) as unknown as FastifyBaseLogger });
    await jobs.start();
    await jobs.stop();
  } finally {
    await db.close();
  }
  fs.writeFileSync(path.join(tmp, STAMP), JSON.stringify(stampOf(migrationsDir)) + '\n');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
}
