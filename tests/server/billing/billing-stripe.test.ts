// Stripe mode end to end: the real app with the Stripe gateway on the official SDK, pointed at the local stand-in,
// and Stripe's webhooks signed with the SDK's test helper and POSTed to /api/payment/webhook. The stand-in records
// what we send to Stripe; the injected clock moves through the periods.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../contract/constants';
import { runBillingSweep } from '../../../server/src/billing/jobs';
import { RAW_CARD_MESSAGE } from '../../../server/src/billing/routes';
import { billingDepsOf } from '../../../server/src/billing/deps';
import { addMonths, BILLING_MESSAGES } from '../../../server/src/billing/plans';
import { loadConfig } from '../../../server/src/config';
import { createStripeGateway, type StripeGateway } from '../../../server/src/integrations/payments/stripe';
import { count, login, mailsTo } from '../accounts/accounts-fixtures';
import {
  api,
  confirmedProvider,
  goodCard,
  payForm,
  startCheckout,
  subscriptionOf,
  tokenOf,
  type Provider,
} from './billing-fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { adminToken } from '../resellers/resellers-fixtures';
import {
  signStripeEvent,
  startStripeStandIn,
  stripeEvent,
  type Obj,
  type StripeStandIn,
} from './stripeStandIn';

const SECRET = 'whsec_test';
const HOUR = 3_600_000;
const address = { billing_address: '1 Engine Way', state: 'NY', city: 'New York', zip_code: '10001' };
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

let standIn: StripeStandIn;
let gateway: StripeGateway;
let t: TestApp;
/** Whole seconds: Stripe's timestamps are seconds. */
const T0 = Math.floor(Date.now() / 1000) * 1000;
let clock = T0;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const stripeEnv = loadConfig({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  });
  gateway = createStripeGateway(stripeEnv, { client: standIn.client() });
  t = await createTestApp({
    config: {
      payments: 'stripe',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: SECRET,
      stripePublishableKey: 'pk_test_x',
    },
    payments: gateway,
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.stop();
});
beforeEach(() => {
  clock = T0;
});

function deliver(t: TestApp, event: Obj, secret = SECRET) {
  const { payload, headers } = signStripeEvent(event, secret);
  return t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload });
}

async function send(event: Obj) {
  const res = await deliver(t, event);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { received: boolean; duplicate: boolean };
}

