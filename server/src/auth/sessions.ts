// Server-side sessions. A session token (tokens.ts) carries `sid`, the id of a row of `sessions`; the guard accepts
// it only while that row is live (not revoked, not expired) and its account may still sign in (not disabled, a
// reseller still active, the same role as the token says). The answer of that one read is kept in a small
// in-process cache for at most `cacheMs`: a revocation made on another server reaches this one within that bound;
// one made here takes effect at once.
import { performance } from 'node:perf_hooks';
import type { TokenClaims } from '../../../contract/api';
import { isUuid } from '../../../contract/ids';
import type { Database, Queryable } from '../db';
import type { TokenService } from './tokens';
import * as store from './sessionStore';
import type { RevokeReason, SessionStanding } from './sessionStore';

export type { RevokeReason } from './sessionStore';

/** At most this many sessions are remembered; the oldest entry makes room. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** last_seen_on is written at most once per this interval per session. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionService {
  /** Creates a session for the account the claims name, and the token that carries it. */
  open(
    claims: Omit<TokenClaims, 'exp' | 'iat' | 'sid'>,
    ttlSeconds: number,
    meta?: { userAgent?: string; ip?: string },
  ): Promise<{ token: string; sid: string }>;
  /** Whether a verified token's session is live and its account still allowed. */
  isLive(claims: TokenClaims): Promise<boolean>;
  /** Revokes the token's own session. */
  revoke(claims: TokenClaims, reason: RevokeReason): Promise<void>;
  /** Revokes every live session of an account (but `keep`), in `q` when given (a transaction of the caller). */
  revokeAll(
    accountId: string,
    reason: RevokeReason,
    opts?: { keep?: string; q?: Queryable },
  ): Promise<string[]>;
  /** Drops cached answers: what the caller revoked in its own transaction, once it is committed. */
  forget(ids: readonly string[]): void;
}

interface CacheEntry {
  standing: SessionStanding | null;
  at: number;
}

const clip = (v: string | undefined, max: number) => (v ? v.slice(0, max) : null);

/** Is the session of these claims live at `now`, given its row (null: there is none)? */
export function sessionAllows(standing: SessionStanding | null, claims: TokenClaims, now: Date): boolean {
  if (!standing) return false;
  return (
    standing.account_id === claims.sub &&
    standing.revoked_on === null &&
    new Date(standing.expires_on).getTime() > now.getTime() &&
    !standing.is_disabled &&
    standing.reseller_is_active !== false &&
    standing.account_type === claims.type
  );
}

export function createSessionService(deps: {
  db: Database;
  tokens: TokenService;
  now: () => Date;
  /** How long one read of a session is reused; 0 reads the database on every request. */
  cacheMs: number;
  maxEntries?: number;
}): SessionService {
  const { db, tokens, now } = deps;
  const maxEntries = deps.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const cache = new Map<string, CacheEntry>();

  function remember(id: string, standing: SessionStanding | null) {
    if (deps.cacheMs <= 0) return;
    cache.delete(id);
    while (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value as string;
      cache.delete(oldest);
    }
    cache.set(id, { standing, at: performance.now() });
  }

  async function standingOf(id: string): Promise<SessionStanding | null> {
    const hit = cache.get(id);
    if (hit && performance.now() - hit.at < deps.cacheMs) return hit.standing;
    const standing = (await store.findSessionStanding(db, id)) ?? null;
    remember(id, standing);
    if (standing && standing.revoked_on === null) {
      const seen = new Date(standing.last_seen_on).getTime();
      if (now().getTime() - seen >= TOUCH_EVERY_MS) await store.touchSession(db, id, now(), TOUCH_EVERY_MS);
    }
    return standing;
  }

  const forget = (ids: readonly string[]) => {
    for (const id of ids) cache.delete(id);
  };

  return {
    async open(claims, ttlSeconds, meta = {}) {
      const createdOn = now();
      const sid = await store.insertSession(db, {
        accountId: claims.sub,
        createdOn,
        expiresOn: new Date(createdOn.getTime() + ttlSeconds * 1000),
        userAgent: clip(meta.userAgent, 512),
        ip: clip(meta.ip, 64),
      });
      return { token: await tokens.sign({ ...claims, sid }, ttlSeconds), sid };
    },
    async isLive(claims) {
      if (!isUuid(claims.sid)) return false;
      return sessionAllows(await standingOf(claims.sid), claims, now());
    },
    async revoke(claims, reason) {
      if (!claims.sid) return;
      await store.revokeSession(db, claims.sid, claims.sub, reason, now());
      forget([claims.sid]);
    },
    async revokeAll(accountId, reason, opts = {}) {
      const ids = await store.revokeAccountSessions(opts.q ?? db, accountId, reason, now(), opts.keep);
      forget(ids);
      return ids;
    },
    forget,
  };
}
