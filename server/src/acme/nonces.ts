// Anti-replay nonces (RFC 8555 §6.5): 128 random bits, kept in the database for an hour, so that a nonce one server
// gave is accepted by every server on the same database, and spent once by whichever server sees it first.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { AcmeProblem } from './problems';
import * as store from './store';

export const NONCE_LIFETIME_MS = 60 * 60 * 1000;

export async function newNonce(db: Queryable, now: Date): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  await store.insertNonce(db, nonce, new Date(now.getTime() + NONCE_LIFETIME_MS));
  return nonce;
}

/** Spends the request's nonce; a nonce never issued, already used or expired is a badNonce (the client retries). */
export async function spendNonce(db: Queryable, nonce: string, now: Date): Promise<void> {
  if (!(await store.consumeNonce(db, nonce, now)))
    throw new AcmeProblem(
      'badNonce',
      'The nonce is unknown, expired or already used: retry with a fresh one',
    );
}
