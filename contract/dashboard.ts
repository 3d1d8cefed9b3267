// GET /api/admin/dashboard: the admin's home figures, as the server answers them and the web shows them. Their one
// shape is contract/wire/dashboard.ts.
export type { AdminDashboard, DashboardMonth } from './wire/dashboard';
