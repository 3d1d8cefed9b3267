// GET /api/admin/dashboard: the admin's home figures (docs/screens.md, Dashboard). Admin only, through the role matrix.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { access } from '../http/guard';
import { AdminDashboard } from '../../../contract/wire/dashboard';
import { dashboardFigures } from './store';

/** The figures' one shape, contract/wire/dashboard.ts. */
export const dashboardResponse = AdminDashboard;

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
