// GET /api/admin/dashboard: the admin's home figures (docs/screens.md, Dashboard). Admin only, through the role matrix.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { access } from '../http/guard';
import { num, str } from '../http/responses';
import { dashboardFigures } from './store';

const monthPoint = {
  type: 'object',
  properties: { month: str, revenue: num, certificates_issued: num },
} as const;

export const dashboardResponse = {
  type: 'object',
  properties: {
    active_providers: num,
    new_providers_this_month: num,
    monthly_recurring_revenue: num,
    failed_payments_last_7_days: num,
    certificates_issued_this_month: num,
    certificates_expiring_in_30_days: num,
    months: { type: 'array', items: monthPoint },
  },
} as const;

/** What the dashboard reads: the database, as of the clock's now. */
export interface DashboardDeps {
  db: Database;
  now: () => Date;
}

export async function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  app.get(
    '/api/admin/dashboard',
    { config: access('dashboard', 'show'), schema: { response: { 200: dashboardResponse } } },
    async () => dashboardFigures(deps.db, deps.now()),
  );
}
