// The Stripe implementation of PaymentGateway (PAYMENTS=stripe).
// Checkout Sessions take the first payment; Stripe renews subscriptions itself and reports every
// outcome as a signed webhook event, which parseWebhook turns into a PaymentEvent.
// No card number or CVC ever reaches this code: cards arrive as payment-method ids made by Stripe Elements.
import Stripe from 'stripe';
import { PRICES, type RecurringInterval } from '../../../../../contract/constants';
import type { Config } from '../../../config';
import {
  PaymentDeclined,
  WebhookSignatureError,
  type BillingAddress,
  type CheckoutRequest,
  type CheckoutSession,
  type NewCard,
  type PaymentEvent,
  type PaymentGateway,
  type SavedCard,
} from '../gateway';

export const LOOKUP_KEYS: Record<RecurringInterval, string> = {
  month: 'shaken_monthly',
  year: 'shaken_yearly',
};
export const PRODUCT_NAME = 'STIR/SHAKEN certificate service';
const CURRENCY = 'usd';
/** Metadata key on a subscription: the plan to move to once auto charge is switched back on. */
const PENDING_PLAN = 'pending_plan';
const RAW_CARD_MESSAGE = 'Card details must be entered in the secure card form';

export interface StripeGateway extends PaymentGateway {
  readonly kind: 'stripe';
  /** The PDF of a Stripe invoice (`invoice.invoice_pdf`), or null while Stripe has none. */
  invoicePdfUrl(invoiceRef: string): Promise<string | null>;
  /** The Stripe price ids of both plans, found or created by lookup key. */
  priceIds(): Promise<Record<RecurringInterval, string>>;
  /**
   * After a paid extension: Stripe's next charge of the subscription moves to `until` (the new expiry),
   * through a trial period without proration, so the customer is not billed for the time already paid.
   */
  deferNextCharge(subscriptionRef: string | null, until: Date): Promise<void>;
}

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

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number | null | undefined) => Math.round(c ?? 0) / 100;
const idOf = (v: string | { id: string } | null | undefined): string | undefined =>
  v == null ? undefined : typeof v === 'string' ? v : v.id;

function address(billing: BillingAddress): Stripe.AddressParam {
  return {
    line1: billing.line1,
    state: billing.state,
    city: billing.city,
    postal_code: billing.postal_code,
    country: 'US',
  };
}

export function toSavedCard(pm: Stripe.PaymentMethod): SavedCard {
  const a = pm.billing_details?.address;
  return {
    id: pm.id,
    created: pm.created,
    card: {
      brand: pm.card?.brand ?? 'unknown',
      last4: pm.card?.last4 ?? '',
      exp_month: pm.card?.exp_month ?? 0,
      exp_year: pm.card?.exp_year ?? 0,
    },
    billing_details: {
      address: {
        line1: a?.line1 ?? '',
        state: a?.state ?? '',
        city: a?.city ?? '',
        postal_code: a?.postal_code ?? '',
      },
    },
  };
}

/** A Stripe card error becomes PaymentDeclined with Stripe's message (never card data). */
function declined(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError)
    throw new PaymentDeclined(err.message || 'Your card was declined');
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
    throw new PaymentDeclined('The card could not be found; please enter it again');
  }
  throw err;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : headers[key];
  return Array.isArray(v) ? v[0] : v;
}

// Fields that moved between API versions, read defensively. Older versions put `subscription`
// and `payment_intent` on the invoice; newer ones use `parent.subscription_details` and `payments`.
type LooseInvoice = Stripe.Invoice & {
  subscription?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string } | null;
};

export function invoiceSubscription(inv: LooseInvoice): string | undefined {
  return (
    idOf(inv.parent?.subscription_details?.subscription) ??
    idOf(inv.subscription) ??
    inv.lines?.data
      ?.map((l) => idOf(l.subscription ?? (l.parent as any)?.subscription_item_details?.subscription))
      .find(Boolean)
  );
}

export function invoiceTransaction(inv: LooseInvoice): string {
  const fromPayments = inv.payments?.data
    ?.map((p) => idOf(p.payment?.payment_intent) ?? idOf(p.payment?.charge))
    .find(Boolean);
  return idOf(inv.payment_intent) ?? fromPayments ?? idOf(inv.charge) ?? inv.id;
}

