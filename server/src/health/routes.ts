import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { HealthStatus } from '../../../contract/wire/settings';

/** What the health check asks: the database. */
export interface HealthDeps {
  db: Database;
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.get(
    '/api/health',
    { config: { public: true }, schema: { response: { 200: HealthStatus, 503: HealthStatus } } },
    async (_req, reply) => {
      try {
        await deps.db.query('SELECT 1');
        return { status: 'ok', db: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'degraded', db: 'unreachable' });
      }
    },
  );
}
