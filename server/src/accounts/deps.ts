// What the accounts module is built from, and the mail and link helpers its parts share.
import type { Config } from '../config';
import type { Database, Queryable } from '../db';
import type { Mailer, MailMessage } from '../integrations/mail/mailer';
import { confirmationMail, invitationMail, passwordResetMail } from '../integrations/mail/templates';
import type { Logger } from '../logger';
import type { SessionService } from '../auth/sessions';
import type { TokenService } from '../auth/tokens';
import { LINK_TTL_HOURS, linkExpiry, newLinkToken, type LinkPurpose } from './linkTokens';
import * as store from './store';

export interface AccountDeps {
  db: Database;
  config: Config;
  tokens: TokenService;
  sessions: SessionService;
  mailer: Mailer;
  now: () => Date;
  log: Logger;
  /**
   * The billing seam: for a past-due provider, the payment page of the new invoice it must pay, if there is one.
   * When it answers a URL the sign-in refuses with LOGIN_MESSAGES.pastDueNewInvoice and that url.
   */
  pastDueInvoiceUrl?: (serviceProviderId: string) => Promise<string | null>;
}

export const blankToNull = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);

/** Sends after the data is committed; a mail failure is logged and never undoes what was saved. */
export async function sendMail(
  deps: Pick<AccountDeps, 'mailer' | 'log'>,
  message: MailMessage,
  about: Record<string, unknown>,
) {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, ...about, subject: message.subject }, 'could not send mail');
  }
}

export async function issueLink(
  deps: Pick<AccountDeps, 'now'>,
  q: Queryable,
  accountId: string,
  purpose: LinkPurpose,
): Promise<string> {
  const now = deps.now();
  const { token, hash } = newLinkToken();
  await store.insertLinkToken(q, { hash, purpose, accountId, expiresOn: linkExpiry(purpose, now), now });
  return token;
}

/** The mail carrying a single-use link: confirmation, password reset or invitation. */
export async function sendLinkMail(
  deps: AccountDeps,
  purpose: LinkPurpose,
  account: { id: string; email: string; first_name: string; type?: string },
  token: string,
) {
  const input = {
    publicUrl: deps.config.publicUrl,
    to: account.email,
    firstName: account.first_name,
    token,
    validHours: LINK_TTL_HOURS[purpose],
  };
  const message =
    purpose === 'invitation'
      ? invitationMail({ ...input, role: account.type === 'admin' ? 'admin' : 'reseller' })
      : purpose === 'password_reset'
        ? passwordResetMail(input)
        : confirmationMail(input);
  await sendMail(deps, message, { accountId: account.id });
}
