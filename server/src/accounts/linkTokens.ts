// The secrets of emailed links: 32 random bytes, base64url in the link, only their sha256 in the database.
import { createHash, randomBytes } from 'node:crypto';

export type LinkPurpose = 'email_confirmation' | 'password_reset' | 'invitation';

/** How long each kind of link works. */
export const LINK_TTL_HOURS: Record<LinkPurpose, number> = {
  email_confirmation: 72,
  password_reset: 1,
  invitation: 7 * 24,
};

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Anything that cannot be one of our tokens is refused before the database is asked. */
export function isWellFormedLinkToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_RE.test(token);
}

export function linkExpiry(purpose: LinkPurpose, now: Date): Date {
  return new Date(now.getTime() + LINK_TTL_HOURS[purpose] * 3600_000);
}
