// The admin's wire shapes (docs/wire.md): each one the schema its route answers with and the type the web reads.
import { DELEGATE_LIST_KINDS, PROVIDER_STATUSES, type DelegateListKind, type ProviderStatus } from '../admin';
import { CERTIFICATE_STATES, type CertificateStateName } from '../certificates';
import { InvoiceRow } from './billing';
import { NullableString, Timestamp, Type, type Static } from './kit';
import { Uuid } from './params';

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

/** A subscription as the details page shows it; null for a provider that never had one. */
const DetailsSubscription = Type.Object({
  status: Type.String(),
  recurring_interval: Type.String(),
  current_period_start: NullableString(),
  current_period_end: NullableString(),
  auto_charge: Type.Boolean(),
});

/**
 * One provider with its profile, subscription and counts (GET and PATCH /api/admin/service_provider/{id}): the
 * list's row and what the details page adds.
 */
export const AdminProviderDetails = Type.Composite([
  AdminProviderRow,
  Type.Object({
    phone_number: Type.String(),
    title: Type.String(),
    address: Type.String(),
    address2: NullableString(),
    city: Type.String(),
    state: Type.String(),
    zipcode: Type.String(),
    country: Type.String(),
    filer_id: NullableString(),
    frn_number: NullableString(),
    // an object or null as a list of types (not an `anyOf` union), as NullableString writes text or null
    subscription: Type.Unsafe<Static<typeof DetailsSubscription> | null>({
      ...DetailsSubscription,
      type: ['object', 'null'],
    }),
    counts: Type.Object({
      keys: Type.Number(),
      certificates: Type.Number(),
      numbers: Type.Number(),
      imports: Type.Number(),
      payments: Type.Number(),
      invoices: Type.Number(),
    }),
  }),
]);
export type AdminProviderDetails = Static<typeof AdminProviderDetails>;

/** An extension granted (POST /api/admin/service_provider/{id}/extension): the sentence and the new end. */
export const ExtensionGranted = Type.Object({
  message: Type.String(),
  subscription_expired_on: Type.String(),
});
export type ExtensionGranted = Static<typeof ExtensionGranted>;

/** A reseller of the assignment dropdown (GET /api/admin/reseller_options). */
export const ResellerOption = Type.Object({
  id: Type.String(),
  name: Type.String(),
  is_active: Type.Boolean(),
});
export type ResellerOption = Static<typeof ResellerOption>;

/** A payment with its company (GET /api/admin/payment); `for` says what it paid (docs/billing.md). */
export const AdminPaymentRow = Type.Object({
  id: Type.String(),
  service_provider_uuid: Type.String(),
  company_name: Type.String(),
  ocn: Type.String(),
  amount: Type.Number(),
  transaction_id: Type.String(),
  created_on: Type.String(),
  for: Type.String(),
});
export type AdminPaymentRow = Static<typeof AdminPaymentRow>;

/** One of a provider's certificates (GET /api/admin/service_provider/{id}/certificates). */
export const ProviderCertificateRow = Type.Object({
  id: Type.String(),
  serial_number: Type.String(),
  private_key_id: Type.String(),
  status: Type.String(),
  not_before: Type.String(),
  not_after: Type.String(),
  created_on: Type.String(),
  revoked_on: NullableString(),
  revocation_reason: NullableString(),
});
export type ProviderCertificateRow = Static<typeof ProviderCertificateRow>;

/** One of a provider's private keys, never the key itself (GET /api/admin/service_provider/{id}/private_keys). */
export const ProviderKeyRow = Type.Object({
  id: Type.String(),
  priv_key_uuid: Type.String(),
  created_on: Type.String(),
});
export type ProviderKeyRow = Static<typeof ProviderKeyRow>;

/** One of a provider's number imports (GET /api/admin/service_provider/{id}/tn/import-history). */
export const ProviderImportRow = Type.Object({
  id: Type.String(),
  imported_on: Type.String(),
  filename: Type.String(),
  status: Type.String(),
  count: Type.Number(),
  success_count: Type.Number(),
  fail_count: Type.Number(),
  completed_on: NullableString(),
  reason: NullableString(),
});
export type ProviderImportRow = Static<typeof ProviderImportRow>;

/** One of a provider's numbers (GET /api/admin/service_provider/{id}/tn/assigned). */
export const ProviderNumberRow = Type.Object({
  id: Type.String(),
  tn: Type.String(),
  created_on: Type.String(),
  assigned_on: NullableString(),
  voip_user: NullableString(),
  organization: NullableString(),
});
export type ProviderNumberRow = Static<typeof ProviderNumberRow>;

/** The certificate of a provider's revocation route (`/api/admin/service_provider/{id}/certificates/{serial}/…`). */
export const ProviderSerialParams = Type.Object({
  id: Uuid(),
  serial: Type.String(),
});
export type ProviderSerialParams = Static<typeof ProviderSerialParams>;

/**
 * An STI-SCA or a delegate certificate of any provider (GET /api/admin/delegate_certificates; a reseller's
 * providers' on GET /api/reseller/delegate_certificates), with its provider and, for a delegate, its customer.
 */
export const AdminDelegateRow = Type.Object({
  id: Type.String({ format: 'uuid' }),
  service_provider_uuid: Type.String({ format: 'uuid' }),
  company_name: Type.String(),
  ocn: Type.String(),
  kind: Type.Unsafe<DelegateListKind>({ type: 'string', enum: [...DELEGATE_LIST_KINDS] }),
  /** A delegate's customer and how many numbers it covers; null for an STI-SCA. */
  customer_name: NullableString(),
  number_count: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
  /** The serial of the STI-SCA that signed a delegate; null for an STI-SCA. */
  sti_sca_serial: NullableString(),
  serial_number: Type.String(),
  /** Its one state, as the certificates list draws it (certificateState, contract/certificates.ts). */
  status: Type.Unsafe<CertificateStateName>({ type: 'string', enum: [...CERTIFICATE_STATES] }),
  /** The serial of a valid certificate that renewed this one, else null. */
  replaced_by: NullableString(),
  not_after: Timestamp(),
  created_on: Timestamp(),
  revoked_on: NullableString({ format: 'date-time' }),
  revocation_reason: NullableString(),
});
export type AdminDelegateRow = Static<typeof AdminDelegateRow>;
