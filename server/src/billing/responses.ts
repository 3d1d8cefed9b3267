// What the payment routes answer. Response schemas are allow-lists: only these fields leave the server.
import {
  arrayOf,
  bool,
  fileResponse,
  messageResponse,
  nullableStr,
  num,
  object,
  str,
} from '../http/responses';
import { InvoiceRow } from '../../../contract/wire/billing';
import { Type } from '../../../contract/wire/kit';

export const checkoutUrlResponse = object({ url: str });

export const subscriptionCheckoutResponse = object({ data: checkoutUrlResponse });

export const webhookResponse = object({ received: bool, duplicate: bool });

export const subscriptionResponse = object({
  plan: object({ interval: str, interval_count: num }),
  status: str,
  current_period_end: nullableStr,
  auto_charge: bool,
  prices: object({ month: num, year: num }),
});

export const autoChargeResponse = object({ message: str, auto_charge: bool });

const savedCard = object({
  id: str,
  created: num,
  card: object({ brand: str, last4: str, exp_month: num, exp_year: num }),
  billing_details: object({ address: object({ line1: str, state: str, city: str, postal_code: str }) }),
});

export const cardsResponse = object({ data: arrayOf(savedCard) });

const payment = object({ id: str, amount: num, transaction_id: str, created_on: str, for: str });

export const paymentsResponse = arrayOf(payment);

/** An invoice: its one shape, contract/wire/billing.ts. */
export const invoiceResponse = InvoiceRow;

export const invoicesResponse = Type.Array(InvoiceRow);

export const invoicePdfResponse = fileResponse('application/pdf');

export { messageResponse };
