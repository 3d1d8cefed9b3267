// The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): pg-boss end to end.
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../../server/src/jobs/pgBoss';
import type { JobInfo, JobQueue } from '../../../server/src/jobs/queue';
import { createTestDatabase, type TestDatabase } from '../helpers';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// 20 s: under a loaded CI run (the PostgreSQL suite with its files in parallel) three polls of a retried job took
// more than 10 s once; the test's own limit is 30 s.
async function until(condition: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}

describe('job queue', () => {
  let t: TestDatabase;
  const queues: JobQueue[] = [];
  const newQueue = (stopTimeoutMs = 3_000) => {
    const q = createJobQueue(t.db, { log, pollingIntervalSeconds: 0.5, stopTimeoutMs });
    queues.push(q);
    return q;
  };
  const jobState = async (id: string) =>
    (
      await t.db.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE id = $1
       UNION ALL SELECT state, retry_count FROM pgboss.archive WHERE id = $1`,
        [id],
      )
    )[0];

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await t.drop();
  });

  it('handles a job once, and refuses to send before start', async () => {
    const q = newQueue();
    await expect(q.send('mail', { to: 'a' })).rejects.toThrow(/not started/);
    const seen: { data: { to: string }; job: JobInfo }[] = [];
    await q.work<{ to: string }>('mail', async (data, job) => {
      seen.push({ data, job });
    });
    await q.start();
    const id = await q.send('mail', { to: 'a@example.com' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => (await jobState(id!))?.state === 'completed');
    await sleep(1_200); // two more polls: nothing runs twice
    expect(seen).toEqual([
      { data: { to: 'a@example.com' }, job: { id, name: 'mail', retryCount: 0, retryLimit: 3 } },
    ]);
    await q.stop();
  });

  it('wakes its own worker: a job sent here starts before the next poll', async () => {
    const q = createJobQueue(t.db, { log, pollingIntervalSeconds: 30 });
    queues.push(q);
    let ranAt = 0;
    await q.work('wake', async () => {
      ranAt = Date.now();
    });
    await q.start();
    await sleep(100); // the worker's first (empty) fetch is over: it now sleeps for 30 s
    const sentAt = Date.now();
    await q.send('wake', {});
    await until(() => ranAt > 0, 5_000);
    expect(ranAt - sentAt).toBeLessThan(2_000);
    await q.stop();
  });

  it('dedupes on singletonKey while a job waits or runs, not after', async () => {
    const q = newQueue();
    await q.start();
    const first = await q.send(
      'crl-refresh',
      { issuer: 'i1' },
      { singletonKey: 'i1', startAfter: Date.now() + 60_000 },
    );
    expect(first).not.toBeNull();
    expect(await q.send('crl-refresh', { issuer: 'i1' }, { singletonKey: 'i1' })).toBeNull();
    // Another key, and keyless jobs, are not affected.
    expect(await q.send('crl-refresh', { issuer: 'i2' }, { singletonKey: 'i2' })).not.toBeNull();
    expect(await q.send('crl-refresh', { issuer: 'x' })).not.toBeNull();
    expect(await q.send('crl-refresh', { issuer: 'x' })).not.toBeNull();
    // Concurrent senders: exactly one wins.
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() => q.send('crl-refresh', {}, { singletonKey: 'race' })),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
    // Once the job is done, the key is free again.
    await t.db.query(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [first]);
    expect(await q.send('crl-refresh', { issuer: 'i1' }, { singletonKey: 'i1' })).not.toBeNull();
    await q.stop();
  });

  it('sends inside a transaction: the job exists only if it commits', async () => {
    const q = newQueue();
    await q.start();
    const kept = await t.db.transaction((tx) => q.send('receipt', { n: 1 }, { tx }));
    await expect(
      t.db.transaction(async (tx) => {
        await q.send('receipt', { n: 2 }, { tx, singletonKey: 'n2' });
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    const rows = await t.db.query<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = 'receipt'`);
    expect(rows.map((r) => r.id)).toEqual([kept]);
    await q.stop();
  });

  it('retries a throwing handler, then fails the job', async () => {
    const q = newQueue();
    const attempts: number[] = [];
    await q.work('flaky', async (_data, job) => {
      attempts.push(job.retryCount);
      throw new Error('upstream down');
    });
    await q.start();
    const id = await q.send('flaky', {}, { retryLimit: 2, retryDelaySeconds: 0 });
    await until(async () => (await jobState(id!))?.state === 'failed');
    expect(attempts).toEqual([0, 1, 2]);
    expect((await jobState(id!)).retry_count).toBe(2);
    await q.stop();
  });

  it('retries a failed job even when pg-boss completes its batch late', async () => {
    // pg-boss completes a batch after its callback without awaiting that update. Held back here (as on a loaded
    // server) until the failed job's retry had been fetched, it once marked the running retry completed, and the
    // job was never retried again. (The delay needs pg-boss on our adapter, as with PGlite; on PostgreSQL pg-boss
    // has its own pool, and the test is the plain retry's.)
    const late = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'query')
          return async (text: string, values?: unknown[]) => {
            if (text.includes('SET completed_on = now()')) await sleep(50);
            return target.query(text, values);
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const q = createJobQueue(late, { log, pollingIntervalSeconds: 0.5, stopTimeoutMs: 3_000 });
    queues.push(q);
    const attempts: number[] = [];
    await q.work('down', async (_data, job) => {
      attempts.push(job.retryCount);
      await sleep(200);
      throw new Error('upstream down');
    });
    await q.start();
    const id = await q.send('down', {}, { retryLimit: 2, retryDelaySeconds: 0 });
    await until(async () => ['failed', 'completed'].includes((await jobState(id!))?.state));
    await sleep(1_000);
    expect((await jobState(id!)).state).toBe('failed');
    expect(attempts).toEqual([0, 1, 2]);
    await q.stop();
  });

  it('stop() waits for the running job', async () => {
    const q = newQueue();
    let finished = false;
    let began = false;
    await q.work('slow', async () => {
      began = true;
      await sleep(1_000);
      finished = true;
    });
    await q.start();
    const id = await q.send('slow', {});
    await until(() => began);
    await q.stop();
    expect(finished).toBe(true);
    expect((await jobState(id!)).state).toBe('completed');
  });

  it('survives a restart: a job sent before a stop runs on a new queue', async () => {
    const sender = newQueue();
    await sender.start();
    const id = await sender.send('import', { file: 'numbers.csv' });
    await sender.stop();

    const seen: unknown[] = [];
    const worker = newQueue();
    await worker.work('import', async (data) => {
      seen.push(data);
    });
    await worker.start();
    await until(async () => (await jobState(id!))?.state === 'completed');
    expect(seen).toEqual([{ file: 'numbers.csv' }]);
    await worker.stop();
  });

  it('keeps a cron schedule in UTC, declared before or after start', async () => {
    const q = newQueue();
    await q.schedule('crl-nightly', '0 3 * * *', { all: true });
    await q.start();
    await q.schedule('renewals', '*/10 * * * *');
    const rows = await t.db.query<{ name: string; cron: string; options: { tz: string } }>(
      `SELECT name, cron, options FROM pgboss.schedule`,
    );
    expect(rows.map((r) => [r.name, r.cron, r.options.tz]).sort()).toEqual([
      ['crl-nightly', '0 3 * * *', 'UTC'],
      ['renewals', '*/10 * * * *', 'UTC'],
    ]);
    await q.stop();
  });
});