/**
 * The checkout that started the subscription, on its first invoice only (`billing_reason: subscription_create`):
 * createCheckout puts `checkout_id` in the subscription's metadata, which Stripe copies to its invoices.
 */
export function invoiceCheckoutId(inv: LooseInvoice): string | undefined {
  if (inv.billing_reason !== 'subscription_create') return undefined;
  const legacy = (inv as { subscription_details?: { metadata?: Record<string, string> | null } | null })
    .subscription_details;
  const id = inv.parent?.subscription_details?.metadata?.checkout_id ?? legacy?.metadata?.checkout_id;
  return typeof id === 'string' && id ? id : undefined;
}

/** The billed period: the subscription line's period, else the invoice's own. */
export function invoicePeriod(inv: Stripe.Invoice): { start: number; end: number } {
  const lines = inv.lines?.data ?? [];
  const line =
    lines.find(
      (l) =>
        l.parent?.type === 'subscription_item_details' ||
        l.subscription ||
        (l as { type?: string }).type === 'subscription',
    ) ?? lines[0];
  if (line?.period) return { start: line.period.start, end: line.period.end };
  return { start: inv.period_start, end: inv.period_end };
}

export function mapStripeEvent(event: Stripe.Event): PaymentEvent {
  const id = event.id;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object as Stripe.Checkout.Session;
      if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') {
        return { id, type: 'ignored', providerType: event.type };
      }
      return {
        id,
        type: 'checkout.paid',
        checkoutRef: s.id,
        transactionId: idOf(s.payment_intent) ?? idOf(s.invoice) ?? s.id,
        amount: dollars(s.amount_total),
        ...(idOf(s.subscription) ? { subscriptionRef: idOf(s.subscription) } : {}),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const inv = event.data.object as LooseInvoice;
      const subscriptionRef = invoiceSubscription(inv);
      // A paid invoice without a subscription is a one-off (a payment-mode checkout's receipt): the checkout event covers it.
      if (!subscriptionRef) return { id, type: 'ignored', providerType: event.type };
      const period = invoicePeriod(inv);
      const checkoutId = invoiceCheckoutId(inv);
      return {
        id,
        type: 'invoice.paid',
        subscriptionRef,
        transactionId: invoiceTransaction(inv),
        amount: dollars(inv.amount_paid),
        periodStart: new Date(period.start * 1000),
        periodEnd: new Date(period.end * 1000),
        invoiceRef: inv.id,
        ...(checkoutId ? { checkoutId } : {}),
      };
    }
    case 'invoice.payment_failed': {
      const inv = event.data.object as LooseInvoice;
      const subscriptionRef = invoiceSubscription(inv);
      if (!subscriptionRef) return { id, type: 'ignored', providerType: event.type };
      return {
        id,
        type: 'invoice.payment_failed',
        subscriptionRef,
        amount: dollars(inv.amount_due),
        reason: inv.last_finalization_error?.message || 'Payment failed',
        invoiceRef: inv.id,
        ...(inv.hosted_invoice_url ? { payUrl: inv.hosted_invoice_url } : {}),
      };
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object as Stripe.Subscription;
      return { id, type: 'subscription.canceled', subscriptionRef: sub.id };
    }
    default:
      return { id, type: 'ignored', providerType: event.type };
  }
}

