// SQL of the server-side sessions (migration 008). Parameterized statements only.
import type { Queryable } from '../db';

export type RevokeReason =
  | 'logout'
  | 'logout_all'
  | 'password_changed'
  | 'password_reset'
  | 'password_set'
  | 'deactivated'
  | 'role_changed';

export interface NewSession {
  accountId: string;
  createdOn: Date;
  expiresOn: Date;
  userAgent: string | null;
  ip: string | null;
}

export async function insertSession(q: Queryable, s: NewSession): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sessions (account_id, created_on, expires_on, last_seen_on, user_agent, ip)
     VALUES ($1, $2, $3, $2, $4, $5) RETURNING id`,
    [s.accountId, s.createdOn, s.expiresOn, s.userAgent, s.ip],
  );
  return row.id;
}

/** What the guard needs to know of a session and its account, in one indexed read (primary keys only). */
export interface SessionStanding {
  account_id: string;
  expires_on: Date;
  revoked_on: Date | null;
  last_seen_on: Date;
  account_type: string;
  is_disabled: boolean;
  reseller_is_active: boolean | null;
}

export async function findSessionStanding(q: Queryable, id: string): Promise<SessionStanding | undefined> {
  const rows = await q.query<SessionStanding>(
    `SELECT s.account_id, s.expires_on, s.revoked_on, s.last_seen_on,
            a.type AS account_type, a.is_disabled, r.is_active AS reseller_is_active
       FROM sessions s
       JOIN accounts a ON a.id = s.account_id
       LEFT JOIN resellers r ON r.account_id = a.id
      WHERE s.id = $1`,
    [id],
    // read by every server for every session every few seconds, always by primary keys
    { prepare: true },
  );
  return rows[0];
}

/** Records activity at most once per `every` (so a busy session costs one write a minute, not one a request). */
export async function touchSession(q: Queryable, id: string, now: Date, everyMs: number): Promise<void> {
  await q.query(
    `UPDATE sessions SET last_seen_on = $2 WHERE id = $1 AND revoked_on IS NULL AND last_seen_on < $3`,
    [id, now, new Date(now.getTime() - everyMs)],
  );
}

/** Revokes one session of one account; false when it was not live (already revoked, or another account's). */
export async function revokeSession(
  q: Queryable,
  id: string,
  accountId: string,
  reason: RevokeReason,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE sessions SET revoked_on = $4, revoked_reason = $3
      WHERE id = $1 AND account_id = $2 AND revoked_on IS NULL RETURNING id`,
    [id, accountId, reason, now],
  );
  return rows.length > 0;
}

/** Revokes every live session of an account, except `keep` when given; returns the ids revoked. */
export async function revokeAccountSessions(
  q: Queryable,
  accountId: string,
  reason: RevokeReason,
  now: Date,
  keep?: string,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE sessions SET revoked_on = $3, revoked_reason = $2
      WHERE account_id = $1 AND revoked_on IS NULL AND ($4::uuid IS NULL OR id <> $4::uuid)
      RETURNING id`,
    [accountId, reason, now, keep ?? null],
  );
  return rows.map((r) => r.id);
}

/** Housekeeping: sessions expired or revoked before `before`. */
export async function deleteOldSessions(q: Queryable, before: Date): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM sessions WHERE expires_on < $1 OR revoked_on < $1 RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [before],
  );
  return row.n;
}
