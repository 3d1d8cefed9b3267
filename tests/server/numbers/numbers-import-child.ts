// Runs one number import in a process of its own, printing "batch <rows>" after each staged batch, so that the
// crash test can kill it with SIGKILL in the middle. argv: database URL or PGlite folder, DATA_DIR, import id.
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openPglite, openPostgres } from '../../../server/src/db';
import type { JobQueue } from '../../../server/src/jobs/queue';
import { runImport } from '../../../server/src/numbers/importer';

const [where, dataDir, importId] = process.argv.slice(2);
const db = where.startsWith('postgres') ? await openPostgres(where, 2) : await openPglite(where);
const noQueue = {} as JobQueue; // the importer itself sends no job
await runImport(
  {
    db,
    config: { dataDir, numberImportMaxBytes: 200 * 1024 * 1024, requestTimeoutMs: 30_000 },
    jobs: noQueue,
    log: pino({ enabled: false }) as unknown as FastifyBaseLogger,
    now: () => new Date(),
  },
  importId,
  {
    afterBatch: async (rows) => {
      process.stdout.write(`batch ${rows}\n`);
      // give the parent time to kill this process between two batches
      await new Promise((r) => setTimeout(r, 300));
    },
  },
);
process.stdout.write('done\n');
await db.close();
