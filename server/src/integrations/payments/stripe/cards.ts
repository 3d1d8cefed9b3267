// Saved cards as Stripe payment methods. No card number or CVC ever reaches this code: cards arrive as
// payment-method ids made by Stripe Elements.
import Stripe from 'stripe';
import {
  PaymentDeclined,
  type BillingAddress,
  type NewCard,
  type PaymentGateway,
  type SavedCard,
} from '../gateway';
import { idOf } from './client';

const RAW_CARD_MESSAGE = 'Card details must be entered in the secure card form';

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

export async function listCards(stripe: Stripe, customerRef: string): Promise<SavedCard[]> {
  const list = await stripe.customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 });
  return list.data.filter((pm) => pm.card).map(toSavedCard);
}

/** A card of the customer other than `pm` with the same number (fingerprint) and expiry, if any. */
async function sameCardSaved(
  stripe: Stripe,
  customerRef: string,
  pm: Stripe.PaymentMethod,
): Promise<Stripe.PaymentMethod | undefined> {
  const card = pm.card;
  if (!card?.fingerprint) return undefined;
  const saved = await stripe.customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 });
  return saved.data.find(
    (other) =>
      other.id !== pm.id &&
      other.card?.fingerprint === card.fingerprint &&
      other.card?.exp_month === card.exp_month &&
      other.card?.exp_year === card.exp_year,
  );
}

/** The card renewals charge: the customer's default, and every live subscription's own default. */
async function makeCurrentCard(stripe: Stripe, customerRef: string, cardId: string): Promise<void> {
  await stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: cardId } });
  // Checkout sets the subscription's own default card, which wins over the customer's: move it too.
  const subs = await stripe.subscriptions.list({ customer: customerRef, status: 'all', limit: 100 });
  for (const sub of subs.data) {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
    if (idOf(sub.default_payment_method) === cardId) continue;
    await stripe.subscriptions.update(sub.id, { default_payment_method: cardId });
  }
}

/**
 * The card a Checkout Session was paid with (its PaymentIntent's payment method, set up for off-session use, or
 * the subscription's) becomes the customer's saved, current card.
 */
export async function saveCheckoutCard(
  stripe: Stripe,
  customerRef: string,
  sessionRef: string,
): Promise<void> {
  const session = await stripe.checkout.sessions.retrieve(sessionRef, {
    expand: ['payment_intent', 'subscription'],
  });
  const intent = session.payment_intent as Stripe.PaymentIntent | string | null;
  const sub = session.subscription as Stripe.Subscription | string | null;
  const pmId =
    (intent && typeof intent === 'object' ? idOf(intent.payment_method) : undefined) ??
    (sub && typeof sub === 'object' ? idOf(sub.default_payment_method) : undefined);
  if (!pmId) return;
  const pm = await stripe.paymentMethods.retrieve(pmId);
  if (idOf(pm.customer) !== customerRef) await stripe.paymentMethods.attach(pmId, { customer: customerRef });
  await makeCurrentCard(stripe, customerRef, pmId);
}

export async function addCard(
  stripe: Stripe,
  customerRef: string,
  card: NewCard,
  billing: BillingAddress,
): Promise<SavedCard> {
  if (card.kind !== 'payment_method') throw new PaymentDeclined(RAW_CARD_MESSAGE);
  const pmId = card.paymentMethodId;
  if (!/^pm_[A-Za-z0-9_]+$/.test(pmId)) throw new PaymentDeclined(RAW_CARD_MESSAGE);
  try {
    // The same card (Stripe's fingerprint of its number, and its expiry) already saved is used, not saved twice.
    const same = await sameCardSaved(stripe, customerRef, await stripe.paymentMethods.retrieve(pmId));
    const cardId = same?.id ?? pmId;
    if (!same) await stripe.paymentMethods.attach(pmId, { customer: customerRef });
    const pm = await stripe.paymentMethods.update(cardId, {
      billing_details: { address: address(billing) },
    });
    await makeCurrentCard(stripe, customerRef, cardId);
    return toSavedCard(pm);
  } catch (err) {
    return declined(err);
  }
}

export async function updateCard(
  stripe: Stripe,
  customerRef: string,
  cardId: string,
  update: Parameters<PaymentGateway['updateCard']>[2],
): Promise<SavedCard> {
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
}
