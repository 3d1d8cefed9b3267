// What the admin routes answer. Response schemas are allow-lists: only these fields leave the server (never a
// password hash, a key or a token).
import { arrayOf, bool, nullableStr, num, object, str } from '../http/responses';
import { AdminInvoiceRow, AdminProviderRow, AuditLogRow, ChangeLogRow } from '../../../contract/wire/admin';
import { Type } from '../../../contract/wire/kit';

/** A provider's row: its one shape, contract/wire/admin.ts. */
const providerFields = AdminProviderRow.properties;

export const providerListResponse = Type.Array(AdminProviderRow);

export const providerDetailsResponse = object({
  ...providerFields,
  phone_number: str,
  title: str,
  address: str,
  address2: nullableStr,
  city: str,
  state: str,
  zipcode: str,
  country: str,
  filer_id: nullableStr,
  frn_number: nullableStr,
  subscription: {
    type: ['object', 'null'],
    properties: {
      status: str,
      recurring_interval: str,
      current_period_start: nullableStr,
      current_period_end: nullableStr,
      auto_charge: bool,
    },
  },
  counts: object({ keys: num, certificates: num, numbers: num, imports: num, payments: num, invoices: num }),
});

export const extensionResponse = object({ message: str, subscription_expired_on: str });

export const resellerOptionsResponse = arrayOf(object({ id: str, name: str, is_active: bool }));

export const changeLogResponse = Type.Array(ChangeLogRow);

export const adminPaymentsResponse = arrayOf(
  object({
    id: str,
    service_provider_uuid: str,
    company_name: str,
    ocn: str,
    amount: num,
    transaction_id: str,
    created_on: str,
    for: str,
  }),
);

/** The admin's invoices; a reseller's rows lack invoice_path (ResellerInvoiceRow). */
export const adminInvoicesResponse = Type.Array(AdminInvoiceRow);

/** The audit log's page: its rows' one shape, contract/wire/admin.ts. */
export const auditLogResponse = Type.Array(AuditLogRow);

export const providerCertificatesResponse = arrayOf(
  object({
    id: str,
    serial_number: str,
    private_key_id: str,
    status: str,
    not_before: str,
    not_after: str,
    created_on: str,
    revoked_on: nullableStr,
    revocation_reason: nullableStr,
  }),
);

export const providerKeysResponse = arrayOf(object({ id: str, priv_key_uuid: str, created_on: str }));

export const providerImportsResponse = arrayOf(
  object({
    id: str,
    imported_on: str,
    filename: str,
    status: str,
    count: num,
    success_count: num,
    fail_count: num,
    completed_on: nullableStr,
    reason: nullableStr,
  }),
);

export const providerNumbersResponse = arrayOf(
  object({
    id: str,
    tn: str,
    created_on: str,
    assigned_on: nullableStr,
    voip_user: nullableStr,
    organization: nullableStr,
  }),
);
