// GET /api/admin/dashboard: the admin's home figures, as the server answers them and the web shows them.

/** One calendar month (UTC) of the 12-month chart. */
export interface DashboardMonth {
  /** YYYY-MM */
  month: string;
  /** Payments received in the month, in dollars. */
  revenue: number;
  /** Certificates issued in the month (revoked since or not). */
  certificates_issued: number;
}

export interface AdminDashboard {
  /** Providers with a paid period running now. */
  active_providers: number;
  /** Providers registered since the first day of this month. */
  new_providers_this_month: number;
  /** Running subscriptions at their monthly price (a yearly plan: its price / 12), in dollars. */
  monthly_recurring_revenue: number;
  /** Charges that failed (the subscription went past due) in the last 7 days. */
  failed_payments_last_7_days: number;
  certificates_issued_this_month: number;
  /** Valid certificates whose validity ends in the next 30 days. */
  certificates_expiring_in_30_days: number;
  /** The last 12 months, this one last. */
  months: DashboardMonth[];
}
