// The admin's wire shapes (docs/wire.md): each one the schema its route answers with and the type the web reads.
import { PROVIDER_STATUSES, type ProviderStatus } from '../admin';
import { InvoiceRow } from './billing';
import { NullableString, Timestamp, Type, type Static } from './kit';

/** A row of the CA audit log (GET /api/admin/audit_log), newest first. */
export const AuditLogRow = Type.Object({
  id: Type.String(),
  occurred_on: Timestamp(),
  action: Type.String(),
  actor_email: NullableString(),
  actor_ip: NullableString(),
  service_provider_uuid: NullableString({ format: 'uuid' }),
  company_name: NullableString(),
  subject: Type.String(),
  detail: NullableString(),
});
export type AuditLogRow = Static<typeof AuditLogRow>;

/** A line of the subscription change log: one provider's, or every provider's (GET /api/admin/subscription_change_log). */
export const ChangeLogRow = Type.Object({
  id: Type.String(),
  service_provider_uuid: Type.String({ format: 'uuid' }),
  company_name: Type.String(),
  created_on: Timestamp(),
  /** The admin's email, or who else made the change ('system'). */
  actor: Type.String(),
  change: Type.String(),
  from: NullableString(),
  to: NullableString(),
  reason: NullableString(),
});
export type ChangeLogRow = Static<typeof ChangeLogRow>;

/**
 * An invoice with its company, as the admin's invoices list answers it (GET /api/payment/invoices_list): the
 * provider's invoice row (its invoice_path the admin's PDF route) and whose it is.
 */
export const AdminInvoiceRow = Type.Composite([
  InvoiceRow,
  Type.Object({
    service_provider_uuid: Type.String({ format: 'uuid' }),
    company_name: Type.String(),
    ocn: Type.String(),
  }),
]);
export type AdminInvoiceRow = Static<typeof AdminInvoiceRow>;

/** The same invoice on a reseller's list: no PDF path, as no reseller route serves the file. */
export const ResellerInvoiceRow = Type.Omit(AdminInvoiceRow, ['invoice_path']);
export type ResellerInvoiceRow = Static<typeof ResellerInvoiceRow>;

/** A provider as the admin's list shows it (GET /api/admin/service_provider); its details page adds to it. */
export const AdminProviderRow = Type.Object({
  id: Type.String(),
  company_name: Type.String(),
  ocn: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  status: Type.Unsafe<ProviderStatus>({ type: 'string', enum: [...PROVIDER_STATUSES] }),
  is_active: Type.Boolean(),
  is_confirmed: Type.Boolean(),
  reseller_id: NullableString({ format: 'uuid' }),
  reseller_name: NullableString(),
  subscription_expired_on: NullableString({ format: 'date-time' }),
  created_on: Timestamp(),
});
export type AdminProviderRow = Static<typeof AdminProviderRow>;
