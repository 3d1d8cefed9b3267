// Resellers and the companies they bring in: the admin's reseller form, the reseller's invitation of a
// company, the statuses a company is shown with, the promo-code link, and the rows on the wire. Written once,
// used by the forms and by the server.
import * as yup from 'yup';
import { LIMITS } from './constants';
import { EMAIL_RE, SAFE_TEXT_RE } from './schemas';
import type { ResellerCompanyRow, ResellerInviteRow, ResellerRow } from './wire/resellers';

const unknownField = 'Unknown field: ${unknown}';

/** A promo code as the resellers table enforces it (001_accounts.sql). */
export const RESELLER_CODE_RE = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * The promo codes given now: 8 characters from an alphabet without the look-alikes 0/O, 1/I/L and U
 * (read out on a call without spelling), stored upper-case without separator and shown as two groups of four.
 * About 6.6 × 10^11 of them; the public check of a code is rate-limited.
 */
export const PROMO_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PROMO_CODE_LENGTH = 8;
const SHORT_PROMO_CODE_RE = new RegExp(`^[${PROMO_CODE_ALPHABET}]{${PROMO_CODE_LENGTH}}$`);

/**
 * A promo code as typed or linked, in its stored form: what reads as a short code once spaces and hyphens are
 * dropped and letters upper-cased (`abcd-efgh`, `ABCD EFGH`) becomes `ABCDEFGH`. Anything else is only trimmed,
 * so the longer, case-sensitive codes given before the short ones keep working as they were issued.
 */
export function normalizePromoCode(input: string): string {
  const trimmed = input.trim();
  const compact = trimmed.replace(/[\s-]+/g, '').toUpperCase();
  return SHORT_PROMO_CODE_RE.test(compact) ? compact : trimmed;
}

/** A short code shown grouped (`ABCD-EFGH`); an older code as it is. */
export function formatPromoCode(code: string): string {
  return SHORT_PROMO_CODE_RE.test(code) ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The query parameter of a sign-up link that carries a promo code. */
export const PROMO_CODE_QUERY = 'rc';

/** The sign-up link a reseller's promo code copies: `<origin>/register?rc=<url_token>`. */
export function promoCodeLink(origin: string, urlToken: string): string {
  return `${origin.replace(/\/+$/, '')}/register?${PROMO_CODE_QUERY}=${encodeURIComponent(urlToken)}`;
}

const requiredText = (label: string) =>
  yup
    .string()
    .trim()
    .required(`${label} is a required field`)
    .max(LIMITS.textMax, `${label} must be at most ${LIMITS.textMax} characters`)
    .matches(SAFE_TEXT_RE, { message: `${label} is not valid.`, excludeEmptyString: true });

/** May be left out; when sent it must not be blank (an edit that keeps a name). */
const keptText = (label: string) =>
  yup
    .string()
    .trim()
    .min(1, `${label} is a required field`)
    .max(LIMITS.textMax, `${label} must be at most ${LIMITS.textMax} characters`)
    .matches(SAFE_TEXT_RE, { message: `${label} is not valid.`, excludeEmptyString: true })
    .optional();

const optionalText = (label: string) =>
  yup
    .string()
    .trim()
    .max(LIMITS.textMax, `${label} must be at most ${LIMITS.textMax} characters`)
    .matches(SAFE_TEXT_RE, { message: `${label} is not valid.`, excludeEmptyString: true })
    .optional();

const email = yup
  .string()
  .trim()
  .required('email is a required field')
  .max(LIMITS.emailMax, `email must be at most ${LIMITS.emailMax} characters`)
  .matches(EMAIL_RE, 'email must be a valid email');

/** POST /api/admin/reseller/create: the admin's new reseller (the invitation mail follows). */
export const resellerCreateSchema = yup
  .object({
    name: requiredText('name'),
    email,
    company_name: requiredText('company name'),
  })
  .noUnknown(true, unknownField);

/** PUT /api/admin/reseller/{id}: what the admin may change; deactivating ends the reseller's sessions. */
export const resellerUpdateSchema = yup
  .object({
    name: keptText('name'),
    company_name: keptText('company name'),
    is_active: yup.boolean().optional(),
  })
  .noUnknown(true, unknownField);

/** The admin's edit form: the same rules on the two fields it changes (the record it holds has more). */
export const resellerEditFormSchema = yup.object({
  name: requiredText('name'),
  company_name: requiredText('company name'),
});

/** POST /api/reseller/service_provider/invite: a company the reseller invites by email. */
export const companyInviteSchema = yup
  .object({
    email,
    company_name: optionalText('company name'),
    first_name: optionalText('first name'),
    last_name: optionalText('last name'),
  })
  .noUnknown(true, unknownField);

export type ResellerCreateInput = yup.InferType<typeof resellerCreateSchema>;
export type ResellerUpdateInput = yup.InferType<typeof resellerUpdateSchema>;
export type CompanyInviteInput = yup.InferType<typeof companyInviteSchema>;

/**
 * A company's standing as a reseller (or the admin) sees it, derived from its account and subscriptions:
 * disabled account, email not confirmed, active subscription, past due, had one that ended, never paid.
 */
/** Rows of a reseller's screens: 7 a page, as the other listings. */
export const RESELLER_PAGE_SIZE = 7;

export const COMPANY_STATUSES = [
  'active',
  'past_due',
  'expired',
  'awaiting_payment',
  'unconfirmed',
  'disabled',
] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** An invitation a reseller sent: still open, or the company registered with it. */
export const INVITE_STATUSES = ['sent', 'registered'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Messages of the reseller areas the server answers with and the screens show. */
export const RESELLER_MESSAGES = {
  resellerNotFound: 'Reseller not found',
  companyNotFound: 'Company not found',
  companyAlreadyRegistered: 'This email already exist',
  inviteSent: 'Invitation sent',
  invitationResent: 'Invitation sent again',
  alreadyAccepted: 'This reseller has already set a password',
  resellerInactive: 'This reseller is deactivated',
} as const;

/** GET /api/admin/reseller/list and /api/admin/reseller/{id}. */
export type { ResellerRow };

/** GET /api/reseller: the signed-in reseller. */
export type ResellerProfileRow = ResellerRow;

/** POST /api/auth/reseller_token/{code}: whether the code names an active reseller, and then its company alone. */
export interface PromoCodeCheck {
  isValid: boolean;
  /** Only for a valid code: the company of the reseller the code belongs to. */
  company_name?: string;
}

/** GET /api/reseller/service_provider. */
export type { ResellerCompanyRow };

/** GET /api/reseller/service_provider/{id}: one of the reseller's companies, with its contact. */
export type { ResellerCompanyDetails } from './wire/resellers';

/** GET /api/reseller/service_provider/invite. */
export type { ResellerInviteRow };

/** GET /api/reseller/users/payment. */
export type { ResellerPaymentRow } from './wire/resellers';
