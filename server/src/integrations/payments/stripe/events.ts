// Stripe's webhook events: the signature checked on the raw body, then each event turned into a PaymentEvent.
import type Stripe from 'stripe';
import { WebhookSignatureError, type PaymentEvent } from '../gateway';
import { dollars, idOf } from './client';

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
      ?.map((l) => idOf(l.subscription ?? l.parent?.subscription_item_details?.subscription))
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

/** Verifies a webhook with the SDK on its raw body; throws WebhookSignatureError. */
export function parseStripeWebhook(
  stripe: Stripe,
  webhookSecret: string | undefined,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): PaymentEvent {
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
}
