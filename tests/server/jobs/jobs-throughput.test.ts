// The job queue's throughput and its recovery of lost jobs, on the test database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a queue of 1,000 mails drains in well under a minute with the production defaults, and a
// job left active by a process that died runs again within a minute.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RETRIES, queueRevocationReport } from '../../../server/src/certificates/revocation';
import { JOB_DEFAULTS, createJobQueue } from '../../../server/src/jobs/pgBoss';
import type { JobQueue } from '../../../server/src/jobs/queue';
import { createTestDatabase, type TestDatabase } from '../helpers';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

describe('job queue throughput and lost jobs', () => {
  let t: TestDatabase;
  const queues: JobQueue[] = [];
  const track = (q: JobQueue) => (queues.push(q), q);

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await t.drop();
  });

  it('drains 1,000 queued mails in under a minute with the production defaults', async () => {
    // Sent by one server (no worker), worked by another started afterwards: the whole queue waits at once.
    const sender = track(createJobQueue(t.db, { log }));
    await sender.start();
    for (let i = 0; i < 1000; i++) await sender.send('receipt-mail', { n: i });
    await sender.stop();

    const seen = new Set<number>();
    const worker = track(createJobQueue(t.db, { log })); // every default as in production
    await worker.work<{ n: number }>('receipt-mail', async ({ n }) => {
      await sleep(5); // writing one mail
      seen.add(n);
    });
    const left = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'receipt-mail' AND state < 'completed'`,
        )
      )[0].n;
    const began = Date.now();
    await worker.start();
    // Done when every mail was written and every job recorded as completed.
    await until(async () => seen.size === 1000 && (await left()) === 0, 60_000);
    const seconds = (Date.now() - began) / 1000;
    // One job per 2 s poll, as before, would have taken 2,000 s.
    expect(seconds).toBeLessThan(60);
    await worker.stop();
  }, 120_000);

  it('runs a failing job of a batch again without running the others twice', async () => {
    const q = track(createJobQueue(t.db, { log, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 }));
    const runs = new Map<number, number>();
    await q.work<{ n: number }>('batch', async ({ n }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (n === 3 && runs.get(n) === 1) throw new Error('smtp down');
    });
    await q.start();
    for (let i = 0; i < 8; i++) await q.send('batch', { n: i });
    await until(() => runs.size === 8 && runs.get(3) === 2, 20_000);
    await sleep(1_500);
    expect([...runs.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
    ]);
    await q.stop();
  });

  it('runs a job again whose process died while running it (short settings)', async () => {
    // A job keeps the expiry and retry delay it was sent with.
    const sender = track(createJobQueue(t.db, { log, expireInSeconds: 2, retryDelaySeconds: 1 }));
    await sender.start();
    const id = await sender.send('report', { serial: 'ab' });
    await sender.stop();
    // What a process killed with the job in hand leaves: the job active, started, and nobody running it.
    await t.db.query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1`, [id]);

    const attempts: number[] = [];
    const worker = track(
      createJobQueue(t.db, {
        log,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
      }),
    );
    await worker.work('report', async (_data, job) => {
      attempts.push(job.retryCount);
    });
    const began = Date.now();
    await worker.start();
    await until(() => attempts.length > 0, 20_000);
    // expiry 2 s + maintenance ≤ 1 s + retry delay 1 s + a poll, with margin
    expect(Date.now() - began).toBeLessThan(8_000);
    expect(attempts).toEqual([1]);
    await worker.stop();
  }, 30_000);

  it('has production defaults that retry a killed job within a minute, applied to every job sent', async () => {
    const bound =
      JOB_DEFAULTS.expireInSeconds +
      JOB_DEFAULTS.maintenanceIntervalSeconds +
      JOB_DEFAULTS.retryDelaySeconds +
      JOB_DEFAULTS.pollingIntervalSeconds;
    expect(bound).toBeLessThan(60);
    const q = track(createJobQueue(t.db, { log }));
    await q.start();
    const id = await q.send('any-mail', {});
    const [row] = await t.db.query<{ expire: number; retry_delay: number; retry_limit: number }>(
      `SELECT extract(epoch FROM expire_in)::int AS expire, retry_delay, retry_limit FROM pgboss.job WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({
      expire: JOB_DEFAULTS.expireInSeconds,
      retry_delay: JOB_DEFAULTS.retryDelaySeconds,
      retry_limit: JOB_DEFAULTS.retryLimit,
    });
    // A queue that declares a longer expiry (a long sweep) keeps it for the jobs sent to it.
    await q.work('long-sweep', async () => undefined, { expireInSeconds: 600 });
    const sweep = await q.send('long-sweep', {}, { startAfter: Date.now() + 3_600_000 });
    const [s] = await t.db.query<{ expire: number }>(
      `SELECT extract(epoch FROM expire_in)::int AS expire FROM pgboss.job WHERE id = $1`,
      [sweep],
    );
    expect(s.expire).toBe(600);
    // The STI-PA revocation report, retried for days with a growing delay, still retries a killed job within a
    // minute: its first delay is between retryDelaySeconds and twice it.
    const report = await queueRevocationReport({ jobs: q }, t.db, randomUUID());
    const [r] = await t.db.query<{ retry_delay: number; retry_backoff: boolean; retry_limit: number }>(
      'SELECT retry_delay, retry_backoff, retry_limit FROM pgboss.job WHERE id = $1',
      [report],
    );
    expect(r).toEqual({ retry_delay: 5, retry_backoff: true, retry_limit: 20 });
    expect(
      JOB_DEFAULTS.expireInSeconds +
        JOB_DEFAULTS.maintenanceIntervalSeconds +
        2 * REPORT_RETRIES.retryDelaySeconds +
        JOB_DEFAULTS.pollingIntervalSeconds,
    ).toBeLessThan(60);
    await q.stop();
  });
});