/** A Stripe invoice of a subscription, in the current API's shape. */
function invoiceOf(o: {
  id: string;
  subscription: string;
  customer: string;
  checkoutId: string;
  reason: 'subscription_create' | 'subscription_cycle';
  start: Date;
  end: Date;
  cents: number;
  paymentIntent?: string;
  paid: boolean;
}): Obj {
  return {
    id: o.id,
    object: 'invoice',
    customer: o.customer,
    status: o.paid ? 'paid' : 'open',
    billing_reason: o.reason,
    amount_due: o.cents,
    amount_paid: o.paid ? o.cents : 0,
    period_start: seconds(o.start),
    period_end: seconds(o.start),
    hosted_invoice_url: `https://invoice.stripe.test/i/${o.id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${o.id}/pdf`,
    last_finalization_error: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: o.subscription,
        metadata: { checkout_id: o.checkoutId, purpose: 'subscription' },
      },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${o.id}`,
          object: 'line_item',
          amount: o.cents,
          period: { start: seconds(o.start), end: seconds(o.end) },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
    payments: {
      object: 'list',
      data: o.paymentIntent
        ? [
            {
              id: `inpay_${o.id}`,
              object: 'invoice_payment',
              payment: { type: 'payment_intent', payment_intent: o.paymentIntent },
            },
          ]
        : [],
    },
  };
}

interface StripeSignup {
  p: Provider;
  checkoutId: string;
  session: Obj;
  customer: string;
  subscription: Obj;
  prices: { month: string; year: string };
  /** Stripe's checkout.session.completed for the signup. */
  completed: Obj;
  /** The subscription's first invoice.paid (the same payment as the checkout). */
  firstPaid: Obj;
}

/** A provider registered and confirmed that opened the Stripe checkout; Stripe made the subscription. */
async function stripeSignup(interval: 'month' | 'year' = 'month', tag = ''): Promise<StripeSignup> {
  const p = await confirmedProvider(t);
  standIn.reset();
  const res = await startCheckout(t, p.spId, interval);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.url as string;
  const [req] = standIn.calls('POST', '/v1/checkout/sessions');
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(url)?.[1] as string;
  expect(sessionId).toBeDefined();
  const session = standIn.sessions.get(sessionId) as Obj;
  const checkoutId = req.params.client_reference_id as string;
  const prices = await gateway.priceIds();
  const customer = session.customer as string;
  const subscription = standIn.addSubscription(customer, prices[interval], {
    metadata: { checkout_id: checkoutId, purpose: 'subscription' },
  });
  const cents = interval === 'year' ? 50000 : 10000;
  const firstInvoice = `in_first${tag}${checkoutId.slice(0, 8)}`;
  const completed = stripeEvent('checkout.session.completed', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    amount_total: cents,
    payment_intent: null,
    invoice: firstInvoice,
    subscription: subscription.id,
  });
  const firstPaid = stripeEvent(
    'invoice.paid',
    invoiceOf({
      id: firstInvoice,
      subscription: subscription.id,
      customer,
      checkoutId,
      reason: 'subscription_create',
      start: new Date(clock),
      end: addMonths(new Date(clock), interval === 'year' ? 12 : 1),
      cents,
      paymentIntent: `pi_first${tag}${checkoutId.slice(0, 8)}`,
      paid: true,
    }),
  );
  return { p, checkoutId, session, customer, subscription, prices, completed, firstPaid };
}

/** Signed up and paid through Stripe: the checkout's event, then the first invoice's. */
async function stripeActive(interval: 'month' | 'year' = 'month'): Promise<StripeSignup> {
  const s = await stripeSignup(interval);
  await send(s.completed);
  await send(s.firstPaid);
  return s;
}

async function paymentsOf(spId: string) {
  return t.db.query<{ amount: string | number; transaction_id: string }>(
    'SELECT amount, transaction_id FROM payments WHERE service_provider_id = $1 ORDER BY created_on, transaction_id',
    [spId],
  );
}

async function invoicesOf(spId: string) {
  return t.db.query<{
    status: string;
    amount: string | number;
    start_billing_cycle: Date;
    end_billing_cycle: Date;
    billing_cycle_months: number;
    provider_ref: string | null;
  }>(
    `SELECT status, amount, start_billing_cycle, end_billing_cycle, billing_cycle_months, provider_ref
       FROM invoices WHERE service_provider_id = $1 ORDER BY start_billing_cycle, invoice_number`,
    [spId],
  );
}

const pastDueLink = (spId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/old_subscription_invoice?service_provider_uuid=${spId}` });

/** The events of one subscription's life after signup, each with the time Stripe sends it. */
function lifeEvents(s: StripeSignup) {
  const t1 = addMonths(new Date(T0), 1);
  const t2 = addMonths(new Date(T0), 2);
  const t3 = addMonths(new Date(T0), 3);
  const common = {
    subscription: s.subscription.id,
    customer: s.customer,
    checkoutId: s.checkoutId,
    cents: 10000,
  };
  const key = s.checkoutId.slice(0, 8);
  const renewal = stripeEvent(
    'invoice.paid',
    invoiceOf({
      ...common,
      id: `in_r2${key}`,
      reason: 'subscription_cycle',
      start: t1,
      end: t2,
      paymentIntent: `pi_r2${key}`,
      paid: true,
    }),
  );
  const failedInvoice = invoiceOf({
    ...common,
    id: `in_r3${key}`,
    reason: 'subscription_cycle',
    start: t2,
    end: t3,
    paid: false,
  });
  const failed = stripeEvent('invoice.payment_failed', {
    ...failedInvoice,
    last_finalization_error: { type: 'card_error', message: 'Your card was declined.' },
  });
  const restored = stripeEvent('invoice.paid', {
    ...failedInvoice,
    status: 'paid',
    amount_paid: 10000,
    payments: {
      object: 'list',
      data: [
        {
          id: `inpay_r3${key}`,
          object: 'invoice_payment',
          payment: { type: 'payment_intent', payment_intent: `pi_r3${key}` },
        },
      ],
    },
  });
  const deleted = stripeEvent('customer.subscription.deleted', {
    ...s.subscription,
    status: 'canceled',
    canceled_at: seconds(t2),
  });
  return { t1, t2, t3, renewal, failed, restored, deleted };
}

