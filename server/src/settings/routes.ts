// Public settings the web app needs before anyone signs in.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = {
    support_url: ctx.config.supportUrl,
    payments: ctx.config.payments,
    // Stripe Elements in the card form needs the publishable key (never the secret one).
    ...(ctx.config.payments === 'stripe' && ctx.config.stripePublishableKey
      ? { stripe_publishable_key: ctx.config.stripePublishableKey }
      : {}),
  };
  app.get('/api/public/settings', { config: { public: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return settings;
  });
}
