// The payments provider of the app: the built-in sandbox (default) or Stripe (PAYMENTS=stripe).
import type { Config } from '../../config';
import type { Queryable } from '../../db';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';

export type { PaymentGateway } from './gateway';

export interface PaymentGatewayDeps {
  db: Queryable;
  now: () => Date;
}

export function createPaymentGateway(config: Config, deps: PaymentGatewayDeps): PaymentGateway {
  if (config.payments === 'stripe') return createStripeGateway(config);
  return createSandboxGateway({ config, db: deps.db, now: deps.now });
}
