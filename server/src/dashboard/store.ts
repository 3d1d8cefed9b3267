// The admin's dashboard figures, each one SQL query. Months are calendar months in UTC; `now` is the app's clock.
// Each reads its own table, the date-ranged ones through migration 015's indexes; none joins the per-provider state
// view (it aggregates every provider).
import { PRICES } from '../../../contract/constants';
import type { AdminDashboard, DashboardMonth } from '../../../contract/dashboard';
import type { Queryable } from '../db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the first day of `now`'s month, `back` months earlier. */
export function monthStart(now: Date, back = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

async function one(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await q.query<{ value: string | number | null }>(sql, params);
  return Number(row?.value ?? 0);
}

/** Providers with a paid period running now (the state view's is_active, counted without the view). */
export const activeProviders = (q: Queryable, now: Date) =>
  one(
    q,
    `SELECT count(DISTINCT service_provider_id) AS value FROM subscriptions
      WHERE status = 'active' AND current_period_end > $1`,
    [now],
  );

export const newProvidersThisMonth = (q: Queryable, now: Date) =>
  one(q, `SELECT count(*) AS value FROM service_providers WHERE created_on >= $1 AND created_on <= $2`, [
    monthStart(now),
    now,
  ]);

/** Each running subscription at its monthly price: a yearly plan counts its price / 12. */
export const monthlyRecurringRevenue = (q: Queryable, now: Date) =>
  one(
    q,
    `SELECT round(coalesce(sum(CASE recurring_interval WHEN 'year' THEN $2::numeric / 12 ELSE $3::numeric END), 0), 2)
            AS value
       FROM subscriptions WHERE status = 'active' AND current_period_end > $1`,
    [now, PRICES.year, PRICES.month],
  );

/** A failed charge moves its subscription to past due, and the change log records it once per failure. */
export const failedPaymentsLast7Days = (q: Queryable, now: Date) =>
  one(
    q,
    `SELECT count(*) AS value FROM subscription_changes
      WHERE change = 'status' AND to_value = 'past_due' AND created_on > $1 AND created_on <= $2`,
    [new Date(now.getTime() - 7 * DAY_MS), now],
  );

/** Issued this month: signed since the month began, whether revoked since or not. */
export const certificatesIssuedThisMonth = (q: Queryable, now: Date) =>
  one(
    q,
    `SELECT count(*) AS value FROM certificates
      WHERE status IN ('issued', 'revoked') AND created_on >= $1 AND created_on <= $2`,
    [monthStart(now), now],
  );

export const certificatesExpiringIn30Days = (q: Queryable, now: Date) =>
  one(
    q,
    `SELECT count(*) AS value FROM certificates
      WHERE status = 'issued' AND not_after > $1 AND not_after <= $2`,
    [now, new Date(now.getTime() + 30 * DAY_MS)],
  );

/** Certificates of one kind that are live: issued (not revoked) and not expired. */
export const liveCertificates = (q: Queryable, now: Date, kind: 'sti_sca' | 'delegate') =>
  one(
    q,
    `SELECT count(*) AS value FROM certificates WHERE kind = $2 AND status = 'issued' AND not_after > $1`,
    [now, kind],
  );

/**
 * The last 12 months, this one included, oldest first: revenue received and certificates issued in each. Each
 * month sums its own range of the created_on indexes (index-only scans): no date arithmetic per row.
 */
export async function twelveMonths(q: Queryable, now: Date): Promise<DashboardMonth[]> {
  const rows = await q.query<{
    month: string;
    revenue: string | number;
    certificates_issued: string | number;
  }>(
    `WITH months AS (
       SELECT start, least(start + interval '1 month', ($2::timestamptz + interval '1 microsecond') AT TIME ZONE 'UTC') AS until
         FROM generate_series($1::timestamptz AT TIME ZONE 'UTC', $2::timestamptz AT TIME ZONE 'UTC',
                              interval '1 month') AS start
     )
     SELECT to_char(m.start, 'YYYY-MM') AS month,
            (SELECT coalesce(sum(amount), 0) FROM payments
              WHERE created_on >= m.start AT TIME ZONE 'UTC' AND created_on < m.until AT TIME ZONE 'UTC') AS revenue,
            (SELECT count(*) FROM certificates
              WHERE status IN ('issued', 'revoked')
                AND created_on >= m.start AT TIME ZONE 'UTC' AND created_on < m.until AT TIME ZONE 'UTC')
              AS certificates_issued
       FROM months m
      ORDER BY m.start`,
    [monthStart(now, 11), now],
  );
  return rows.map((r) => ({
    month: r.month,
    revenue: Number(r.revenue),
    certificates_issued: Number(r.certificates_issued),
  }));
}

/** All the figures at `now`: nine queries, side by side on PostgreSQL's pool (PGlite runs them in turn). */
export async function dashboardFigures(q: Queryable, now: Date): Promise<AdminDashboard> {
  const [active, fresh, mrr, failed, issued, expiring, stiScas, delegates, months] = await Promise.all([
    activeProviders(q, now),
    newProvidersThisMonth(q, now),
    monthlyRecurringRevenue(q, now),
    failedPaymentsLast7Days(q, now),
    certificatesIssuedThisMonth(q, now),
    certificatesExpiringIn30Days(q, now),
    liveCertificates(q, now, 'sti_sca'),
    liveCertificates(q, now, 'delegate'),
    twelveMonths(q, now),
  ]);
  return {
    active_providers: active,
    new_providers_this_month: fresh,
    monthly_recurring_revenue: mrr,
    failed_payments_last_7_days: failed,
    certificates_issued_this_month: issued,
    certificates_expiring_in_30_days: expiring,
    live_sti_scas: stiScas,
    live_delegates: delegates,
    months,
  };
}
