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
 * initdb's template databases: what CREATE DATABASE copies, which the embedded database never runs (PGlite serves
 * the one database `postgres`). They are half the template's files (600 of 1,230), and a first start creates each
 * file it copies: on a machine where a file's creation costs most of a millisecond of system time, copying them
 * was about 0.45 s of CPU of every first start (and of every PGlite test database).
 */
const UNUSED_DATABASES = ['template1', 'template0'];

/**
 * Runs PGlite's initdb, the migrations of `migrationsDir` and pg-boss's first start (which makes its schema, and
 * nothing else: no queue, no worker, no job) into `dir` (replaced), drops the template databases and stamps it.
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
    for (const name of UNUSED_DATABASES) {
      // A template database cannot be dropped; it is one no longer.
      await db.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await db.query(`DROP DATABASE ${name}`);
    }
    await db.query('CHECKPOINT');
  } finally {
    await db.close();
  }
  fs.writeFileSync(path.join(tmp, STAMP), JSON.stringify(stampOf(migrationsDir)) + '\n');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
}
