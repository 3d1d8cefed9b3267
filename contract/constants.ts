// Business constants (docs/screens.md, Sizes and timings), shared by the web app and the server.

/** The product's one name: the header, the browser tab, every mail, the invoice PDF and the API document. */
export const PRODUCT_NAME = 'SHAKEN CA Portal';

export const ROLES = ['admin', 'reseller', 'service-provider'] as const;
export type Role = (typeof ROLES)[number];

/** Anything that is not admin or reseller is treated as a service provider. */
export function roleOf(type: unknown): Role {
  return type === 'admin' || type === 'reseller' ? type : 'service-provider';
}

export const PRICES = {
  month: 100,
  year: 500,
  /** $500 / 12, as the Extend modal shows it. */
  yearPerMonth: 41.67,
  extend: 100,
} as const;

export const RECURRING_INTERVALS = ['month', 'year'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
export const DEFAULT_RECURRING_INTERVAL: RecurringInterval = 'year';
export const RECURRING_INTERVAL_COUNT = 1;
/** A yearly subscription is a 12-month billing cycle. */
export const MONTHS_PER_INTERVAL: Record<RecurringInterval, number> = { month: 1, year: 12 };

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const LIMITS = {
  passwordMin: 5,
  passwordMax: 128,
  ocnLength: 4,
  zipcodeMax: 6,
  phoneMax: 15,
  textMax: 100,
  emailMax: 254,
  /** sign_file: the PNG of the drawn signature. */
  signatureMaxBytes: 1024 * 1024,
} as const;

export const DELAYS = {
  /** Redirect after the not-active and no-active-subscription login outcomes. */
  loginRedirectMs: 2000,
  dropdownCloseMs: 200,
  datePickerCloseMs: 150,
} as const;

export const SIGNATURE_CANVAS_HEIGHT = 145;

export const PAGE_SIZES = {
  payments: 7,
  invoices: 7,
  imports: 7,
  numbers: 7,
  privateKeys: 10,
  /** The certificates of one key, a page (more on request, as on the other provider lists). */
  certificates: 7,
  /** A provider holds at most 20 live ACME credentials (the server's limit), and those it revoked. */
  acmeCredentials: 10,
  /** A provider's STI-SCAs: one current at a time, and those it renewed or revoked. */
  stiScas: 10,
  /** The certificate page loads up to this many keys for its dropdown. */
  certificateKeys: 9999,
} as const;

export const TOASTS = {
  serviceProvider: { timeoutMs: 5000, max: 20, position: 'top-right' as const },
  certificates: { timeoutMs: 3000, position: 'top-center' as const },
} as const;

export const DEFAULT_KEY_FILE_NAME = 'stir_private_key.pem';

export const LAYOUT_BREAKPOINTS = [600, 1080, 1200] as const;
export const TABLE_BREAKPOINT = 960;
export const CSV = { separator: ',', defaultFilename: 'download' } as const;

/** Figures of the subscriber agreement (docs/screens.md, Sizes and timings). */
export const AGREEMENT = {
  version: '2026-11-01',
  revocationHours: 24,
  compromiseResponseHours: 48,
  breachCureDays: 30,
  refundCancelDays: 7,
  acceptanceDays: 7,
  liabilityCapPerCertificate: 1000,
  keyPlatform: 'FIPS 140-2 Level 2',
} as const;

export const COUNTRIES = ['US'] as const;
export const DEFAULT_COUNTRY = 'US';
export const US_STATES = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
] as const;

/** The login outcomes (docs/screens.md, Sign in): exact texts of the server, which the login page keys on. */
export const LOGIN_MESSAGES = {
  wrongPassword: 'Wrong password',
  notFound: 'Service provider not found',
  notConfirmed: 'Service provider is not confirmed',
  notActive: 'Service provider is not active',
  pastDue: 'Subscription is past due',
  pastDueNewInvoice: 'Service provider has past due subscription and should pay new invoice',
  noActiveSubscription: "Service provider doesn't have active subscriptions",
} as const;

/** Other texts the server answers with and the UI shows as they are. */
export const MESSAGES = {
  ocnTaken: 'This OCN already exist',
  emailTaken: 'This email already exist',
  checkEmail: 'Check your Email!',
  inputCorrectEmail: 'Input correct email',
  invalidToken: 'This link is invalid or has expired',
  accountDisabled: 'This account is disabled',
  signatureRequired: 'Signature is a required field',
  signatureNotPng: 'Signature must be a PNG image',
  signatureTooLarge: 'Signature must be at most 1 MB',
  resellerCodeInvalid: 'Reseller code is not valid',
  emailConfirmed: 'Your email address is confirmed. You can sign in now.',
  emailAlreadyConfirmed: 'Your email address is already confirmed. Sign in to continue.',
  linkUsable: 'This link can be used',
  passwordChanged: 'Your password has been changed. You can sign in now.',
  passwordSet: 'Your password has been set. You can sign in now.',
  passwordUpdated: 'Your password has been changed. Your other sessions have been signed out.',
} as const;
