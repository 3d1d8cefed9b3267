// The notices a page shows when the user lands on it after leaving the portal or finishing a step elsewhere:
// a confirmed email address, a changed password, a payment made or abandoned at the payments provider. The
// server writes them into the return addresses it gives the payments provider, the web app reads them, so
// both use these names. They travel as one query key, `?notice=`, and say nothing secret.
export const NOTICE_PARAM = 'notice';

export const LANDING_NOTICES = [
  'email_confirmed',
  'email_already_confirmed',
  'password_changed',
  'password_set',
  'subscription_paid',
  'extension_paid',
  'past_due_paid',
  'payment_cancelled',
] as const;

export type LandingNotice = (typeof LANDING_NOTICES)[number];

export function isLandingNotice(value: unknown): value is LandingNotice {
  return typeof value === 'string' && (LANDING_NOTICES as readonly string[]).includes(value);
}

/** `path` (which may already carry a query) with the notice added. */
export function withNotice(path: string, notice: LandingNotice): string {
  return `${path}${path.includes('?') ? '&' : '?'}${NOTICE_PARAM}=${notice}`;
}
