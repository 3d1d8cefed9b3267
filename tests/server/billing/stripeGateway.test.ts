// The Stripe gateway through the official stripe SDK against a local stand-in: the parameters we
// send are asserted on the recorded requests, and webhooks are signed offline with the SDK's test helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../server/src/config';
import {
  PaymentDeclined,
  WebhookSignatureError,
  type BillingAddress,
} from '../../../server/src/integrations/payments/gateway';
import {
  createStripeGateway,
  invoicePdfUrl,
  LOOKUP_KEYS,
  PRODUCT_NAME,
  type StripeGateway,
} from '../../../server/src/integrations/payments/stripe';
import { decodeForm, startStripeStandIn, type StripeStandIn } from './stripeStandIn';

const SECRET = 'whsec_test_secret_for_the_stand_in';
const billing: BillingAddress = { line1: '1 Main St', state: 'TX', city: 'Austin', postal_code: '78701' };

let standIn: StripeStandIn;
let config: Config;
let gateway: StripeGateway;

function stripeConfig(extra: Record<string, string> = {}): Config {
  return loadConfig({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: SECRET,
    PUBLIC_URL: 'http://portal.test',
    ...extra,
  });
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  config = stripeConfig();
  gateway = createStripeGateway(config, { client: standIn.client() });
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(() => standIn.reset());

describe('decodeForm', () => {
  it('turns bracket notation into nested objects and arrays', () => {
    expect(decodeForm('a=1&b[c]=2&b[d][0]=x&b[d][1]=y&e[0][f]=%20g&h=')).toEqual({
      a: '1',
      b: { c: '2', d: ['x', 'y'] },
      e: [{ f: ' g' }],
      h: '',
    });
  });
});

describe('STRIPE_API_BASE', () => {
  it('is parsed into host, port and protocol, and the gateway built from config reaches the stand-in', async () => {
    const c = stripeConfig({
      STRIPE_API_BASE: `http://127.0.0.1:${standIn.port}`,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    expect(c.stripeApiHost).toBe('127.0.0.1');
    expect(c.stripeApiPort).toBe(standIn.port);
    expect(c.stripeApiProtocol).toBe('http');
    expect(c.stripePublishableKey).toBe('pk_test_1');
    const g = createStripeGateway(c);
    const ref = await g.ensureCustomer({
      serviceProviderId: 'sp-config',
      email: 'c@x.test',
      name: 'Config Co',
    });
    expect(ref).toMatch(/^cus_/);
    expect(standIn.calls('POST', '/v1/customers')).toHaveLength(1);
    expect(() => stripeConfig({ STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
  });
});

describe('prices', () => {
  it('are created once by lookup key with one product, then found', async () => {
    const ids = await gateway.priceIds();
    expect(ids.month).toMatch(/^price_/);
    expect(ids.year).toMatch(/^price_/);
    const list = standIn.calls('GET', '/v1/prices');
    expect(list).toHaveLength(1);
    expect(list[0].params).toMatchObject({
      lookup_keys: ['shaken_monthly', 'shaken_yearly'],
      active: 'true',
    });
    const products = standIn.calls('POST', '/v1/products');
    expect(products).toHaveLength(1);
    expect(products[0].params).toEqual({ name: PRODUCT_NAME });
    const created = standIn.calls('POST', '/v1/prices');
    expect(created.map((r) => r.params)).toEqual([
      expect.objectContaining({
        currency: 'usd',
        unit_amount: '10000',
        recurring: { interval: 'month', interval_count: '1' },
        lookup_key: LOOKUP_KEYS.month,
        product: expect.stringMatching(/^prod_/),
      }),
      expect.objectContaining({
        currency: 'usd',
        unit_amount: '50000',
        recurring: { interval: 'year', interval_count: '1' },
        lookup_key: LOOKUP_KEYS.year,
      }),
    ]);
    expect(created[0].params.product).toBe(created[1].params.product);

    // Cached in memory: no more calls.
    await gateway.priceIds();
    expect(standIn.calls('GET', '/v1/prices')).toHaveLength(1);

    // A fresh gateway (a restart) finds them by lookup key and creates nothing.
    standIn.reset();
    const again = createStripeGateway(config, { client: standIn.client() });
    expect(await again.priceIds()).toEqual(ids);
    expect(standIn.calls('GET', '/v1/prices')).toHaveLength(1);
    expect(standIn.calls('POST', '/v1/prices')).toHaveLength(0);
    expect(standIn.calls('POST', '/v1/products')).toHaveLength(0);
  });
});

describe('customers', () => {
  it('creates one with metadata and an idempotency key, and reuses an existing ref', async () => {
    const ref = await gateway.ensureCustomer({
      serviceProviderId: 'sp-1',
      email: 'a@b.test',
      name: 'Acme Telecom',
    });
    expect(ref).toMatch(/^cus_/);
    const [req] = standIn.calls('POST', '/v1/customers');
    expect(req.params).toEqual({
      email: 'a@b.test',
      name: 'Acme Telecom',
      metadata: { service_provider_id: 'sp-1' },
    });
    expect(req.idempotencyKey).toBe('customer-sp-1');

    standIn.reset();
    expect(
      await gateway.ensureCustomer({
        serviceProviderId: 'sp-1',
        email: 'a@b.test',
        name: 'Acme',
        existingRef: ref,
      }),
    ).toBe(ref);
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('createCheckout', () => {
  let customer: string;
  beforeAll(async () => {
    customer = await gateway.ensureCustomer({
      serviceProviderId: 'sp-co',
      email: 'co@b.test',
      name: 'Checkout Co',
    });
  });

  it('subscription: mode subscription with the plan price, customer, reference, metadata and urls', async () => {
    const prices = await gateway.priceIds();
    const session = await gateway.createCheckout({
      checkoutId: 'chk-1',
      purpose: 'subscription',
      interval: 'year',
      periods: 1,
      amount: 500,
      description: 'Stir/Shaken Yearly Subscription',
      customerRef: customer,
      successUrl: 'http://portal.test/login?paid=1',
      cancelUrl: 'http://portal.test/register/payment?uuid=sp-co',
    });
    expect(session.ref).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.ref}`);
    expect(session.expiresAt).toBeInstanceOf(Date);
    const [req] = standIn.calls('POST', '/v1/checkout/sessions');
    expect(req.idempotencyKey).toBe('checkout-chk-1');
    expect(req.params).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: 'chk-1',
      line_items: [{ price: prices.year, quantity: '1' }],
      metadata: { checkout_id: 'chk-1', purpose: 'subscription' },
      subscription_data: { metadata: { checkout_id: 'chk-1', purpose: 'subscription' } },
      success_url: 'http://portal.test/login?paid=1',
      cancel_url: 'http://portal.test/register/payment?uuid=sp-co',
    });
    expect(req.params.price_data).toBeUndefined();
  });

  it('monthly subscription uses the monthly price', async () => {
    const prices = await gateway.priceIds();
    await gateway.createCheckout({
      checkoutId: 'chk-2',
      purpose: 'subscription',
      interval: 'month',
      periods: 1,
      amount: 100,
      description: 'Monthly',
      customerRef: customer,
      successUrl: 'http://portal.test/s',
      cancelUrl: 'http://portal.test/c',
    });
    expect(standIn.calls('POST', '/v1/checkout/sessions')[0].params.line_items).toEqual([
      { price: prices.month, quantity: '1' },
    ]);
  });

  it('extension and past_due: mode payment, periods × the price in cents, and the description', async () => {
    await gateway.createCheckout({
      checkoutId: 'chk-ext',
      purpose: 'extension',
      interval: 'year',
      periods: 3,
      amount: 1500,
      description: 'Extend 36 months',
      customerRef: customer,
      successUrl: 'http://portal.test/s',
      cancelUrl: 'http://portal.test/c',
    });
    await gateway.createCheckout({
      checkoutId: 'chk-due',
      purpose: 'past_due',
      interval: 'month',
      periods: 1,
      amount: 100.1,
      description: 'Past due invoice',
      customerRef: customer,
      successUrl: 'http://portal.test/s',
      cancelUrl: 'http://portal.test/c',
    });
    const [ext, due] = standIn.calls('POST', '/v1/checkout/sessions');
    expect(ext.params).toMatchObject({
      mode: 'payment',
      customer,
      client_reference_id: 'chk-ext',
      metadata: { checkout_id: 'chk-ext', purpose: 'extension' },
      line_items: [
        {
          quantity: '3',
          price_data: { currency: 'usd', unit_amount: '50000', product_data: { name: 'Extend 36 months' } },
        },
      ],
      payment_intent_data: { metadata: { checkout_id: 'chk-ext', purpose: 'extension' } },
      success_url: 'http://portal.test/s',
      cancel_url: 'http://portal.test/c',
    });
    expect(ext.params.subscription_data).toBeUndefined();
    expect(due.params).toMatchObject({
      mode: 'payment',
      metadata: { checkout_id: 'chk-due', purpose: 'past_due' },
      line_items: [{ price_data: { unit_amount: '10010' } }],
    });
  });
});

describe('cards', () => {
  let customer: string;
  beforeAll(async () => {
    customer = await gateway.ensureCustomer({
      serviceProviderId: 'sp-card',
      email: 'card@b.test',
      name: 'Card Co',
    });
  });

  it('rejects raw card details without calling Stripe', async () => {
    const p = gateway.addCard(
      customer,
      { kind: 'raw', number: '4242424242424242', cvc: '123', exp_month: 1, exp_year: 2030 },
      billing,
    );
    await expect(p).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(p).rejects.toThrow('Card details must be entered in the secure card form');
    expect(standIn.requests).toHaveLength(0);
  });

  it('attaches a payment method, sets billing details, the default card and the subscription card', async () => {
    const prices = await gateway.priceIds();
    const sub = standIn.addSubscription(customer, prices.year, {
      default_payment_method: 'pm_from_checkout',
    });
    const pm = standIn.addPaymentMethod({ brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });
    const card = await gateway.addCard(customer, { kind: 'payment_method', paymentMethodId: pm.id }, billing);
    expect(card).toEqual({
      id: pm.id,
      created: pm.created,
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
      billing_details: { address: billing },
    });
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}/attach`)[0].params).toEqual({ customer });
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}`)[0].params).toEqual({
      billing_details: { address: { ...billing, country: 'US' } },
    });
    expect(standIn.calls('POST', `/v1/customers/${customer}`)[0].params).toEqual({
      invoice_settings: { default_payment_method: pm.id },
    });
    expect(standIn.calls('POST', `/v1/subscriptions/${sub.id}`)[0].params).toEqual({
      default_payment_method: pm.id,
    });
    // Nothing we sent carries card data.
    expect(JSON.stringify(standIn.requests)).not.toMatch(/4444|cvc|number/);

    const cards = await gateway.listCards(customer);
    expect(cards.map((c) => c.id)).toEqual([pm.id]);
    expect(standIn.calls('GET', `/v1/customers/${customer}/payment_methods`)[0].params).toMatchObject({
      type: 'card',
    });
  });

  it('updates expiry and billing address of a card of the customer', async () => {
    const pm = standIn.addPaymentMethod();
    await gateway.addCard(customer, { kind: 'payment_method', paymentMethodId: pm.id }, billing);
    standIn.reset();
    const next = { line1: '2 Elm St', state: 'CA', city: 'Fresno', postal_code: '93650' };
    const card = await gateway.updateCard(customer, pm.id, { exp_month: 9, exp_year: 2032, billing: next });
    expect(card.card).toMatchObject({ exp_month: 9, exp_year: 2032 });
    expect(card.billing_details.address).toEqual(next);
    const updates = standIn.calls('POST', `/v1/payment_methods/${pm.id}`);
    expect(updates).toHaveLength(1);
    expect(updates[0].params).toEqual({
      card: { exp_month: '9', exp_year: '2032' },
      billing_details: { address: { ...next, country: 'US' } },
    });
  });

  it("refuses to update another customer's card", async () => {
    const pm = standIn.addPaymentMethod();
    pm.customer = 'cus_someone_else';
    await expect(
      gateway.updateCard(customer, pm.id, { exp_month: 1, exp_year: 2030, billing }),
    ).rejects.toBeInstanceOf(PaymentDeclined);
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}`)).toHaveLength(0);
  });

  it("turns Stripe's card error into PaymentDeclined with Stripe's message", async () => {
    const pm = standIn.addPaymentMethod();
    standIn.failNext('POST', /\/attach$/, {
      status: 402,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    const p = gateway.addCard(customer, { kind: 'payment_method', paymentMethodId: pm.id }, billing);
    await expect(p).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(p).rejects.toThrow('Your card has insufficient funds.');
  });

  it('an unknown payment method is declined; an API outage is not', async () => {
    await expect(
      gateway.addCard(customer, { kind: 'payment_method', paymentMethodId: 'pm_missing' }, billing),
    ).rejects.toBeInstanceOf(PaymentDeclined);
    const pm = standIn.addPaymentMethod();
    standIn.failNext('POST', /\/attach$/, { status: 500, error: { type: 'api_error', message: 'boom' } });
    const p = gateway.addCard(customer, { kind: 'payment_method', paymentMethodId: pm.id }, billing);
    await expect(p).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});

describe('subscriptions', () => {
  let customer: string;
  let prices: Record<'month' | 'year', string>;
  beforeAll(async () => {
    customer = await gateway.ensureCustomer({
      serviceProviderId: 'sp-sub',
      email: 'sub@b.test',
      name: 'Sub Co',
    });
    prices = await gateway.priceIds();
  });

  it('chargeRenewal is deferred to Stripe and calls nothing', async () => {
    const r = await gateway.chargeRenewal({
      customerRef: customer,
      subscriptionRef: 'sub_x',
      amount: 100,
      description: 'x',
      idempotencyKey: 'k',
    });
    expect(r).toEqual({ status: 'deferred' });
    expect(standIn.requests).toHaveLength(0);
  });

  it('auto charge off and on sets cancel_at_period_end both ways', async () => {
    const sub = standIn.addSubscription(customer, prices.month);
    await gateway.setAutoCharge(sub.id, false);
    await gateway.setAutoCharge(sub.id, true);
    const updates = standIn.calls('POST', `/v1/subscriptions/${sub.id}`);
    expect(updates.map((u) => u.params)).toEqual([
      { cancel_at_period_end: 'true' },
      { cancel_at_period_end: 'false' },
    ]);
    expect(sub.cancel_at_period_end).toBe(false);
  });

  it('without a subscription ref, auto charge and plan change are no-ops', async () => {
    await gateway.setAutoCharge(null, true);
    await gateway.changePlan(null, 'year');
    expect(standIn.requests).toHaveLength(0);
  });

  it('changePlan moves to the other price from the next period, without proration', async () => {
    const sub = standIn.addSubscription(customer, prices.month);
    const item = sub.items.data[0];
    await gateway.changePlan(sub.id, 'year');
    const [create] = standIn.calls('POST', '/v1/subscription_schedules');
    expect(create.params).toEqual({ from_subscription: sub.id });
    const [update] = standIn.calls('POST', /^\/v1\/subscription_schedules\/sub_sched_[^/]+$/);
    expect(update.params).toEqual({
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: prices.month, quantity: '1' }],
          start_date: String(item.current_period_start),
          end_date: String(item.current_period_end),
          proration_behavior: 'none',
        },
        {
          items: [{ price: prices.year, quantity: '1' }],
          duration: { interval: 'year', interval_count: '1' },
          proration_behavior: 'none',
        },
      ],
    });
    // The current period is not touched: the subscription itself is not updated now.
    expect(standIn.calls('POST', `/v1/subscriptions/${sub.id}`)).toHaveLength(0);
    expect(sub.items.data[0].price.id).toBe(prices.month);

    // Choosing the current plan again drops the pending change.
    standIn.reset();
    await gateway.changePlan(sub.id, 'month');
    expect(standIn.calls('POST', /\/release$/)).toHaveLength(1);
    expect(sub.schedule).toBeNull();
  });

  it('changePlan to the plan it already has does nothing', async () => {
    const sub = standIn.addSubscription(customer, prices.year);
    await gateway.changePlan(sub.id, 'year');
    expect(standIn.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('with a pending plan change, auto charge off releases the schedule and on restores the change', async () => {
    const sub = standIn.addSubscription(customer, prices.year);
    await gateway.changePlan(sub.id, 'month');
    expect(sub.schedule).toMatch(/^sub_sched_/);
    standIn.reset();

    await gateway.setAutoCharge(sub.id, false);
    expect(standIn.calls('POST', /\/release$/)).toHaveLength(1);
    expect(standIn.calls('POST', `/v1/subscriptions/${sub.id}`)[0].params).toEqual({
      cancel_at_period_end: 'true',
      metadata: { pending_plan: 'month' },
    });
    expect(sub.cancel_at_period_end).toBe(true);

    // A plan change while auto charge is off is remembered, not scheduled.
    standIn.reset();
    await gateway.changePlan(sub.id, 'month');
    expect(standIn.calls('POST', '/v1/subscription_schedules')).toHaveLength(0);

    standIn.reset();
    await gateway.setAutoCharge(sub.id, true);
    expect(standIn.calls('POST', `/v1/subscriptions/${sub.id}`)[0].params).toEqual({
      cancel_at_period_end: 'false',
      metadata: { pending_plan: '' },
    });
    expect(standIn.calls('POST', '/v1/subscription_schedules')).toHaveLength(1);
    const [update] = standIn.calls('POST', /^\/v1\/subscription_schedules\/sub_sched_[^/]+$/);
    expect(update.params.phases[1].items).toEqual([{ price: prices.month, quantity: '1' }]);
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.metadata).toEqual({});
  });
});

describe('deferNextCharge', () => {
  it('moves the next Stripe charge to the new expiry without proration', async () => {
    const sub = standIn.addSubscription('cus_ext', 'price_any');
    const until = new Date(Date.now() + 400 * 86400_000);
    await gateway.deferNextCharge(sub.id, until);
    expect(sub.trial_end).toBe(Math.floor(until.getTime() / 1000));
    expect(standIn.calls('POST', `/v1/subscriptions/${sub.id}`).map((r) => r.params)).toEqual([
      { trial_end: String(Math.floor(until.getTime() / 1000)), proration_behavior: 'none' },
    ]);
    standIn.reset();
    await gateway.deferNextCharge(null, until);
    await gateway.deferNextCharge(sub.id, new Date(Date.now() - 1000));
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('invoice PDFs', () => {
  it('returns the invoice_pdf of a Stripe invoice', async () => {
    const inv = standIn.addInvoice();
    expect(await gateway.invoicePdfUrl(inv.id)).toBe(inv.invoice_pdf);
    expect(await invoicePdfUrl(gateway, inv.id)).toBe(inv.invoice_pdf);
    expect(await invoicePdfUrl({ ...gateway, kind: 'sandbox' } as never, inv.id)).toBeNull();
  });
});

describe('parseWebhook', () => {
  const start = 1_790_000_000;
  const end = start + 365 * 86400;

  function signed(event: object, opts: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
    return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
  }
  function event(type: string, object: object, id = `evt_${Math.random().toString(36).slice(2)}`) {
    return {
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: start,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }
  const parse = (e: object) => {
    const { body, headers } = signed(e);
    return gateway.parseWebhook(body, headers);
  };

  it('checkout.session.completed (subscription mode) → checkout.paid with the subscription', () => {
    const e = event(
      'checkout.session.completed',
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        amount_total: 50000,
        payment_intent: null,
        invoice: 'in_first',
        subscription: 'sub_1',
        client_reference_id: 'chk-1',
      },
      'evt_checkout_1',
    );
    expect(parse(e)).toEqual({
      id: 'evt_checkout_1',
      type: 'checkout.paid',
      checkoutRef: 'cs_test_1',
      transactionId: 'in_first',
      amount: 500,
      subscriptionRef: 'sub_1',
    });
  });

  it('checkout.session.completed (payment mode) → checkout.paid with the payment intent', () => {
    const e = event('checkout.session.completed', {
      id: 'cs_test_2',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 10000,
      payment_intent: 'pi_2',
      invoice: 'in_receipt',
      subscription: null,
    });
    expect(parse(e)).toMatchObject({
      type: 'checkout.paid',
      checkoutRef: 'cs_test_2',
      transactionId: 'pi_2',
      amount: 100,
    });
    expect(parse(e)).not.toHaveProperty('subscriptionRef');
  });

  it('an unpaid completed checkout is ignored', () => {
    const e = event('checkout.session.completed', {
      id: 'cs_test_3',
      object: 'checkout.session',
      payment_status: 'unpaid',
      amount_total: 100,
    });
    expect(parse(e)).toMatchObject({ type: 'ignored', providerType: 'checkout.session.completed' });
  });

  const currentInvoice = {
    id: 'in_2',
    object: 'invoice',
    amount_paid: 50000,
    amount_due: 50000,
    billing_reason: 'subscription_cycle',
    period_start: start - 100,
    period_end: start - 100,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: 'sub_1', metadata: { checkout_id: 'chk-1' } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount: 50000,
          period: { start, end },
          parent: { type: 'subscription_item_details' },
          subscription: null,
        },
      ],
    },
    hosted_invoice_url: 'https://invoice.stripe.test/i/in_2',
    last_finalization_error: null,
  };

  it.each(['invoice.paid', 'invoice.payment_succeeded'])(
    '%s (current API: parent.subscription_details) → invoice.paid',
    (type) => {
      expect(parse(event(type, currentInvoice, 'evt_inv'))).toEqual({
        id: 'evt_inv',
        type: 'invoice.paid',
        subscriptionRef: 'sub_1',
        transactionId: 'in_2',
        amount: 500,
        periodStart: new Date(start * 1000),
        periodEnd: new Date(end * 1000),
        invoiceRef: 'in_2',
      });
    },
  );

  it('invoice.paid reads the payment intent from payments when present', () => {
    const inv = {
      ...currentInvoice,
      payments: {
        object: 'list',
        data: [
          {
            id: 'inpay_1',
            object: 'invoice_payment',
            payment: { type: 'payment_intent', payment_intent: 'pi_9' },
          },
        ],
      },
    };
    expect(parse(event('invoice.paid', inv))).toMatchObject({ transactionId: 'pi_9' });
  });

  it('invoice.paid (older API: invoice.subscription and payment_intent) → invoice.paid', () => {
    const inv = {
      id: 'in_old',
      object: 'invoice',
      amount_paid: 10000,
      subscription: 'sub_old',
      payment_intent: 'pi_old',
      period_start: start,
      period_end: start,
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_old',
            object: 'line_item',
            type: 'subscription',
            period: { start, end: start + 30 * 86400 },
          },
        ],
      },
    };
    expect(parse(event('invoice.paid', inv))).toMatchObject({
      type: 'invoice.paid',
      subscriptionRef: 'sub_old',
      transactionId: 'pi_old',
      amount: 100,
      periodStart: new Date(start * 1000),
      periodEnd: new Date((start + 30 * 86400) * 1000),
      invoiceRef: 'in_old',
    });
  });

  it('a paid invoice without a subscription (a one-off receipt) is ignored', () => {
    const inv = { ...currentInvoice, parent: null, lines: { object: 'list', data: [] } };
    expect(parse(event('invoice.paid', inv))).toMatchObject({
      type: 'ignored',
      providerType: 'invoice.paid',
    });
  });

  it('invoice.payment_failed → invoice.payment_failed with the amount, reason and hosted invoice page', () => {
    const failed = { ...currentInvoice, amount_paid: 0, amount_due: 10000 };
    expect(parse(event('invoice.payment_failed', failed, 'evt_fail'))).toEqual({
      id: 'evt_fail',
      type: 'invoice.payment_failed',
      subscriptionRef: 'sub_1',
      amount: 100,
      reason: 'Payment failed',
      invoiceRef: 'in_2',
      payUrl: 'https://invoice.stripe.test/i/in_2',
    });
    const withError = {
      ...failed,
      last_finalization_error: { type: 'card_error', message: 'Your card was declined.' },
    };
    expect(parse(event('invoice.payment_failed', withError))).toMatchObject({
      reason: 'Your card was declined.',
    });
  });

  it('customer.subscription.deleted → subscription.canceled; anything else is ignored', () => {
    expect(
      parse(
        event(
          'customer.subscription.deleted',
          { id: 'sub_1', object: 'subscription', status: 'canceled' },
          'evt_del',
        ),
      ),
    ).toEqual({
      id: 'evt_del',
      type: 'subscription.canceled',
      subscriptionRef: 'sub_1',
    });
    expect(parse(event('customer.updated', { id: 'cus_1', object: 'customer' }, 'evt_other'))).toEqual({
      id: 'evt_other',
      type: 'ignored',
      providerType: 'customer.updated',
    });
  });

  it('accepts the header under any case and as an array', () => {
    const { body, headers } = signed(event('customer.updated', { id: 'cus_1' }));
    expect(gateway.parseWebhook(body, { 'Stripe-Signature': [headers['stripe-signature']] }).type).toBe(
      'ignored',
    );
  });

  describe('rejects with WebhookSignatureError', () => {
    const e = event('invoice.paid', currentInvoice);
    it('a tampered body', () => {
      const { body, headers } = signed(e);
      const tampered = Buffer.from(body.toString().replace('50000', '1'));
      expect(() => gateway.parseWebhook(tampered, headers)).toThrow(WebhookSignatureError);
    });
    it('a wrong secret', () => {
      const { body, headers } = signed(e, { secret: 'whsec_wrong' });
      expect(() => gateway.parseWebhook(body, headers)).toThrow(WebhookSignatureError);
    });
    it('a missing header', () => {
      const { body } = signed(e);
      expect(() => gateway.parseWebhook(body, {})).toThrow(WebhookSignatureError);
    });
    it('a garbage header', () => {
      const { body } = signed(e);
      expect(() => gateway.parseWebhook(body, { 'stripe-signature': 'nonsense' })).toThrow(
        WebhookSignatureError,
      );
    });
    it('an old timestamp (outside the 5-minute tolerance)', () => {
      const { body, headers } = signed(e, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
      expect(() => gateway.parseWebhook(body, headers)).toThrow(WebhookSignatureError);
    });
    it('no signing secret configured', () => {
      const g = createStripeGateway(
        { ...config, stripeWebhookSecret: undefined },
        { client: standIn.client() },
      );
      const { body, headers } = signed(e);
      expect(() => g.parseWebhook(body, headers)).toThrow(WebhookSignatureError);
    });
  });
});
