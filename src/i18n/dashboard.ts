// The texts of the admin's dashboard. Spread into en.ts under `portal.dashboard`.

export const dashboardMessages = {
  title: 'Dashboard',
  loading: 'Loading the dashboard…',
  failed: 'The dashboard could not be loaded: %{message}',
  retry: 'Retry',
  empty: 'No providers, payments or certificates yet: the figures appear here as they come.',
  figures: 'Figures',
  active_providers: 'Active providers',
  new_providers_this_month: 'New this month',
  monthly_recurring_revenue: 'Monthly recurring revenue',
  failed_payments_last_7_days: 'Failed payments (last 7 days)',
  certificates_issued_this_month: 'Certificates issued this month',
  certificates_expiring_in_30_days: 'Certificates expiring in 30 days',
  live_sti_scas: 'STI-SCAs',
  live_delegates: 'Delegate certificates',
  chart_title: 'The last 12 months',
  revenue_chart: 'Revenue by month',
  revenue_desc: 'Bar chart of the payments received each month, from %{from} to %{to}; highest %{max}.',
  certificates_chart: 'Certificates issued by month',
  certificates_desc:
    'Bar chart of the certificates issued each month, from %{from} to %{to}; highest %{max}.',
  table_caption: 'Revenue and certificates issued by month',
  month: 'Month',
  revenue: 'Revenue',
  certificates_issued: 'Certificates issued',
};
