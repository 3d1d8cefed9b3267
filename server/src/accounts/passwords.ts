// Password hashing: argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane).
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

const PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...PARAMS });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // a malformed stored hash never signs anyone in
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's: rehash it at the next sign-in. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, PARAMS);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one real verification when there is no hash to check (unknown email, no password yet),
 * so the answer time does not tell which emails have accounts.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
  return false;
}
