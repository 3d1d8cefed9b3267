// What the payment routes answer: each a shape of contract/wire/billing.ts. Response schemas are allow-lists: only
// these fields leave the server.
import { fileResponse, messageResponse } from '../http/responses';
import {
  AutoChargeSet,
  CheckoutUrl,
  InvoiceRow,
  PaymentRow,
  SavedCards,
  SubscriptionCheckout,
  SubscriptionView,
  WebhookAck,
} from '../../../contract/wire/billing';
import { Type } from '../../../contract/wire/kit';

export const checkoutUrlResponse = CheckoutUrl;

export const subscriptionCheckoutResponse = SubscriptionCheckout;

export const webhookResponse = WebhookAck;

export const subscriptionResponse = SubscriptionView;

export const autoChargeResponse = AutoChargeSet;

export const cardsResponse = SavedCards;

export const paymentsResponse = Type.Array(PaymentRow);

export const invoiceResponse = InvoiceRow;

export const invoicesResponse = Type.Array(InvoiceRow);

export const invoicePdfResponse = fileResponse('application/pdf');

export { messageResponse };
