// The Idempotency-Key request header (Stripe's semantics) on the POSTs that create or charge: a route opts in with
// `config: { ..., idempotent: true }`. The first answer to a key is kept and sent again, byte for byte with its
// status and `Idempotent-Replayed: true`, to the same request repeated with that key; the same key with another
// request is refused (422); a repeat that arrives while the first still runs waits for its answer, and gets 409
// if that takes too long. Answers of 5xx (and 429) are not kept: the client may simply retry. Without the header a
// route behaves as without this hook. Keys are scoped by the signed-in account, or by the address on public
// routes, and kept for a day (the housekeeping deletes them).
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadJwtSecret } from '../auth/tokens';
import type { Config } from '../config';
import type { Queryable } from '../db';
import { HttpError, badRequest, conflict } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key header: a repeat with the same key gets the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs (set by the idempotency hook). */
    idempotency: HeldKey | null;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long keys and their answers are kept. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  reused: 'This Idempotency-Key was already used for another request. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still being processed. Please retry it in a moment.',
} as const;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface HeldKey {
  scope: string;
  key: string;
  settled: boolean;
  /** What of the answer is kept for a repeat: all of it unless the route said otherwise (keepAnswerAs). */
  kept?: (body: Buffer) => Buffer;
}

/**
 * Keeps this request's answer for a repeat only as `kept` makes it: a secret answered once (a private key made for
 * the client) is left out of what is stored, and a repeat gets the answer without it.
 */
export function keepAnswerAs(request: FastifyRequest, kept: (body: Buffer) => Buffer): void {
  if (request.idempotency) request.idempotency.kept = kept;
}

export interface IdempotencyOptions {
  db: Queryable;
  /** Keys the request hash, so that the stored hash reveals nothing of a body (a card, a password). */
  secret: Uint8Array;
  /** How long a repeat waits for the first request's answer before it gets 409 (default 10 s); read per request. */
  waitMs?: () => number;
  /** How long a running first request holds its key; a request that died then leaves it to a repeat (60 s). */
  lockMs?: number;
}

/** The key of the request hashes: derived from the server's signing secret, the same on every server. */
export function idempotencySecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Uint8Array {
  return createHmac('sha256', loadJwtSecret(config.jwtSecret, config.dataDir))
    .update('idempotency-key')
    .digest();
}

/** JSON with the keys of every object sorted: the same body however its fields were ordered. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Buffer.isBuffer(value)) return JSON.stringify({ $bytes: value.toString('base64') });
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

function requestHash(secret: Uint8Array, request: FastifyRequest): string {
  const what = [request.method, request.routeOptions.url ?? '', request.params ?? {}, request.body];
  return createHmac('sha256', secret).update(canonicalJson(what)).digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw badRequest(IDEMPOTENCY_MESSAGES.invalid, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.invalid });
  }
  return raw;
}

interface StoredRow {
  request_hash: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: Uint8Array | null;
  lapsed: boolean;
}

type Claim =
  | { kind: 'claimed' }
  | { kind: 'reused' }
  | { kind: 'running' }
  | { kind: 'replay'; status: number; type: string | null; body: Buffer };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the key for this request, or says what the request that took it first has become. */
async function claim(
  db: Queryable,
  k: { scope: string; key: string; hash: string },
  opts: { waitMs: number; lockMs: number },
): Promise<Claim> {
  const deadline = Date.now() + opts.waitMs;
  let pause = 20;
  for (;;) {
    const inserted = await db.query(
      `INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, locked_until)
       VALUES ($1, $2, $3, clock_timestamp() + $4::integer * interval '1 millisecond')
       ON CONFLICT (scope, idempotency_key) DO NOTHING RETURNING 1 AS claimed`,
      [k.scope, k.key, k.hash, opts.lockMs],
    );
    if (inserted.length) return { kind: 'claimed' };
    const [row] = await db.query<StoredRow>(
      `SELECT request_hash, status, response_status, response_type, response_body,
              locked_until <= clock_timestamp() AS lapsed
         FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2`,
      [k.scope, k.key],
    );
    if (!row) continue; // given back (a 5xx) in between: try to take it again
    if (row.request_hash !== k.hash) return { kind: 'reused' };
    if (row.status === 'done') {
      return {
        kind: 'replay',
        status: row.response_status!,
        type: row.response_type,
        body: Buffer.from(row.response_body ?? new Uint8Array()),
      };
    }
    if (row.lapsed) {
      // The first request died without an answer: this one takes its place.
      const taken = await db.query(
        `UPDATE idempotency_keys SET locked_until = clock_timestamp() + $3::integer * interval '1 millisecond'
          WHERE scope = $1 AND idempotency_key = $2 AND status = 'running' AND locked_until <= clock_timestamp()
          RETURNING 1 AS claimed`,
        [k.scope, k.key, opts.lockMs],
      );
      if (taken.length) return { kind: 'claimed' };
      continue;
    }
    if (Date.now() >= deadline) return { kind: 'running' };
    await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
    pause = Math.min(pause * 2, 200);
  }
}

