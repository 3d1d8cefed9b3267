// Public settings the web app needs before anyone signs in.
import type { FastifyInstance } from 'fastify';
import { ACME_DIRECTORY_PATH } from '../../../contract/acme';
import { isDemo, type Config } from '../config';
import { PublicSettings } from '../../../contract/wire/settings';

export type SettingsDeps = {
  config: Pick<
    Config,
    'supportUrl' | 'payments' | 'stripePublishableKey' | 'demoMode' | 'stiPaUrl' | 'publicUrl'
  >;
};

export async function settingsRoutes(app: FastifyInstance, { config }: SettingsDeps) {
  const settings: PublicSettings = {
    support_url: config.supportUrl,
    payments: config.payments,
    // A demo (simulated payments or the built-in STI-PA): every page says so.
    demo: isDemo(config),
    // What the provider gives its ACME client: the directory under the portal's public URL.
    acme_directory_url: `${config.publicUrl}${ACME_DIRECTORY_PATH}`,
    // Stripe Elements in the card form needs the publishable key (never the secret one).
    ...(config.payments === 'stripe' && config.stripePublishableKey
      ? { stripe_publishable_key: config.stripePublishableKey }
      : {}),
  };
  app.get(
    '/api/public/settings',
    { config: { public: true }, schema: { response: { 200: PublicSettings } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return settings;
    },
  );
}
