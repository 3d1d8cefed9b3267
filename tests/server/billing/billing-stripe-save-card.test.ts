// Stripe mode end to end (as billing-stripe.test.ts): a subscription checkout asked to keep its card, paid with
// Stripe's signed checkout.session.completed; the card of the session becomes the customer's saved card, and the
// renewal page's list shows it. Without save_card nothing is asked of Stripe after the payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { createStripeGateway, type StripeGateway } from '../../../server/src/integrations/payments/stripe';
import { postJson } from '../accounts/accounts-fixtures';
import { api, confirmedProvider, tokenOf } from './billing-fixtures';
import { createTestApp, type TestApp } from '../helpers';
import {
  signStripeEvent,
  startStripeStandIn,
  stripeEvent,
  type Obj,
  type StripeStandIn,
} from './stripeStandIn';

const SECRET = 'whsec_test_save';

let standIn: StripeStandIn;
let gateway: StripeGateway;
let t: TestApp;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const env = loadConfig({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  gateway = createStripeGateway(env, { client: standIn.client() });
  t = await createTestApp({
    config: { payments: 'stripe', stripeSecretKey: 'sk_test_x', stripeWebhookSecret: SECRET },
    payments: gateway,
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.stop();
});

/** Registers, opens the checkout, and pays it at the stand-in with a card Stripe kept for the subscription. */
async function paySubscription(saveCard: boolean) {
  const p = await confirmedProvider(t);
  standIn.reset();
  const res = await postJson(t, '/api/payment/subscription', {
    recurring_interval: 'month',
    service_provider_uuid: p.spId,
    save_card: saveCard,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [create] = standIn.calls('POST', '/v1/checkout/sessions');
  expect(create.params.metadata.save_card).toBe(saveCard ? 'yes' : undefined);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().data.url)?.[1] as string;
  const session = standIn.sessions.get(sessionId) as Obj;
  const customer = session.customer as string;
  const pm = standIn.addPaymentMethod({ brand: 'visa', last4: '4242', exp_month: 10, exp_year: 2034 });
  const subscription = standIn.addSubscription(customer, (await gateway.priceIds()).month, {
    metadata: { checkout_id: create.params.client_reference_id, purpose: 'subscription' },
    default_payment_method: pm.id,
  });
  // As Stripe answers the session once paid, expanded.
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription });
  standIn.reset();
  const { payload, headers } = signStripeEvent(
    stripeEvent('checkout.session.completed', {
      ...session,
      amount_total: 10000,
      invoice: `in_save_${sessionId.slice(-8)}`,
      subscription: subscription.id,
    }),
    SECRET,
  );
  const paid = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload });
  expect(paid.statusCode, paid.body).toBe(200);
  return { p, customer, pm };
}

describe('Stripe: keep the card paid with at checkout', () => {
  it('attaches it and makes it the default; the renewal page lists it', async () => {
    const { p, customer, pm } = await paySubscription(true);
    expect(standIn.calls('GET', /^\/v1\/checkout\/sessions\//)).toHaveLength(1);
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}/attach`)[0].params).toEqual({ customer });
    expect(standIn.calls('POST', `/v1/customers/${customer}`)[0].params).toEqual({
      invoice_settings: { default_payment_method: pm.id },
    });
    const cards = await api(t, await tokenOf(t, p)).get('/api/payment/payment_card');
    expect(cards.json().data.map((c: { card: unknown }) => c.card)).toEqual([
      { brand: 'visa', last4: '4242', exp_month: 10, exp_year: 2034 },
    ]);
  });

  it('without save_card asks nothing of Stripe after the payment', async () => {
    await paySubscription(false);
    expect(standIn.calls('GET', /^\/v1\/checkout\/sessions\//)).toHaveLength(0);
    expect(standIn.calls('POST', /^\/v1\/(payment_methods|customers)\//)).toHaveLength(0);
  });
});
