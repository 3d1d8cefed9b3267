// The admin's work on service providers: the statuses a provider is listed with, the actions'
// rules and messages, and the wire shapes of the admin's lists. Shared by the server and the web app's forms.
import * as yup from 'yup';
import { UUID_RE } from './ids';
import { SAFE_TEXT_RE } from './schemas';
import type { AdminProviderRow } from './wire/admin';

const unknownField = 'Unknown field: ${unknown}';

/**
 * What the provider list calls a provider's standing, first match wins: deactivated by an admin, email not
 * confirmed, a subscription running, an invoice past due, a subscription that ended, never paid.
 */
export const PROVIDER_STATUSES = [
  'deactivated',
  'unconfirmed',
  'active',
  'past_due',
  'expired',
  'no_subscription',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** An extension granted by an admin, in days. */
export const EXTENSION_DAYS = { min: 1, max: 366 } as const;
export const EXTENSION_REASON_MAX = 500;
/** How far ahead an admin may set a subscription's end directly (PATCH subscription_expired_on). */
export const EXPIRY_MAX_DAYS = 3650;
/** The "expiring within N days" filter of the provider list. */
export const EXPIRING_WITHIN_MAX_DAYS = 3650;

export const ADMIN_MESSAGES = {
  providerNotFound: 'Service provider not found',
  resellerNotFound: 'Reseller not found',
  alreadyConfirmed: 'This service provider has already confirmed its email',
  deactivatedNoMail: 'A deactivated service provider gets no confirmation mail',
  confirmationSent: 'The confirmation mail has been sent',
  extensionGranted: 'The extension has been granted',
  providerUpdated: 'The service provider has been updated',
  nothingToChange: 'Send is_active, reseller_id or subscription_expired_on',
  daysRange: `days must be a whole number from ${EXTENSION_DAYS.min} to ${EXTENSION_DAYS.max}`,
  daysRequired: 'days is a required field',
  reasonRequired: 'reason is a required field',
  reasonMax: `reason must be at most ${EXTENSION_REASON_MAX} characters`,
  reasonInvalid: 'reason is not valid.',
  invoiceNotFound: 'Invoice not found',
  expiryInvalid: 'subscription_expired_on must be a date (YYYY-MM-DD or an ISO timestamp)',
  expiryRange: `subscription_expired_on must be in the future and at most ${EXPIRY_MAX_DAYS} days ahead`,
} as const;

/** `2027-01-31` or an ISO timestamp that names a real moment. */
export function isDateText(v: string): boolean {
  return (
    v.length <= 40 &&
    /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
    !Number.isNaN(Date.parse(v))
  );
}

/** POST /api/admin/service_provider/{id}/extension. */
export const extensionSchema = yup
  .object({
    days: yup
      .number()
      .strict()
      .typeError(ADMIN_MESSAGES.daysRange)
      .required(ADMIN_MESSAGES.daysRequired)
      .integer(ADMIN_MESSAGES.daysRange)
      .min(EXTENSION_DAYS.min, ADMIN_MESSAGES.daysRange)
      .max(EXTENSION_DAYS.max, ADMIN_MESSAGES.daysRange),
    reason: yup
      .string()
      .trim()
      .required(ADMIN_MESSAGES.reasonRequired)
      .max(EXTENSION_REASON_MAX, ADMIN_MESSAGES.reasonMax)
      .matches(SAFE_TEXT_RE, { message: ADMIN_MESSAGES.reasonInvalid, excludeEmptyString: true }),
  })
  .noUnknown(true, unknownField);
export type ExtensionInput = yup.InferType<typeof extensionSchema>;

/** PATCH /api/admin/service_provider/{id}: activate or deactivate, assign (an id) or remove (null) a reseller. */
export const providerPatchSchema = yup
  .object({
    is_active: yup.boolean().strict().typeError('is_active must be true or false').optional(),
    reseller_id: yup.string().nullable().defined().optional().matches(UUID_RE, {
      message: ADMIN_MESSAGES.resellerNotFound,
      excludeEmptyString: false,
    }),
    subscription_expired_on: yup
      .string()
      .optional()
      .test('date', ADMIN_MESSAGES.expiryInvalid, (v) => v === undefined || isDateText(v)),
  })
  .noUnknown(true, unknownField)
  .test('something', ADMIN_MESSAGES.nothingToChange, (v) =>
    Boolean(
      v &&
      (v.is_active !== undefined || v.reseller_id !== undefined || v.subscription_expired_on !== undefined),
    ),
  );
export type ProviderPatch = yup.InferType<typeof providerPatchSchema>;

/** A provider in the admin's list. */
export type { AdminProviderRow };

/** The details page: the row, the profile, the subscription and the counts. */
export type { AdminProviderDetails } from './wire/admin';

/** One line of a provider's change log. */
export type { ChangeLogRow } from './wire/admin';

/** One line of the CA's audit log. */
export type { AuditLogRow } from './wire/admin';

/** The actions the audit log records (migrations 004, 006, 024, 031; the filter's choices). */
export const AUDIT_ACTIONS = [
  'key.created',
  'key.imported',
  'key.downloaded',
  'key.deleted',
  'certificate.issued',
  'certificate.renewed',
  'certificate.revoked',
  'certificate.revocation_scheduled',
  'acme_credential.created',
  'acme_credential.revoked',
  'numbers.removed',
] as const;

/** The kinds of certificate the list of delegate CAs and certificates shows: STI-SCAs and the delegates they signed. */
export const DELEGATE_LIST_KINDS = ['sti_sca', 'delegate'] as const;
export type DelegateListKind = (typeof DELEGATE_LIST_KINDS)[number];

/** A row of the admin's (and a reseller's) delegate CAs and certificates. */
export type { AdminDelegateRow } from './wire/admin';

/** Rows a page of the admin's lists shows first: 7, as every list of the portal (25, 50 and 100 to choose). */
export const ADMIN_PAGE_SIZE = 7;
/** Rows a page of a provider's keys, certificates and imports shows on its details page. */
export const DETAILS_PAGE_SIZE = 5;
