// Sending a job: straight through pg-boss, or inside a transaction of ours when it must be unique by key or
// exist only if the caller's transaction commits.
import type PgBoss from 'pg-boss';
import type { Queryable } from '../db';
import { pgBossDbAdapter } from './pgBossDb';
import { ensureQueue, type QueueState } from './pgBossState';
import type { SendOptions } from './queue';

/** Creates the queue through the caller's transaction (pg-boss's createQueue would use another session). */
async function ensureQueueIn(state: QueueState, tx: Queryable, name: string) {
  if (state.readyQueues.has(name)) return;
  await tx.query(`SELECT ${state.schema}.create_queue($1, $2::json)`, [
    name,
    JSON.stringify({ policy: 'standard' }),
  ]);
}

/** Wakes this process's worker of `name` for a job just queued, instead of waiting for its next poll. */
function wake(state: QueueState, name: string, id: string | null) {
  const worker = state.workerIds.get(name);
  if (id && worker && state.started) state.boss.notifyWorker(worker);
}

/** Sends wait for a start in progress (requests may arrive while the launcher starts the workers). */
async function requireStarted(state: QueueState, what: string) {
  if (state.starting) await state.starting;
  if (!state.started) throw new Error(`The job queue is not started: cannot ${what}`);
}

export async function sendJob(
  state: QueueState,
  name: string,
  data: object,
  options: SendOptions = {},
): Promise<string | null> {
  const { boss, db, schema } = state;
  await requireStarted(state, `send ${name}`);
  const sendOptions: PgBoss.SendOptions = {};
  if (options.startAfter !== undefined) {
    sendOptions.startAfter =
      typeof options.startAfter === 'number' ? new Date(options.startAfter) : options.startAfter;
  }
  if (options.retryLimit !== undefined) sendOptions.retryLimit = options.retryLimit;
  if (options.retryDelaySeconds !== undefined) sendOptions.retryDelay = options.retryDelaySeconds;
  if (options.retryBackoff !== undefined) sendOptions.retryBackoff = options.retryBackoff;
  if (!options.singletonKey && !options.tx) {
    await ensureQueue(state, name);
    const id = await boss.send(name, data, sendOptions);
    if (options.startAfter === undefined) wake(state, name, id);
    return id;
  }
  // The job goes in through a transaction of ours: the caller's (tx) or a new one.
  const inTransaction = async (tx: Queryable) => {
    await ensureQueueIn(state, tx, name);
    if (options.singletonKey) {
      // pg-boss 10 dedupes keys only per queue policy (and then for keyless jobs too): here a key is
      // unique among waiting and running jobs of standard queues, under a lock against a concurrent send.
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `${schema}.singleton:${name}:${options.singletonKey}`,
      ]);
      const waiting = await tx.query(
        `SELECT 1 FROM ${schema}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
        [name, options.singletonKey],
      );
      if (waiting.length) return null;
      sendOptions.singletonKey = options.singletonKey;
    }
    return boss.send(name, data, { ...sendOptions, db: pgBossDbAdapter(tx) });
  };
  // In the caller's transaction the job is visible only after its commit: the worker finds it on its next poll.
  if (options.tx) return inTransaction(options.tx);
  const id = await db.transaction(inTransaction);
  state.readyQueues.add(name);
  if (options.startAfter === undefined) wake(state, name, id);
  return id;
}