describe('Stripe mode: a subscription from signup to lapse', () => {
  it('walks checkout, first invoice, renewal, failure, recovery and cancellation', async () => {
    const s = await stripeSignup('month');
    const { p } = s;

    // The Checkout Session asked of Stripe.
    const [created] = standIn.calls('POST', '/v1/checkout/sessions');
    expect(created.idempotencyKey).toBe(`checkout-${s.checkoutId}`);
    expect(created.params).toMatchObject({
      mode: 'subscription',
      customer: s.customer,
      client_reference_id: s.checkoutId,
      line_items: [{ price: s.prices.month, quantity: '1' }],
      metadata: { checkout_id: s.checkoutId, purpose: 'subscription' },
      subscription_data: { metadata: { checkout_id: s.checkoutId, purpose: 'subscription' } },
      success_url: 'http://portal.test/login?notice=subscription_paid',
      cancel_url: `http://portal.test/register/payment?uuid=${p.spId}&notice=payment_cancelled`,
    });
    const [customerReq] = standIn.calls('POST', '/v1/customers');
    expect(customerReq.params).toMatchObject({ email: p.email, metadata: { service_provider_id: p.spId } });
    const [row] = await t.db.query<{
      provider_ref: string;
      url: string;
      expires_on: Date | null;
      status: string;
    }>('SELECT provider_ref, url, expires_on, status FROM checkouts WHERE id = $1', [s.checkoutId]);
    expect(row).toMatchObject({ provider_ref: s.session.id, url: s.session.url, status: 'open' });
    expect(new Date(row.expires_on as Date).getTime()).toBe(s.session.expires_at * 1000);
    expect((await login(t, p.email, p.password)).json().message).toBe(LOGIN_MESSAGES.notActive);

    // checkout.session.completed: active, one payment, one invoice, sign-in works.
    expect(await send(s.completed)).toEqual({ received: true, duplicate: false });
    let sub = await subscriptionOf(t, p.spId);
    expect(sub).toMatchObject({
      status: 'active',
      provider_ref: s.subscription.id,
      auto_charge: true,
      recurring_interval: 'month',
    });
    expect(new Date(sub.current_period_end).getTime()).toBe(addMonths(new Date(T0), 1).getTime());
    const [customerRow] = await t.db.query<{ payment_customer_ref: string }>(
      'SELECT payment_customer_ref FROM service_providers WHERE id = $1',
      [p.spId],
    );
    expect(customerRow.payment_customer_ref).toBe(s.customer);
    expect(await paymentsOf(p.spId)).toHaveLength(1);
    expect((await invoicesOf(p.spId)).map((i) => i.status)).toEqual(['paid']);
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);

    // The subscription's first invoice.paid is the same payment: counted once.
    expect(await send(s.firstPaid)).toEqual({ received: true, duplicate: false });
    expect(await paymentsOf(p.spId)).toHaveLength(1);
    expect(await invoicesOf(p.spId)).toHaveLength(1);

    const life = lifeEvents(s);

    // Renewal: the next period moves the expiry and adds one payment and one invoice.
    clock = life.t1.getTime() + HOUR;
    await send(life.renewal);
    sub = await subscriptionOf(t, p.spId);
    expect(sub.status).toBe('active');
    expect(new Date(sub.current_period_end).getTime()).toBe(life.t2.getTime());
    expect(await paymentsOf(p.spId)).toHaveLength(2);
    const invoices = await invoicesOf(p.spId);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      status: 'paid',
      billing_cycle_months: 1,
      provider_ref: `in_r2${s.checkoutId.slice(0, 8)}`,
    });
    // The sweep leaves a Stripe subscription to Stripe.
    expect((await runBillingSweep(billingDepsOf(t.services), new Date(clock))).renewed).toBe(0);

    // The next renewal fails: past due, Stripe's hosted invoice is the pay page.
    clock = life.t2.getTime() + HOUR;
    await send(life.failed);
    expect((await subscriptionOf(t, p.spId)).status).toBe('past_due');
    const due = await login(t, p.email, p.password);
    expect(due.statusCode).toBe(402);
    expect(due.json()).toMatchObject({ message: LOGIN_MESSAGES.pastDue, service_provider_uuid: p.spId });
    const link = await pastDueLink(p.spId);
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toBe(life.failed.data.object.hosted_invoice_url);
    expect(
      mailsTo(t.config, p.email).some((m) => m.includes(life.failed.data.object.hosted_invoice_url)),
    ).toBe(true);
    // Asked again: the same page, and no invoice of ours was made for it.
    expect((await pastDueLink(p.spId)).json().url).toBe(link.json().url);
    expect(await invoicesOf(p.spId)).toHaveLength(2);
    expect((await login(t, p.email, p.password)).json().message).toBe(LOGIN_MESSAGES.pastDue);

    // Paid on Stripe's page later: active again until the end of that period.
    clock = life.t2.getTime() + 2 * HOUR;
    await send(life.restored);
    sub = await subscriptionOf(t, p.spId);
    expect(sub.status).toBe('active');
    expect(new Date(sub.current_period_end).getTime()).toBe(life.t3.getTime());
    expect(await paymentsOf(p.spId)).toHaveLength(3);
    expect((await invoicesOf(p.spId)).map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);
    expect((await pastDueLink(p.spId)).statusCode).toBe(422);

    // Canceled at Stripe: it runs to its period end, then lapses.
    clock = life.t2.getTime() + 3 * HOUR;
    await send(life.deleted);
    sub = await subscriptionOf(t, p.spId);
    expect(sub).toMatchObject({ status: 'active', auto_charge: false });
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);
    const token = await tokenOf(t, p);
    const on = await api(t, token).post('/api/payment/set_auto_charge', {
      auto_charge: true,
      service_provider_uuid: p.spId,
    });
    expect(on.statusCode).toBe(422);
    expect(on.json().message).toBe(BILLING_MESSAGES.canceledAtProvider);
    const plan = await api(t, token).patch('/api/payment/sp/subscription', {
      recurring_interval: 'year',
      recurring_interval_count: 1,
    });
    expect(plan.statusCode).toBe(422);
    expect(plan.json().message).toBe(BILLING_MESSAGES.canceledAtProvider);

    clock = life.t3.getTime() + HOUR;
    const sweep = await runBillingSweep(billingDepsOf(t.services), new Date(clock));
    expect(sweep.lapsed).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(t, p.spId)).status).toBe('expired');
    const lapsed = await login(t, p.email, p.password);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().message).toBe(LOGIN_MESSAGES.noActiveSubscription);
    expect(await paymentsOf(p.spId)).toHaveLength(3);
  });

  it('counts the first payment once when the first invoice.paid arrives before the checkout event', async () => {
    const s = await stripeSignup('year');
    await send(s.firstPaid);
    const sub = await subscriptionOf(t, s.p.spId);
    expect(sub).toMatchObject({
      status: 'active',
      provider_ref: s.subscription.id,
      recurring_interval: 'year',
    });
    expect(new Date(sub.current_period_end).getTime()).toBe(addMonths(new Date(T0), 12).getTime());
    await send(s.completed);
    const payments = await paymentsOf(s.p.spId);
    expect(payments).toHaveLength(1);
    // Named as the checkout's own event names it, whichever came first.
    expect(payments[0].transaction_id).toBe(s.completed.data.object.invoice);
    expect(Number(payments[0].amount)).toBe(500);
    expect(await invoicesOf(s.p.spId)).toHaveLength(1);
    const [c] = await t.db.query<{ status: string }>('SELECT status FROM checkouts WHERE id = $1', [
      s.checkoutId,
    ]);
    expect(c.status).toBe('paid');
    expect((await login(t, s.p.email, s.p.password)).statusCode).toBe(200);
  });

  it('reaches the same state when every event is delivered twice or in another order', async () => {
    type Step = [keyof ReturnType<typeof lifeEvents> | 'completed' | 'firstPaid', number];
    const at = (d: Date, hours: number) => d.getTime() + hours * HOUR;
    const t1 = addMonths(new Date(T0), 1);
    const t2 = addMonths(new Date(T0), 2);
    const linear: Step[] = [
      ['completed', T0],
      ['firstPaid', T0],
      ['renewal', at(t1, 1)],
      ['failed', at(t2, 1)],
      ['restored', at(t2, 2)],
      ['deleted', at(t2, 3)],
    ];
    const shuffled: Step[] = [
      ['firstPaid', T0],
      ['completed', T0],
      ['restored', at(t2, 2)],
      ['failed', at(t2, 2)],
      ['renewal', at(t2, 2)],
      ['deleted', at(t2, 3)],
    ];
    const runs: { steps: Step[]; times: number }[] = [
      { steps: linear, times: 1 },
      { steps: linear, times: 2 },
      { steps: shuffled, times: 1 },
      { steps: shuffled, times: 2 },
    ];
    const finals: unknown[] = [];
    for (const run of runs) {
      clock = T0;
      const s = await stripeSignup('month', `x${finals.length}`);
      const events: Record<string, Obj> = {
        ...lifeEvents(s),
        completed: s.completed,
        firstPaid: s.firstPaid,
      };
      for (const [name, when] of run.steps) {
        clock = when;
        for (let i = 0; i < run.times; i++) {
          expect((await send(events[name])).duplicate).toBe(i > 0);
        }
      }
      // and the whole history once more: nothing changes
      for (const [name] of run.steps) expect((await send(events[name])).duplicate).toBe(true);
      const sub = await subscriptionOf(t, s.p.spId);
      const payments = await paymentsOf(s.p.spId);
      const invoices = await invoicesOf(s.p.spId);
      const open = await t.db.query(
        `SELECT 1 FROM checkouts WHERE service_provider_id = $1 AND status = 'open'`,
        [s.p.spId],
      );
      finals.push({
        status: sub.status,
        autoCharge: sub.auto_charge,
        start: new Date(sub.current_period_start).getTime() - T0,
        end: new Date(sub.current_period_end).getTime() - T0,
        payments: payments.map((x) => Number(x.amount)).sort(),
        invoices: invoices.map((x) => [
          new Date(x.start_billing_cycle).getTime() - T0,
          new Date(x.end_billing_cycle).getTime() - T0,
          x.status,
          Number(x.amount),
        ]),
        openCheckouts: open.length,
        login: (await login(t, s.p.email, s.p.password)).statusCode,
      });
    }
    expect(finals[0]).toMatchObject({
      status: 'active',
      autoCharge: false,
      payments: [100, 100, 100],
      login: 200,
    });
    for (const f of finals.slice(1)) expect(f).toEqual(finals[0]);
  });

  it('refuses a webhook with a bad signature (400) and ignores events it does not use', async () => {
    const s = await stripeSignup('month');
    const forged = await deliver(t, s.completed, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(await subscriptionOf(t, s.p.spId)).toBeUndefined();
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(s.completed),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await send(stripeEvent('customer.updated', { id: s.customer, object: 'customer' }))).toEqual({
      received: true,
      duplicate: false,
    });
    // An unpaid completed session changes nothing.
    await send(
      stripeEvent('checkout.session.completed', {
        ...s.session,
        status: 'complete',
        payment_status: 'unpaid',
      }),
    );
    expect(await subscriptionOf(t, s.p.spId)).toBeUndefined();
  });
});

