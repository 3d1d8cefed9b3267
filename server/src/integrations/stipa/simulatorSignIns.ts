// The STI-PA simulator's sign-ins: each access token it gives is a row of stipa_sim_sign_ins (its SHA-256, the
// account's user id, its expiry), so every server on the database accepts it until it expires or is logged out
// through any of them (docs/production.md, "Several servers").
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db';

export interface SimulatorSignIns {
  /** A new access token for `userId`, valid for the sign-in lifetime from now. */
  start(userId: string): Promise<string>;
  /** The user id an unexpired access token was given to; undefined for any other token. */
  userOf(accessToken: string): Promise<string | undefined>;
  /** Ends the sign-in of `accessToken` (nothing when it has none). */
  end(accessToken: string): Promise<void>;
}

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** The access token of an `Authorization: Bearer …` header ('' when there is none). */
export const bearerToken = (header: string | undefined) => (header ?? '').replace(/^Bearer\s+/i, '').trim();

export function simulatorSignIns(db: Queryable, now: () => Date, lifetimeMs: number): SimulatorSignIns {
  return {
    async start(userId) {
      const at = now();
      await db.query('DELETE FROM stipa_sim_sign_ins WHERE expires_at <= $1', [at]);
      const accessToken = randomBytes(32).toString('base64url');
      await db.query(
        'INSERT INTO stipa_sim_sign_ins (token_sha256, user_id, expires_at) VALUES ($1, $2, $3)',
        [sha256(accessToken), userId, new Date(at.getTime() + lifetimeMs)],
      );
      return accessToken;
    },
    async userOf(accessToken) {
      if (!accessToken) return undefined;
      const [row] = await db.query<{ user_id: string }>(
        'SELECT user_id FROM stipa_sim_sign_ins WHERE token_sha256 = $1 AND expires_at > $2',
        [sha256(accessToken), now()],
        { prepare: true },
      );
      return row?.user_id;
    },
    async end(accessToken) {
      if (accessToken)
        await db.query('DELETE FROM stipa_sim_sign_ins WHERE token_sha256 = $1', [sha256(accessToken)]);
    },
  };
}
