import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', { config: { public: true } }, async (_req, reply) => {
    try {
      await ctx.db.query('SELECT 1');
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'degraded', db: 'unreachable' });
    }
  });
}