export function createStripeGateway(config: Config, opts: { client?: Stripe } = {}): StripeGateway {
  const stripe = opts.client ?? createStripeClient(config);
  const webhookSecret = config.stripeWebhookSecret;
  let prices: Promise<Record<RecurringInterval, string>> | undefined;

  async function findOrCreatePrices(): Promise<Record<RecurringInterval, string>> {
    const keys = Object.values(LOOKUP_KEYS);
    const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 });
    const out: Partial<Record<RecurringInterval, string>> = {};
    let product: string | undefined;
    for (const interval of ['month', 'year'] as const) {
      const want = cents(PRICES[interval]);
      const p = found.data.find((x) => x.lookup_key === LOOKUP_KEYS[interval]);
      if (p) product ??= idOf(p.product);
      if (p && p.unit_amount === want && p.recurring?.interval === interval && p.currency === CURRENCY) {
        out[interval] = p.id;
      }
    }
    for (const interval of ['month', 'year'] as const) {
      if (out[interval]) continue;
      if (!product) {
        const made = await stripe.products.create(
          { name: PRODUCT_NAME },
          { idempotencyKey: 'shaken-product-v1' },
        );
        product = made.id;
      }
      const created = await stripe.prices.create({
        product,
        currency: CURRENCY,
        unit_amount: cents(PRICES[interval]),
        recurring: { interval, interval_count: 1 },
        lookup_key: LOOKUP_KEYS[interval],
        // Moves the lookup key from a price with another amount, so the key always names the current price.
        transfer_lookup_key: true,
        nickname: interval === 'month' ? 'Monthly' : 'Yearly',
      });
      out[interval] = created.id;
    }
    return out as Record<RecurringInterval, string>;
  }

  function priceIds(): Promise<Record<RecurringInterval, string>> {
    prices ??= findOrCreatePrices().catch((err) => {
      prices = undefined;
      throw err;
    });
    return prices;
  }

  async function intervalOfPrice(priceId: string | undefined): Promise<RecurringInterval | undefined> {
    if (!priceId) return undefined;
    const ids = await priceIds();
    return (Object.keys(ids) as RecurringInterval[]).find((k) => ids[k] === priceId);
  }

  /** Schedules the other plan to start when the current period ends (a plain price swap across intervals would bill now). */
  async function schedulePlan(sub: Stripe.Subscription, target: string): Promise<void> {
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
    const scheduleId = idOf(sub.schedule);
    const schedule = scheduleId
      ? await stripe.subscriptionSchedules.retrieve(scheduleId)
      : await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const current = schedule.current_phase ?? schedule.phases[0];
    const interval = (await intervalOfPrice(target)) ?? 'year';
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
          start_date: current?.start_date ?? item.current_period_start,
          end_date: item.current_period_end,
          proration_behavior: 'none',
        },
        {
          items: [{ price: target, quantity: 1 }],
          duration: { interval, interval_count: 1 },
          proration_behavior: 'none',
        },
      ],
    });
  }

  async function pendingPriceOfSchedule(
    scheduleId: string,
    currentPrice: string,
  ): Promise<string | undefined> {
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    const last = schedule.phases[schedule.phases.length - 1];
    const price = idOf(last?.items[0]?.price as string | { id: string } | undefined);
    return price && price !== currentPrice ? price : undefined;
  }

  async function changePlan(subscriptionRef: string | null, interval: RecurringInterval): Promise<void> {
    if (!subscriptionRef) return;
    const target = (await priceIds())[interval];
    const sub = await stripe.subscriptions.retrieve(subscriptionRef);
    const item = sub.items.data[0];
    const scheduleId = idOf(sub.schedule);
    if (item?.price.id === target) {
      // Back to the plan it already has: drop a pending change.
      if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
      if (sub.metadata?.[PENDING_PLAN])
        await stripe.subscriptions.update(sub.id, { metadata: { [PENDING_PLAN]: '' } });
      return;
    }
    if (sub.cancel_at_period_end) {
      // Auto charge is off, so there is no next period yet: remember the plan for when it is switched on.
      await stripe.subscriptions.update(sub.id, { metadata: { [PENDING_PLAN]: interval } });
      return;
    }
    await schedulePlan(sub, target);
  }

  return {
    kind: 'stripe',
    priceIds,

    async ensureCustomer({ serviceProviderId, email, name, existingRef }) {
      if (existingRef) return existingRef;
      const customer = await stripe.customers.create(
        { email, name, metadata: { service_provider_id: serviceProviderId } },
        { idempotencyKey: `customer-${serviceProviderId}` },
      );
      return customer.id;
    },

    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      const metadata = { checkout_id: req.checkoutId, purpose: req.purpose };
      const common = {
        customer: req.customerRef,
        client_reference_id: req.checkoutId,
        metadata,
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      };
      let params: Stripe.Checkout.SessionCreateParams;
      if (req.purpose === 'subscription') {
        const price = (await priceIds())[req.interval];
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
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: CURRENCY,
                unit_amount: cents(req.amount),
                product_data: { name: req.description },
              },
            },
          ],
          payment_intent_data: { metadata, description: req.description },
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
    },

    async listCards(customerRef) {
      const list = await stripe.customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 });
      return list.data.filter((pm) => pm.card).map(toSavedCard);
    },

    async addCard(customerRef: string, card: NewCard, billing: BillingAddress) {
      if (card.kind !== 'payment_method') throw new PaymentDeclined(RAW_CARD_MESSAGE);
      const pmId = card.paymentMethodId;
      if (!/^pm_[A-Za-z0-9_]+$/.test(pmId)) throw new PaymentDeclined(RAW_CARD_MESSAGE);
      try {
        await stripe.paymentMethods.attach(pmId, { customer: customerRef });
        const pm = await stripe.paymentMethods.update(pmId, {
          billing_details: { address: address(billing) },
        });
        await stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: pmId } });
        // Checkout sets the subscription's own default card, which wins over the customer's: move it too.
        const subs = await stripe.subscriptions.list({ customer: customerRef, status: 'all', limit: 100 });
        for (const sub of subs.data) {
          if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
          if (idOf(sub.default_payment_method) === pmId) continue;
          await stripe.subscriptions.update(sub.id, { default_payment_method: pmId });
        }
        return toSavedCard(pm);
      } catch (err) {
        return declined(err);
      }
    },

    async updateCard(customerRef, cardId, update) {
      try {
        const pm = await stripe.paymentMethods.retrieve(cardId);
        if (idOf(pm.customer) !== customerRef) throw new PaymentDeclined('Card not found');
        const updated = await stripe.paymentMethods.update(cardId, {
          card: { exp_month: update.exp_month, exp_year: update.exp_year },
          billing_details: { address: address(update.billing) },
        });
        return toSavedCard(updated);
      } catch (err) {
        if (err instanceof PaymentDeclined) throw err;
        return declined(err);
      }
    },

    async chargeRenewal() {
      return { status: 'deferred' };
    },

    async setAutoCharge(subscriptionRef, on) {
      if (!subscriptionRef) return;
      const sub = await stripe.subscriptions.retrieve(subscriptionRef);
      const scheduleId = idOf(sub.schedule);
      if (on) {
        const pending = sub.metadata?.[PENDING_PLAN] as RecurringInterval | undefined;
        await stripe.subscriptions.update(subscriptionRef, {
          cancel_at_period_end: false,
          ...(pending ? { metadata: { [PENDING_PLAN]: '' } } : {}),
        });
        if (pending === 'month' || pending === 'year') await changePlan(subscriptionRef, pending);
        return;
      }
      let pendingInterval: RecurringInterval | undefined;
      if (scheduleId) {
        // A schedule owns cancelation; release it and remember its pending plan for when auto charge returns.
        const item = sub.items.data[0];
        pendingInterval = await intervalOfPrice(
          await pendingPriceOfSchedule(scheduleId, item?.price.id ?? ''),
        );
        await stripe.subscriptionSchedules.release(scheduleId);
      }
      await stripe.subscriptions.update(subscriptionRef, {
        cancel_at_period_end: true,
        ...(pendingInterval ? { metadata: { [PENDING_PLAN]: pendingInterval } } : {}),
      });
    },

    changePlan,

    parseWebhook(rawBody, headers) {
      if (!webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      const signature = header(headers, 'stripe-signature');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid Stripe signature');
      }
      return mapStripeEvent(event);
    },

    async deferNextCharge(subscriptionRef, until) {
      if (!subscriptionRef) return;
      const at = Math.floor(until.getTime() / 1000);
      if (at <= Math.floor(Date.now() / 1000)) return;
      await stripe.subscriptions.update(subscriptionRef, { trial_end: at, proration_behavior: 'none' });
    },

    async invoicePdfUrl(invoiceRef) {
      const inv = await stripe.invoices.retrieve(invoiceRef);
      return inv.invoice_pdf ?? null;
    },
  };
}

/** The PDF of a Stripe invoice, for the billing service's invoice download. */
export async function invoicePdfUrl(gateway: PaymentGateway, invoiceRef: string): Promise<string | null> {
  if (gateway.kind !== 'stripe' || !('invoicePdfUrl' in gateway)) return null;
  return (gateway as StripeGateway).invoicePdfUrl(invoiceRef);
}
