// The payments provider of the app: the built-in sandbox (default) or Stripe (PAYMENTS=stripe).
import type { Config } from '../../config';
import type { Queryable } from '../../db';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox';

export type { PaymentGateway } from './gateway';

export interface PaymentGatewayDeps {
  db: Queryable;
  now: () => Date;
}

export async function createPaymentGateway(
  config: Config,
  deps: PaymentGatewayDeps,
): Promise<PaymentGateway> {
  // The stripe SDK (a quarter of a second of module loading) only on a server that uses it: the compiled server
  // loads a module imported this way on first use (scripts/build-server.mjs splits it off).
  if (config.payments === 'stripe') return (await import('./stripe')).createStripeGateway(config);
  return createSandboxGateway({ config, db: deps.db, now: deps.now });
}
