// The payments interface we own. Two implementations: the built-in sandbox (default) and Stripe.
// The billing service speaks only this; every provider event becomes a PaymentEvent handled by one code path.
import type { BillingAddress, SavedCard } from '../../../../contract/api';
import type { RecurringInterval } from '../../../../contract/constants';

export type CheckoutPurpose = 'subscription' | 'extension' | 'past_due';

export type { BillingAddress, SavedCard };

/** A new card: the raw fields (sandbox only, never stored) or a payment-method id made by Stripe Elements. */
export type NewCard =
  | { kind: 'raw'; number: string; cvc: string; exp_month: number; exp_year: number }
  | { kind: 'payment_method'; paymentMethodId: string };

export interface CheckoutRequest {
  /** Our checkouts.id; echoed back in the paid event. */
  checkoutId: string;
  purpose: CheckoutPurpose;
  /** The plan of a new subscription, or the period an extension is counted in. */
  interval: RecurringInterval;
  /** How many periods of `interval` the checkout pays: the count of an extension, 1 otherwise. */
  periods: number;
  /** Dollars, two decimals: `periods` × the period's price. */
  amount: number;
  description: string;
  customerRef: string;
  /**
   * Keep the card paid with as the customer's saved card, for automatic renewal (Stripe: the payment is set up
   * for off-session use). The sandbox's page saves it itself.
   */
  saveCard?: boolean;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  ref: string;
  url: string;
  expiresAt?: Date;
}

export type RenewalResult =
  | { status: 'paid'; transactionId: string }
  | { status: 'failed'; reason: string }
  /** The provider renews by itself and reports it as an event (Stripe). */
  | { status: 'deferred' };

export type PaymentEvent =
  | {
      id: string;
      type: 'checkout.paid';
      checkoutRef: string;
      transactionId: string;
      amount: number;
      /** Set when the checkout created a recurring subscription at the provider (Stripe). */
      subscriptionRef?: string;
    }
  | {
      id: string;
      type: 'invoice.paid';
      subscriptionRef: string;
      transactionId: string;
      amount: number;
      periodStart: Date;
      periodEnd: Date;
      invoiceRef?: string;
      /**
       * Our checkouts.id when this is the first invoice of a subscription a checkout started (Stripe: the
       * subscription's metadata.checkout_id on a `subscription_create` invoice). It may arrive before the
       * checkout's own event and then pays that checkout.
       */
      checkoutId?: string;
    }
  | {
      id: string;
      type: 'invoice.payment_failed';
      subscriptionRef: string;
      amount: number;
      reason: string;
      invoiceRef?: string;
      /** Where the provider lets the customer pay this invoice (Stripe's hosted invoice page). */
      payUrl?: string;
    }
  | { id: string; type: 'subscription.canceled'; subscriptionRef: string }
  | { id: string; type: 'ignored'; providerType: string };

export class PaymentDeclined extends Error {}
export class WebhookSignatureError extends Error {}

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'stripe';
  /** The provider's customer for a service provider; `existingRef` when one was made before. */
  ensureCustomer(p: {
    serviceProviderId: string;
    email: string;
    name: string;
    existingRef?: string | null;
  }): Promise<string>;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Closes an open checkout at the provider so that it can no longer be paid; throws when it cannot be closed
   * (already paid). Not needed where the page reads our checkout row (the sandbox).
   */
  expireCheckout?(ref: string): Promise<void>;
  listCards(customerRef: string): Promise<SavedCard[]>;
  /**
   * After a checkout paid with `saveCard`: the card it was paid with becomes the customer's saved card (the one
   * renewals charge). Not needed where the payment page saves the card itself (the sandbox).
   */
  saveCheckoutCard?(customerRef: string, checkoutRef: string): Promise<void>;
  /** Throws PaymentDeclined with a message the user can read when the card is refused. */
  addCard(customerRef: string, card: NewCard, billing: BillingAddress): Promise<SavedCard>;
  updateCard(
    customerRef: string,
    cardId: string,
    update: { exp_month: number; exp_year: number; billing: BillingAddress },
  ): Promise<SavedCard>;
  /** Charges the next period of a subscription whose period ended. Idempotent by `idempotencyKey`. */
  chargeRenewal(p: {
    customerRef: string;
    subscriptionRef: string | null;
    amount: number;
    description: string;
    idempotencyKey: string;
  }): Promise<RenewalResult>;
  /** Auto charge on/off (Stripe: cancel_at_period_end = !on). No-op where the portal renews itself. */
  setAutoCharge(subscriptionRef: string | null, on: boolean): Promise<void>;
  /** Moves a recurring subscription to the other plan from its next period. */
  changePlan(subscriptionRef: string | null, interval: RecurringInterval): Promise<void>;
  /**
   * After a paid extension: the provider's next charge of a recurring subscription moves to `until` (the new
   * expiry), so the time already paid is not billed again. Only where the provider renews by itself (Stripe).
   */
  deferNextCharge?(subscriptionRef: string | null, until: Date): Promise<void>;
  /** Verifies a webhook on its raw body and turns it into a PaymentEvent; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}
