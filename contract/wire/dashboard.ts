// The admin's dashboard on the wire (docs/wire.md): GET /api/admin/dashboard, the home figures as the server answers
// them and the web shows them.
import { Type, type Static } from './kit';

/** One calendar month (UTC) of the 12-month chart. */
export const DashboardMonth = Type.Object({
  /** YYYY-MM */
  month: Type.String(),
  /** Payments received in the month, in dollars. */
  revenue: Type.Number(),
  /** Certificates issued in the month (revoked since or not). */
  certificates_issued: Type.Number(),
});
export type DashboardMonth = Static<typeof DashboardMonth>;

export const AdminDashboard = Type.Object({
  /** Providers with a paid period running now. */
  active_providers: Type.Number(),
  /** Providers registered since the first day of this month. */
  new_providers_this_month: Type.Number(),
  /** Running subscriptions at their monthly price (a yearly plan: its price / 12), in dollars. */
  monthly_recurring_revenue: Type.Number(),
  /** Charges that failed (the subscription went past due) in the last 7 days. */
  failed_payments_last_7_days: Type.Number(),
  certificates_issued_this_month: Type.Number(),
  /** Valid certificates whose validity ends in the next 30 days. */
  certificates_expiring_in_30_days: Type.Number(),
  /** STI-SCAs issued and not expired (revoked ones are not counted). */
  live_sti_scas: Type.Number(),
  /** Delegate certificates issued and not expired. */
  live_delegates: Type.Number(),
  /** The last 12 months, this one last. */
  months: Type.Array(DashboardMonth),
});
export type AdminDashboard = Static<typeof AdminDashboard>;