describe('Stripe mode: a subscription Stripe gives up on', () => {
  it('past due, then deleted by Stripe: canceled at once, and the sign-in says so', async () => {
    const s = await stripeActive('month');
    const life = lifeEvents(s);
    clock = addMonths(new Date(T0), 1).getTime() + HOUR;
    // The first renewal fails, and after Stripe's retries the subscription is deleted.
    await send({
      ...life.failed,
      id: `${life.failed.id}_b`,
      data: { object: { ...life.failed.data.object, lines: life.renewal.data.object.lines } },
    });
    expect((await subscriptionOf(t, s.p.spId)).status).toBe('past_due');
    clock += 7 * 24 * HOUR;
    await send(life.deleted);
    expect((await subscriptionOf(t, s.p.spId)).status).toBe('canceled');
    const res = await login(t, s.p.email, s.p.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LOGIN_MESSAGES.noActiveSubscription);
    // Stripe's page of the failed invoice is no longer offered.
    expect((await pastDueLink(s.p.spId)).statusCode).toBe(422);
    const open = await t.db.query(
      `SELECT 1 FROM checkouts WHERE service_provider_id = $1 AND status = 'open'`,
      [s.p.spId],
    );
    expect(open).toHaveLength(0);
  });
});

describe('Stripe mode from configuration (STRIPE_API_BASE)', () => {
  it('builds the Stripe gateway of the app and reaches the stand-in', async () => {
    const own = await createTestApp({
      config: {
        payments: 'stripe',
        stripeSecretKey: 'sk_test_x',
        stripeWebhookSecret: SECRET,
        stripeApiHost: '127.0.0.1',
        stripeApiPort: standIn.port,
        stripeApiProtocol: 'http',
      },
    });
    try {
      const p = await confirmedProvider(own);
      standIn.reset();
      const res = await startCheckout(own, p.spId, 'year');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      expect(standIn.calls('POST', '/v1/checkout/sessions')).toHaveLength(1);
      // No sandbox pages in Stripe mode.
      expect((await own.app.inject({ method: 'GET', url: '/sandbox/checkout/x' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});

describe('Stripe mode: the account screens', () => {
  it('cards, auto charge, plan and extensions reach Stripe', async () => {
    const s = await stripeActive('year');
    const { p } = s;
    const me = api(t, await tokenOf(t, p));
    const subId = s.subscription.id;
    standIn.reset();

    // Cards: only payment methods from the secure card form.
    expect((await me.get('/api/payment/payment_card')).json()).toEqual({ data: [] });
    const raw = await me.post('/api/payment/payment_card', goodCard());
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toBe(RAW_CARD_MESSAGE);
    const malformed = await me.post('/api/payment/payment_card', {
      payment_method_id: 'card_123',
      ...address,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.payment_method_id).toBe('payment method is not valid.');
    const missing = await me.post('/api/payment/payment_card', { payment_method_id: 'pm_1' });
    expect(missing.statusCode).toBe(400);
    // Refused before anything reached Stripe.
    expect(standIn.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    const pm = standIn.addPaymentMethod({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 });
    const added = await me.post('/api/payment/payment_card', { payment_method_id: pm.id, ...address });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toBe(BILLING_MESSAGES.cardAdded);
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}/attach`).map((r) => r.params)).toEqual([
      { customer: s.customer },
    ]);
    expect(standIn.calls('POST', `/v1/payment_methods/${pm.id}`)[0].params).toMatchObject({
      billing_details: {
        address: { line1: '1 Engine Way', state: 'NY', city: 'New York', postal_code: '10001' },
      },
    });
    expect(standIn.calls('POST', `/v1/customers/${s.customer}`)[0].params).toEqual({
      invoice_settings: { default_payment_method: pm.id },
    });
    expect(standIn.calls('POST', `/v1/subscriptions/${subId}`)[0].params).toEqual({
      default_payment_method: pm.id,
    });

    const listed = (await me.get('/api/payment/payment_card')).json().data;
    expect(listed).toEqual([
      {
        id: pm.id,
        created: pm.created,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
        billing_details: {
          address: { line1: '1 Engine Way', state: 'NY', city: 'New York', postal_code: '10001' },
        },
      },
    ]);
    const updated = await me.patch(`/api/payment/payment_card/${pm.id}`, {
      exp_month: 6,
      exp_year: 2032,
      ...address,
      city: 'Albany',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(standIn.paymentMethods.get(pm.id)).toMatchObject({
      card: { exp_month: 6, exp_year: 2032 },
      billing_details: { address: { city: 'Albany' } },
    });
    expect(
      (await me.patch('/api/payment/payment_card/pm_unknown', { exp_month: 6, exp_year: 2032, ...address }))
        .statusCode,
    ).toBe(404);

    // Stripe refuses a card: 402 with Stripe's message.
    const declined = standIn.addPaymentMethod();
    standIn.failNext('POST', /\/attach$/, {
      status: 402,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    const refused = await me.post('/api/payment/payment_card', {
      payment_method_id: declined.id,
      ...address,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Your card was declined.');
    expect((await me.get('/api/payment/payment_card')).json().data).toHaveLength(1);

    // Auto charge: cancel_at_period_end at Stripe.
    standIn.reset();
    const off = await me.post('/api/payment/set_auto_charge', {
      auto_charge: false,
      service_provider_uuid: p.spId,
    });
    expect(off.json()).toEqual({ message: BILLING_MESSAGES.autoChargeDisabled, auto_charge: false });
    expect(standIn.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);
    expect((await me.get('/api/payment/subscription')).json().auto_charge).toBe(false);
    const back = await me.post('/api/payment/set_auto_charge', {
      auto_charge: true,
      service_provider_uuid: p.spId,
    });
    expect(back.json()).toEqual({ message: BILLING_MESSAGES.autoChargeEnabled, auto_charge: true });
    expect(
      standIn.calls('POST', `/v1/subscriptions/${subId}`).map((r) => r.params.cancel_at_period_end),
    ).toEqual(['true', 'false']);
    expect((await me.get('/api/payment/subscription')).json().auto_charge).toBe(true);

    // Plan: the other price from the next period, through a schedule.
    standIn.reset();
    const plan = await me.patch('/api/payment/sp/subscription', {
      recurring_interval: 'month',
      recurring_interval_count: 1,
    });
    expect(plan.json()).toEqual({ message: BILLING_MESSAGES.planChanged });
    expect(standIn.calls('POST', '/v1/subscription_schedules').map((r) => r.params)).toEqual([
      { from_subscription: subId },
    ]);
    const [schedule] = standIn.calls('POST', /^\/v1\/subscription_schedules\/sub_sched_/);
    expect(schedule.params).toMatchObject({
      end_behavior: 'release',
      phases: [
        { items: [{ price: s.prices.year }], proration_behavior: 'none' },
        { items: [{ price: s.prices.month }], duration: { interval: 'month' }, proration_behavior: 'none' },
      ],
    });
    expect((await me.get('/api/payment/subscription')).json().plan).toEqual({
      interval: 'month',
      interval_count: 1,
    });

    // Extensions: paid through a payment-mode checkout, then Stripe's next charge moves.
    let end = new Date((await subscriptionOf(t, p.spId)).current_period_end);
    expect(end.getTime()).toBe(addMonths(new Date(T0), 12).getTime());
    // [interval, count sent (none: the modal's one period), months added, unit price in cents]
    for (const [interval, count, months, cents] of [
      ['month', undefined, 1, 10000],
      ['year', undefined, 12, 50000],
      ['year', 3, 36, 50000],
    ] as const) {
      standIn.reset();
      const ext = await me.post('/api/payment/subscription/extend', { recurring_interval: interval, count });
      expect(ext.statusCode, ext.body).toBe(200);
      const [req] = standIn.calls('POST', '/v1/checkout/sessions');
      const quantity = count ?? 1;
      expect(req.params).toMatchObject({
        mode: 'payment',
        customer: s.customer,
        line_items: [
          { quantity: String(quantity), price_data: { currency: 'usd', unit_amount: String(cents) } },
        ],
        metadata: { purpose: 'extension' },
        success_url: 'http://portal.test/account/summary?notice=extension_paid',
      });
      const session = standIn.sessions.get(/\/c\/pay\/(cs_test_\w+)$/.exec(ext.json().url)![1]) as Obj;
      const paymentsBefore = (await paymentsOf(p.spId)).length;
      await send(
        stripeEvent('checkout.session.completed', {
          ...session,
          status: 'complete',
          payment_status: 'paid',
          payment_intent: `pi_ext_${interval}${quantity}_${p.spId.slice(0, 8)}`,
          invoice: `in_ext_${interval}${quantity}_${p.spId.slice(0, 8)}`,
          subscription: null,
        }),
      );
      // Its one-off receipt invoice carries no subscription: ignored.
      await send(
        stripeEvent('invoice.paid', {
          id: `in_ext_${interval}${quantity}_${p.spId.slice(0, 8)}`,
          object: 'invoice',
          billing_reason: 'manual',
          amount_paid: cents * quantity,
          parent: null,
          lines: { object: 'list', data: [] },
        }),
      );
      const next = addMonths(end, months);
      expect(new Date((await subscriptionOf(t, p.spId)).current_period_end).getTime()).toBe(next.getTime());
      const payments = await paymentsOf(p.spId);
      expect(payments).toHaveLength(paymentsBefore + 1);
      const paid = payments.find((row) => row.transaction_id.includes(`_ext_${interval}${quantity}_`));
      expect(Number(paid?.amount)).toBe((cents * quantity) / 100);
      expect(standIn.calls('POST', `/v1/subscriptions/${subId}`).map((r) => r.params)).toEqual([
        { trial_end: String(seconds(next)), proration_behavior: 'none' },
      ]);
      expect(standIn.subscriptions.get(subId)?.trial_end).toBe(seconds(next));
      end = next;
    }
    // The three-year extension: one invoice of $1,500 over the 36 months paid, on the yearly cycle.
    const last = (await invoicesOf(p.spId)).at(-1);
    expect(last).toMatchObject({ status: 'paid', billing_cycle_months: 12, amount: 1500 });
    expect(new Date(last!.end_billing_cycle).getTime()).toBe(
      addMonths(new Date(last!.start_billing_cycle), 36).getTime(),
    );
  });

  it('serves the publishable key in the public settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(res.json()).toMatchObject({ payments: 'stripe', stripe_publishable_key: 'pk_test_x' });
  });
});

describe('Stripe mode: an end the admin sets', () => {
  it("moves Stripe's next charge to it, for an extension and for an expiry date", async () => {
    const s = await stripeActive('month');
    const subId = s.subscription.id as string;
    const admin = api(t, await adminToken(t));
    standIn.reset();
    const before = new Date((await subscriptionOf(t, s.p.spId)).current_period_end);
    const ext = await admin.post(`/api/admin/service_provider/${s.p.spId}/extension`, {
      days: 10,
      reason: 'outage',
    });
    expect(ext.statusCode, ext.body).toBe(200);
    const extended = new Date(before.getTime() + 10 * 24 * HOUR);
    expect(new Date(ext.json().subscription_expired_on).getTime()).toBe(extended.getTime());
    expect(standIn.calls('POST', `/v1/subscriptions/${subId}`).map((r) => r.params)).toEqual([
      { trial_end: String(seconds(extended)), proration_behavior: 'none' },
    ]);
    standIn.reset();
    const until = new Date(clock + 90 * 24 * HOUR);
    const set = await admin.patch(`/api/admin/service_provider/${s.p.spId}`, {
      subscription_expired_on: until.toISOString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(standIn.calls('POST', `/v1/subscriptions/${subId}`).map((r) => r.params)).toEqual([
      { trial_end: String(seconds(until)), proration_behavior: 'none' },
    ]);
  });
});

describe('open checkouts expire', () => {
  it('Stripe: past the session expiry or 24 hours old; a late payment still counts', async () => {
    standIn.sessionTtlSeconds = 3600;
    try {
      const s = await stripeSignup('month');
      const status = async () =>
        (
          await t.db.query<{ status: string }>('SELECT status FROM checkouts WHERE id = $1', [s.checkoutId])
        )[0].status;
      clock = T0 + 30 * 60_000;
      await runBillingSweep(billingDepsOf(t.services), new Date(clock));
      expect(await status()).toBe('open');
      // The session's own expiry is an hour after it was made (real time: the stand-in's clock).
      clock = s.session.expires_at * 1000 + 60_000;
      expect(
        (await runBillingSweep(billingDepsOf(t.services), new Date(clock))).expiredCheckouts,
      ).toBeGreaterThanOrEqual(1);
      expect(await status()).toBe('expired');
      // Paid at Stripe just before it closed: the money counts.
      await send(s.completed);
      expect(await status()).toBe('paid');
      expect((await subscriptionOf(t, s.p.spId)).status).toBe('active');
    } finally {
      standIn.sessionTtlSeconds = 24 * 3600;
    }
  });
});

describe('payment cards and checkouts in sandbox mode', () => {
  let sb: TestApp;
  let sbClock = Date.now();
  beforeAll(async () => {
    sb = await createTestApp({ now: () => new Date(sbClock) });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('refuses a payment method id (400): sandbox cards are typed on its own form', async () => {
    sbClock = Date.now();
    const p = await confirmedProvider(sb);
    const res = await startCheckout(sb, p.spId, 'month');
    expect((await payForm(sb, res.json().data.url)).statusCode).toBe(303);
    const me = api(sb, await tokenOf(sb, p));
    const refused = await me.post('/api/payment/payment_card', { payment_method_id: 'pm_123', ...address });
    expect(refused.statusCode).toBe(400);
    expect((await me.post('/api/payment/payment_card', goodCard())).statusCode).toBe(201);
    expect(await count(sb.db, 'payment_cards')).toBeGreaterThanOrEqual(1);
    const settings = await sb.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(settings.json().payments).toBe('sandbox');
    expect(settings.json()).not.toHaveProperty('stripe_publishable_key');
  });

  it('closes a sandbox checkout 24 hours old: its page answers 410', async () => {
    sbClock = Date.now();
    const p = await confirmedProvider(sb);
    const old = (await startCheckout(sb, p.spId, 'month')).json().data.url as string;
    sbClock += 23 * HOUR;
    // Another provider's page (a second one of p would replace p's open page at once).
    const q = await confirmedProvider(sb);
    const fresh = (await startCheckout(sb, q.spId, 'year')).json().data.url as string;
    expect((await runBillingSweep(billingDepsOf(sb.services), new Date(sbClock))).expiredCheckouts).toBe(0);
    sbClock += 1 * HOUR + 60_000;
    expect((await runBillingSweep(billingDepsOf(sb.services), new Date(sbClock))).expiredCheckouts).toBe(1);
    const path = (u: string) => new URL(u).pathname;
    expect((await sb.app.inject({ method: 'GET', url: path(old) })).statusCode).toBe(410);
    expect((await payForm(sb, old)).statusCode).toBe(410);
    expect((await sb.app.inject({ method: 'GET', url: path(fresh) })).statusCode).toBe(200);
    expect((await payForm(sb, fresh)).statusCode).toBe(303);
    expect((await login(sb, q.email, q.password)).statusCode).toBe(200);
  });
});
