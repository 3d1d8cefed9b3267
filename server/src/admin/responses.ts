// What the admin routes answer: each a shape of contract/wire/admin.ts. Response schemas are allow-lists: only
// these fields leave the server (never a password hash, a key or a token).
import {
  AdminDelegateRow,
  AdminInvoiceRow,
  AdminPaymentRow,
  AdminProviderDetails,
  AdminProviderRow,
  AuditLogRow,
  ChangeLogRow,
  ExtensionGranted,
  ProviderCertificateRow,
  ProviderImportRow,
  ProviderKeyRow,
  ProviderNumberRow,
  ResellerOption,
} from '../../../contract/wire/admin';
import { Type } from '../../../contract/wire/kit';

export const providerListResponse = Type.Array(AdminProviderRow);

export const providerDetailsResponse = AdminProviderDetails;

export const extensionResponse = ExtensionGranted;

export const resellerOptionsResponse = Type.Array(ResellerOption);

export const changeLogResponse = Type.Array(ChangeLogRow);

export const adminPaymentsResponse = Type.Array(AdminPaymentRow);

/** The admin's invoices; a reseller's rows lack invoice_path (ResellerInvoiceRow). */
export const adminInvoicesResponse = Type.Array(AdminInvoiceRow);

export const auditLogResponse = Type.Array(AuditLogRow);

export const providerCertificatesResponse = Type.Array(ProviderCertificateRow);

export const providerKeysResponse = Type.Array(ProviderKeyRow);

export const providerImportsResponse = Type.Array(ProviderImportRow);

export const providerNumbersResponse = Type.Array(ProviderNumberRow);

/** STI-SCAs and delegate certificates with their providers: the admin's and a reseller's lists. */
export const delegatesResponse = Type.Array(AdminDelegateRow);
