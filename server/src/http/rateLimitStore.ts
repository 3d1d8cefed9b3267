// @fastify/rate-limit's counters in the database rather than in one process's memory: every server behind the
// load balancer counts the same attempts (docs/operations.md, Scaling out). One upsert per limited request, timed by the
// database's clock so that servers with drifting clocks agree. A fixed window per key, as the plugin's own
// stores keep it (its continueExceeding and exponentialBackoff options are not used by this portal).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

const INCREMENT = `
  INSERT INTO rate_limits AS r (key, hits, window_ends)
  VALUES ($1, 1, clock_timestamp() + $2::integer * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
    window_ends = CASE WHEN r.window_ends <= clock_timestamp() THEN excluded.window_ends ELSE r.window_ends END
  RETURNING hits, extract(epoch FROM window_ends - clock_timestamp())::float8 * 1000 AS ttl`;

const READ = `
  SELECT hits, extract(epoch FROM window_ends - clock_timestamp())::float8 * 1000 AS ttl
    FROM rate_limits WHERE key = $1 AND window_ends > clock_timestamp()`;

const counted = (row: { hits: number; ttl: number } | undefined): Result =>
  row ? { current: row.hits, ttl: Math.max(0, Math.ceil(row.ttl)) } : { current: 0, ttl: 0 };

/** Route limits are told apart by method and URL; a limit made with createRateLimit names itself in its keys. */
function routePrefix(params: unknown): string {
  const route = (params as { routeInfo?: { method?: string | string[]; url?: string } } | undefined)
    ?.routeInfo;
  if (!route?.url) return '';
  const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
  return `${method} ${route.url} `;
}

export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(params?: unknown) {
      this.prefix = routePrefix(params);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      db.query<{ hits: number; ttl: number }>(INCREMENT, [this.prefix + key, Math.ceil(timeWindow)]).then(
        ([row]) => callback(null, counted(row)),
        (error: Error) => callback(error),
      );
    }

    /** The state without counting an attempt (the plugin's `increment: false`). */
    read(key: string, callback: Callback): void {
      db.query<{ hits: number; ttl: number }>(READ, [this.prefix + key]).then(
        ([row]) => callback(null, counted(row)),
        (error: Error) => callback(error),
      );
    }

    child(params: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes counters whose window has ended; returns how many. */
export async function deleteExpiredRateLimits(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM rate_limits WHERE window_ends < clock_timestamp() RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
  );
  return row.n;
}
