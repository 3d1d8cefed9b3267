// The provider's billing wire shapes (docs/wire.md): each the schema its route answers with and the type it reads.
import { NullableString, Timestamp, Type, type Static } from './kit';

/** One of the provider's invoices (GET /api/service_provider/invoices and /invoices/{id}). */
export const InvoiceRow = Type.Object({
  id: Type.String(),
  invoice_number: Type.Number(),
  /** Dollars. */
  amount: Type.Number(),
  status: Type.String(),
  created_on: Timestamp(),
  start_billing_cycle: Timestamp(),
  end_billing_cycle: Timestamp(),
  billing_cycle_months: Type.Number(),
  /** The PDF's path. */
  invoice_path: Type.String(),
});
export type InvoiceRow = Static<typeof InvoiceRow>;

/** A payment page to open (the checkouts, the extension): its address. */
export const CheckoutUrl = Type.Object({ url: Type.String() });
export type CheckoutUrl = Static<typeof CheckoutUrl>;

/** A new subscription's payment page (POST /api/payment/subscription). */
export const SubscriptionCheckout = Type.Object({ data: CheckoutUrl });
export type SubscriptionCheckout = Static<typeof SubscriptionCheckout>;

/** What the webhook answers the payments provider: received, and whether the event was seen before. */
export const WebhookAck = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });
export type WebhookAck = Static<typeof WebhookAck>;

/** The provider's subscription (GET /api/payment/subscription), with what one period of each plan costs. */
export const SubscriptionView = Type.Object({
  plan: Type.Object({ interval: Type.String(), interval_count: Type.Number() }),
  status: Type.String(),
  current_period_end: NullableString(),
  auto_charge: Type.Boolean(),
  prices: Type.Object({ month: Type.Number(), year: Type.Number() }),
});
export type SubscriptionView = Static<typeof SubscriptionView>;

/** Auto charge set (POST /api/payment/set_auto_charge): the sentence and the setting. */
export const AutoChargeSet = Type.Object({ message: Type.String(), auto_charge: Type.Boolean() });
export type AutoChargeSet = Static<typeof AutoChargeSet>;

/** A saved card as the payments provider describes it: never a full number or a CVC. */
export const SavedCardRow = Type.Object({
  id: Type.String(),
  /** Unix seconds; the card with the largest value is the current card. */
  created: Type.Number(),
  card: Type.Object({
    brand: Type.String(),
    last4: Type.String(),
    exp_month: Type.Number(),
    exp_year: Type.Number(),
  }),
  billing_details: Type.Object({
    address: Type.Object({
      line1: Type.String(),
      state: Type.String(),
      city: Type.String(),
      postal_code: Type.String(),
    }),
  }),
});
export type SavedCardRow = Static<typeof SavedCardRow>;

/** The provider's saved cards (GET /api/payment/payment_card), newest first. */
export const SavedCards = Type.Object({ data: Type.Array(SavedCardRow) });
export type SavedCards = Static<typeof SavedCards>;

/** One of the provider's payments (GET /api/service_provider/payments); `for` says what it paid. */
export const PaymentRow = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  transaction_id: Type.String(),
  created_on: Type.String(),
  for: Type.String(),
});
export type PaymentRow = Static<typeof PaymentRow>;

/**
 * A saved card's id in the path (PATCH /api/payment/payment_card/{id}): the payments provider's own id (`pm_…`,
 * `card_sb_…`): letters, digits, `_` and `-`. Anything else, like an id that names none of the provider's cards,
 * answers "Card not found".
 */
export const CardParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]+$', description: "the payments provider's card id" }),
});
export type CardParams = Static<typeof CardParams>;

/**
 * The past-due payment page's query (GET /api/payment/old_subscription_invoice). Loose on purpose: the yup rule
 * (billing's pastDueQuerySchema) says what is wrong with a value, with its own message.
 */
export const PastDueQuerystring = Type.Object({ service_provider_uuid: Type.Optional(Type.String()) });
export type PastDueQuerystring = Static<typeof PastDueQuerystring>;
