// The route table of SPEC.md §2 as data: the public pages, the pages of each role, and the redirects.
// resolveRoute() and App.tsx both read it, so what the guard allows is exactly what is mounted.
import type { Role } from '../../contract/constants';

/** Public pages a signed-in user is sent away from (to '/'). */
export const GUEST_ONLY_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/email-verify',
  '/register/confirm',
] as const;

/** Public pages anyone may open, signed in or not (the payment step, the agreement, an invitation). */
export const OPEN_PUBLIC_PATHS = ['/register/payment', '/agreement', '/accept-invite'] as const;

export const ACCOUNT_PAYMENT_PATH = '/account/payment';

/** The signed-in pages of each role. `:param` is a required segment, `:param?` an optional one. */
export const ROLE_PAGES = {
  'service-provider': [
    '/account/summary',
    '/account/extend',
    '/account/renewal',
    ACCOUNT_PAYMENT_PATH,
    '/payment-listing',
    '/invoice-listing',
    '/invoice-listing/:id',
    '/import-history',
    '/number-listing',
    '/sti-certificate/certificate',
    '/sti-certificate/private-key',
  ],
  reseller: ['/reseller/sp', '/reseller/sp-invite', '/reseller/payment-listing'],
  admin: [
    '/admin/resellers',
    '/admin/service-provider',
    '/admin/service-provider-details/:uuid',
    '/admin/subscription-change-log/:uuid',
    '/admin/payment/:uuid?',
    '/admin/invoice/:uuid?',
  ],
} as const satisfies Record<Role, readonly string[]>;

export type PrivatePath = (typeof ROLE_PAGES)[Role][number];

/** Section paths that lead to their first child, per role that owns them. '/' is everyone's. */
export const ROLE_REDIRECTS: Record<Role, Record<string, string>> = {
  'service-provider': { '/account': '/account/summary', '/sti-certificate': '/sti-certificate/certificate' },
  reseller: { '/reseller': '/reseller/sp' },
  admin: { '/admin': '/admin/resellers' },
};

export const ROOT_REDIRECT = '/account/summary';

/** Where admins and resellers go instead of the account summary. */
export const ROLE_SUMMARY_REDIRECT: Partial<Record<Role, string>> = { admin: '/admin', reseller: '/reseller' };

export const LOGIN_PATH = '/login';
