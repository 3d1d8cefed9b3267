// The Stripe customer of a service provider, and the Checkout Session that takes its first payment.
import type Stripe from 'stripe';
import type { CheckoutRequest, CheckoutSession, PaymentGateway } from '../gateway';
import { CURRENCY, cents } from './client';
import type { PriceCatalog } from './prices';

export async function ensureCustomer(
  stripe: Stripe,
  { serviceProviderId, email, name, existingRef }: Parameters<PaymentGateway['ensureCustomer']>[0],
): Promise<string> {
  if (existingRef) return existingRef;
  const customer = await stripe.customers.create(
    { email, name, metadata: { service_provider_id: serviceProviderId } },
    { idempotencyKey: `customer-${serviceProviderId}` },
  );
  return customer.id;
}

export async function createCheckout(
  stripe: Stripe,
  prices: PriceCatalog,
  req: CheckoutRequest,
): Promise<CheckoutSession> {
  const metadata = {
    checkout_id: req.checkoutId,
    purpose: req.purpose,
    ...(req.saveCard ? { save_card: 'yes' } : {}),
  };
  const common = {
    customer: req.customerRef,
    client_reference_id: req.checkoutId,
    metadata,
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
  };
  let params: Stripe.Checkout.SessionCreateParams;
  if (req.purpose === 'subscription') {
    const price = (await prices.priceIds())[req.interval];
    params = {
      ...common,
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata, description: req.description },
    };
  } else {
    params = {
      ...common,
      mode: 'payment',
      // One line of `periods` × the period's price: Stripe's page and receipt show "3 × $500.00".
      line_items: [
        {
          quantity: req.periods,
          price_data: {
            currency: CURRENCY,
            unit_amount: Math.round(cents(req.amount) / req.periods),
            product_data: { name: req.description },
          },
        },
      ],
      payment_intent_data: {
        metadata,
        description: req.description,
        // Kept with Stripe for automatic renewal, charged off-session (docs/billing.md).
        ...(req.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      },
      invoice_creation: { enabled: true, invoice_data: { metadata, description: req.description } },
    };
  }
  const session = await stripe.checkout.sessions.create(params, {
    idempotencyKey: `checkout-${req.checkoutId}`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a url');
  return {
    ref: session.id,
    url: session.url,
    ...(session.expires_at ? { expiresAt: new Date(session.expires_at * 1000) } : {}),
  };
}
