// Public settings the web app needs before anyone signs in.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = { support_url: ctx.config.supportUrl, payments: ctx.config.payments };
  app.get('/api/public/settings', { config: { public: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return settings;
  });
}
