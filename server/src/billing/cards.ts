// Saved cards: kept by the payments provider only. The number and CVC pass through to it and are never stored
// or logged here.
import {
  type AddCardPayload,
  type AddCardStripePayload,
  type UpdateCardPayload,
} from '../../../contract/cards';
import { HttpError, notFound } from '../http/errors';
import { PaymentDeclined, type SavedCard } from '../integrations/payments/gateway';
import { customerRefOf, providerOr404 } from './customers';
import { providerIdOf, type Actor, type BillingDeps } from './deps';
import { BILLING_MESSAGES } from './plans';
import type * as store from './store';

/** The provider's cards, newest (the current one) first. */
export async function cardsOf(deps: BillingDeps, provider: store.ProviderRow): Promise<SavedCard[]> {
  if (!provider.payment_customer_ref) return [];
  const cards = await deps.payments.listCards(provider.payment_customer_ref);
  return [...cards].sort((a, b) => b.created - a.created);
}

export async function listCards(deps: BillingDeps, user: Actor) {
  return { data: await cardsOf(deps, await providerOr404(deps, providerIdOf(user))) };
}

/** The raw card (sandbox) or the payment method Stripe Elements made (Stripe); routes.ts picks the shape. */
export async function addCard(deps: BillingDeps, user: Actor, input: AddCardPayload | AddCardStripePayload) {
  const provider = await providerOr404(deps, providerIdOf(user));
  const customerRef = await customerRefOf(deps, provider);
  const byPaymentMethod = 'payment_method_id' in input;
  try {
    await deps.payments.addCard(
      customerRef,
      byPaymentMethod
        ? { kind: 'payment_method', paymentMethodId: input.payment_method_id }
        : {
            kind: 'raw',
            number: input.number,
            cvc: input.cvc,
            exp_month: input.exp_month,
            exp_year: input.exp_year,
          },
      { line1: input.billing_address, state: input.state, city: input.city, postal_code: input.zip_code },
    );
  } catch (e) {
    if (e instanceof PaymentDeclined)
      throw new HttpError(402, e.message, {
        errors: { [byPaymentMethod ? 'payment_method_id' : 'number']: e.message },
      });
    throw e;
  }
  return { message: BILLING_MESSAGES.cardAdded };
}

/** Expiry and billing address of one of the provider's own cards. */
export async function updateCard(deps: BillingDeps, user: Actor, cardId: string, input: UpdateCardPayload) {
  const provider = await providerOr404(deps, providerIdOf(user));
  const cards = await cardsOf(deps, provider);
  if (!provider.payment_customer_ref || !cards.some((c) => c.id === cardId))
    throw notFound(BILLING_MESSAGES.cardNotFound);
  await deps.payments.updateCard(provider.payment_customer_ref, cardId, {
    exp_month: input.exp_month,
    exp_year: input.exp_year,
    billing: {
      line1: input.billing_address,
      state: input.state,
      city: input.city,
      postal_code: input.zip_code,
    },
  });
  return { message: BILLING_MESSAGES.cardUpdated };
}
