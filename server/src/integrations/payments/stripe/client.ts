// The Stripe client of the configuration, and the conversions every part of the gateway shares.
import Stripe from 'stripe';
import type { Config } from '../../../config';

export const CURRENCY = 'usd';

/** A stripe client for the configuration: STRIPE_API_BASE points it at a local stand-in in tests. */
export function createStripeClient(config: Config): Stripe {
  if (!config.stripeSecretKey) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
  return new Stripe(config.stripeSecretKey, {
    ...(config.stripeApiHost ? { host: config.stripeApiHost } : {}),
    ...(config.stripeApiPort ? { port: config.stripeApiPort } : {}),
    ...(config.stripeApiProtocol ? { protocol: config.stripeApiProtocol } : {}),
    maxNetworkRetries: 2,
    appInfo: { name: 'shaken-ca-portal' },
  });
}

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (c: number | null | undefined) => Math.round(c ?? 0) / 100;
/** Stripe answers a reference either as its id or, when expanded, as the object. */
export const idOf = (v: string | { id: string } | null | undefined): string | undefined =>
  v == null ? undefined : typeof v === 'string' ? v : v.id;