async function keep(db: Queryable, held: HeldKey, status: number, type: string | null, body: Buffer) {
  await db.query(
    `UPDATE idempotency_keys
        SET status = 'done', locked_until = NULL, response_status = $3, response_type = $4, response_body = $5
      WHERE scope = $1 AND idempotency_key = $2`,
    [held.scope, held.key, status, type, body],
  );
}

async function giveBack(db: Queryable, held: HeldKey) {
  await db.query(
    `DELETE FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2 AND status = 'running'`,
    [held.scope, held.key],
  );
}

/** Answers worth keeping: not a failure on our side, not "too many attempts" (both are worth a retry). */
const keepable = (status: number) => status < 500 && status !== 429;

export function installIdempotency(app: FastifyInstance, opts: IdempotencyOptions): void {
  const { db, secret } = opts;
  const waitMs = opts.waitMs ?? (() => 10_000);
  const lockMs = opts.lockMs ?? 60_000;
  app.decorateRequest('idempotency', null);

  // After the guard and the body parser: the scope is the account the token names, the body is parsed.
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (key === undefined) return;
    const scope = request.user ? `account:${request.user.sub}` : `address:${request.ip}`;
    const outcome = await claim(
      db,
      { scope, key, hash: requestHash(secret, request) },
      { waitMs: waitMs(), lockMs },
    );
    if (outcome.kind === 'claimed') {
      request.idempotency = { scope, key, settled: false };
      return;
    }
    if (outcome.kind === 'reused') throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
    if (outcome.kind === 'running') throw conflict(IDEMPOTENCY_MESSAGES.running);
    reply.code(outcome.status).header(REPLAYED_HEADER, 'true');
    if (outcome.type) reply.type(outcome.type);
    return reply.send(outcome.body);
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    const bytes =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (bytes && keepable(reply.statusCode)) {
      const type = reply.getHeader('content-type');
      const body = held.kept ? held.kept(bytes) : bytes;
      await keep(db, held, reply.statusCode, typeof type === 'string' ? type : null, body);
    } else {
      await giveBack(db, held);
    }
    return payload;
  };

  // A request that ended without an answer being sent gives its key back.
  const onResponse = async (request: FastifyRequest) => {
    const held = request.idempotency;
    if (!held || held.settled) return;
    held.settled = true;
    await giveBack(db, held);
  };

  // On the routes that opt in, and only there: every other request skips three hooks. First among the route's
  // own hooks, where a global hook would run.
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    const first = <T>(hook: T, hooks: T | T[] | undefined): T[] => [
      hook,
      ...(hooks === undefined ? [] : ([hooks].flat() as T[])),
    ];
    route.preHandler = first(preHandler, route.preHandler as never) as never;
    route.onSend = first(onSend, route.onSend as never) as never;
    route.onResponse = first(onResponse, route.onResponse as never) as never;
  });
}

/** The housekeeping: keys older than `before` and their answers. */
export async function deleteExpiredIdempotencyKeys(q: Queryable, before: Date): Promise<number> {
  const rows = await q.query(`DELETE FROM idempotency_keys WHERE created_on < $1 RETURNING 1 AS deleted`, [
    before,
  ]);
  return rows.length;
}
