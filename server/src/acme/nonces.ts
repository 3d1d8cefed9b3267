// Anti-replay nonces (RFC 8555 §6.5). A nonce is the time it was given, 64 random bits and an HMAC of both under
// a key every server derives from the shared key-encryption key: any server behind the load balancer can tell a
// nonce one of them gave, within the hour, without a write per nonce given. Spending one records it in the
// database (acme_nonces, until it would have expired), once: whichever server sees it first, a second use is a
// badNonce everywhere. The table is unlogged (no disk flush per nonce); a crash or a failover that empties it starts
// a new epoch, before which every nonce is refused (migration 021). A server sets it as it starts (startNonceEpoch),
// before it gives a nonce, so that no nonce it gives is ever older than the epoch.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db';
import { AcmeProblem } from './problems';
import * as store from './store';

export const NONCE_LIFETIME_MS = 60 * 60 * 1000;
/** How far ahead of this server's clock another server's nonce may be dated (clocks of a cluster drift a little). */
const CLOCK_SKEW_MS = 60 * 1000;
const TIME_BYTES = 6;
const RANDOM_BYTES = 8;
const MAC_BYTES = 12;
const NONCE_BYTES = TIME_BYTES + RANDOM_BYTES + MAC_BYTES;

/** The nonce key of a KEK: the same on every server that shares the KEK. */
export function nonceKeyOf(kek: Uint8Array): Buffer {
  return createHmac('sha256', Buffer.from(kek)).update('acme-nonce-v1').digest();
}

const macOf = (key: Uint8Array, body: Buffer) =>
  createHmac('sha256', Buffer.from(key)).update(body).digest().subarray(0, MAC_BYTES);

export function newNonce(key: Uint8Array, now: Date): string {
  const body = Buffer.alloc(TIME_BYTES + RANDOM_BYTES);
  body.writeUIntBE(now.getTime(), 0, TIME_BYTES);
  randomBytes(RANDOM_BYTES).copy(body, TIME_BYTES);
  return Buffer.concat([body, macOf(key, body)]).toString('base64url');
}

/** The refusal of a nonce this cluster never gave, expired, or already used (clients retry with a fresh one). */
const nonceRefused = () =>
  new AcmeProblem('badNonce', 'The nonce is unknown, expired or already used: retry with a fresh one');

/** When a nonce this cluster gave was given, and until when it may be spent; a badNonce for one it never gave. */
export function nonceTimes(key: Uint8Array, nonce: string, now: Date): { given: Date; expires: Date } {
  const bytes = Buffer.from(nonce, 'base64url');
  if (bytes.length !== NONCE_BYTES || bytes.toString('base64url') !== nonce) throw nonceRefused();
  const body = bytes.subarray(0, TIME_BYTES + RANDOM_BYTES);
  if (!timingSafeEqual(bytes.subarray(TIME_BYTES + RANDOM_BYTES), macOf(key, body))) throw nonceRefused();
  const given = body.readUIntBE(0, TIME_BYTES);
  const age = now.getTime() - given;
  if (age >= NONCE_LIFETIME_MS || age < -CLOCK_SKEW_MS) throw nonceRefused();
  return { given: new Date(given), expires: new Date(given + NONCE_LIFETIME_MS) };
}

/**
 * At a server's start, before it gives any nonce: when the spent nonces were lost (acme_nonce_epoch is empty, as a
 * crash recovery or a promoted standby leaves it with acme_nonces), a new epoch from now; the epoch in force otherwise.
 *
 * Safe with several servers on one database: the epoch is set only where there is none, so a server starting beside
 * running ones moves nothing and their nonces stay good. Where there is none, the spent set was lost at some moment
 * before this start (the crash, the failover), and every nonce given before that moment must be refused: an epoch
 * from this start refuses them all. It also refuses what the running servers gave between the loss and this start (a
 * client retries a badNonce with the fresh nonce that comes with it); what anyone gives after it is good. A server
 * whose clock is behind this one's by d sees its nonces of the first d after this start refused the same way (the
 * clocks of a cluster agree within the minute nonceTimes allows).
 */
export async function startNonceEpoch(db: Queryable, now: Date): Promise<Date> {
  return store.startNonceEpoch(db, now);
}

/**
 * A nonce's spending, judged: refused when it was spent before, or given before the epoch of the spent nonces kept
 * (a crash or a failover emptied acme_nonces: its spending may have been lost). Servers set the epoch as they start;
 * one that finds none still (the tables were emptied under running servers, none restarted since) starts it now.
 */
export async function settleSpend(
  epoch: { startNonceEpoch(since: Date): Promise<Date> },
  spent: store.NonceSpent,
  given: Date,
  now: Date,
): Promise<void> {
  if (!spent.fresh) throw nonceRefused();
  const since = spent.since ?? (await epoch.startNonceEpoch(now));
  if (given.getTime() < new Date(since).getTime()) throw nonceRefused();
}

/** Spends a nonce, once; a badNonce otherwise. (A request by an account spends it with its read: protocol.ts.) */
export async function spendNonce(db: Queryable, key: Uint8Array, nonce: string, now: Date): Promise<void> {
  const { given, expires } = nonceTimes(key, nonce, now);
  const epoch = { startNonceEpoch: (since: Date) => store.startNonceEpoch(db, since) };
  await settleSpend(epoch, await store.recordSpentNonce(db, nonce, expires), given, now);
}
