// The provider's billing wire shapes (docs/wire.md): each the schema its route answers with and the type it reads.
import { Timestamp, Type, type Static } from './kit';

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
