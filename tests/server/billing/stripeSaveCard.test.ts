// The card paid with at checkout kept for automatic renewal, with Stripe: the parameters sent to the stand-in
// are asserted on the recorded requests (as in stripeGateway.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import type { CheckoutRequest } from '../../../server/src/integrations/payments/gateway';
import { createStripeGateway, type StripeGateway } from '../../../server/src/integrations/payments/stripe';
import { startStripeStandIn, type StripeStandIn } from './stripeStandIn';

let standIn: StripeStandIn;
let gateway: StripeGateway;
let customer: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const config = loadConfig({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_save_card',
    PUBLIC_URL: 'http://portal.test',
  });
  gateway = createStripeGateway(config, { client: standIn.client() });
  customer = await gateway.ensureCustomer({
    serviceProviderId: 'sp-save',
    email: 's@x.test',
    name: 'Save Co',
  });
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(() => standIn.reset());

const request = (over: Partial<CheckoutRequest>): CheckoutRequest => ({
  checkoutId: 'chk-save',
  purpose: 'extension',
  interval: 'year',
  periods: 1,
  amount: 500,
  description: 'Extension',
  customerRef: customer,
  successUrl: 'http://portal.test/s',
  cancelUrl: 'http://portal.test/c',
  ...over,
});

describe('createCheckout with saveCard', () => {
  it('a payment sets the card up for off-session use and says so in the metadata', async () => {
    await gateway.createCheckout(request({ checkoutId: 'chk-save-1', saveCard: true }));
    const [req] = standIn.calls('POST', '/v1/checkout/sessions');
    expect(req.params.payment_intent_data).toMatchObject({
      setup_future_usage: 'off_session',
      metadata: { checkout_id: 'chk-save-1', save_card: 'yes' },
    });
  });

  it('a subscription marks the metadata (Stripe keeps a subscription card itself)', async () => {
    await gateway.createCheckout(
      request({ checkoutId: 'chk-save-2', purpose: 'subscription', saveCard: true }),
    );
    const [req] = standIn.calls('POST', '/v1/checkout/sessions');
    expect(req.params.mode).toBe('subscription');
    expect(req.params.metadata).toMatchObject({ save_card: 'yes' });
    expect(req.params.payment_intent_data).toBeUndefined();
  });

  it('without it: no off-session set-up, no mark', async () => {
    await gateway.createCheckout(request({ checkoutId: 'chk-save-3' }));
    const [req] = standIn.calls('POST', '/v1/checkout/sessions');
    expect(req.params.payment_intent_data.setup_future_usage).toBeUndefined();
    expect(req.params.metadata.save_card).toBeUndefined();
  });
});

describe('saveCheckoutCard', () => {
  it("attaches the PaymentIntent's card to the customer and makes it the card renewals charge", async () => {
    const session = await gateway.createCheckout(request({ checkoutId: 'chk-save-4', saveCard: true }));
    const pm = standIn.addPaymentMethod({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 });
    // Stripe, once paid: the expanded PaymentIntent names the payment method.
    standIn.sessions.get(session.ref)!.payment_intent = {
      id: 'pi_paid',
      object: 'payment_intent',
      payment_method: pm.id,
    };
    standIn.reset();
    await gateway.saveCheckoutCard!(customer, session.ref);
    const [get] = standIn.calls('GET', `/v1/checkout/sessions/${session.ref}`);
    expect(get.params.expand).toEqual(['payment_intent', 'subscription']);
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}/attach`)[0].params).toEqual({ customer });
    expect(standIn.calls('POST', `/v1/customers/${customer}`)[0].params).toEqual({
      invoice_settings: { default_payment_method: pm.id },
    });
    const cards = await gateway.listCards(customer);
    expect(cards.map((c) => c.card)).toContainEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2031,
    });
  });

  it('a session without a payment method changes nothing', async () => {
    const session = await gateway.createCheckout(request({ checkoutId: 'chk-save-5', saveCard: true }));
    standIn.reset();
    await gateway.saveCheckoutCard!(customer, session.ref);
    expect(standIn.calls('POST', /\/v1\/(payment_methods|customers)/)).toHaveLength(0);
  });
});
