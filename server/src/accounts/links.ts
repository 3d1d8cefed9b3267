// The single-use links: email confirmation, password reset and invitations, and the passwords set through them.
import { MESSAGES } from '../../../contract/constants';
import { isUuid } from '../../../contract/ids';
import { HttpError, badRequest } from '../http/errors';
import { issueLink, sendLinkMail, type AccountDeps } from './deps';
import { hashLinkToken, isWellFormedLinkToken, type LinkPurpose } from './linkTokens';
import { hashPassword } from './passwords';
import * as store from './store';

export interface PasswordInput {
  token: string;
  password: string;
}

const invalidLink = () => badRequest(MESSAGES.invalidToken, { token: MESSAGES.invalidToken });

/**
 * Validated new password from a single-use link; the link is spent only when the password is stored. Every session
 * of the account ends with it: whoever held the old password, or a token signed in with it, is out.
 */
async function setPasswordFromLink(
  deps: AccountDeps,
  purpose: LinkPurpose,
  input: PasswordInput,
): Promise<void> {
  if (!isWellFormedLinkToken(input.token)) throw invalidLink();
  const hash = hashLinkToken(input.token);
  // Cheap check first, so a wrong link costs no password hashing.
  if (!(await store.isLinkTokenOpen(deps.db, hash, purpose, deps.now()))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const revoked = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const accountId = await store.consumeLinkToken(tx, hash, purpose, now);
    if (!accountId) throw invalidLink();
    await store.setPasswordAndConfirm(tx, accountId, passwordHash, now);
    // Whoever asked for the other links of this kind, this password now decides.
    await store.burnOpenLinkTokens(tx, accountId, purpose, now);
    const reason = purpose === 'password_reset' ? 'password_reset' : 'password_set';
    return deps.sessions.revokeAll(accountId, reason, { q: tx });
  });
  deps.sessions.forget(revoked);
}

/** Same answer whether or not the address has an unconfirmed account: this route tells nobody who is registered. */
export async function resendConfirmation(deps: AccountDeps, input: { email: string }) {
  const { db } = deps;
  const account = await store.findAccountByEmail(db, input.email.trim().toLowerCase());
  if (account && account.type === 'service-provider' && !account.is_confirmed && !account.is_disabled) {
    await sendLinkMail(
      deps,
      'email_confirmation',
      account,
      await issueLink(deps, db, account.id, 'email_confirmation'),
    );
  }
  return { message: MESSAGES.checkEmail };
}

/**
 * Confirms the address of the account the link was sent to. A link of an account confirmed already (the same link
 * clicked again, or another of its mails) says so, and the page sends the person to sign in; any other link that
 * cannot be used (unknown, expired) is refused.
 */
export async function confirmEmail(deps: AccountDeps, token: string) {
  const { db } = deps;
  if (!isWellFormedLinkToken(token)) throw invalidLink();
  const hash = hashLinkToken(token);
  const confirmed = await db.transaction(async (tx) => {
    const now = deps.now();
    const accountId = await store.consumeLinkToken(tx, hash, 'email_confirmation', now);
    if (!accountId) return false;
    await store.confirmAccount(tx, accountId, now);
    // the other confirmation mails of this account have served their purpose
    await store.burnOpenLinkTokens(tx, accountId, 'email_confirmation', now);
    return true;
  });
  if (confirmed) return { message: MESSAGES.emailConfirmed };
  if (await store.linkAccountConfirmed(db, hash, 'email_confirmation'))
    return { message: MESSAGES.emailAlreadyConfirmed, already_confirmed: true };
  throw invalidLink();
}

/**
 * Whether a password link (a reset, an invitation) can still be used, asked by its page as it opens: so that a used
 * or expired link is refused before the person fills the form, not after. Nothing is spent.
 */
export async function checkPasswordLink(deps: AccountDeps, input: { token: string; purpose: LinkPurpose }) {
  if (!isWellFormedLinkToken(input.token)) throw invalidLink();
  if (!(await store.isLinkTokenOpen(deps.db, hashLinkToken(input.token), input.purpose, deps.now())))
    throw invalidLink();
  return { message: MESSAGES.linkUsable };
}

/** An unknown address is told so (404 'Input correct email'), as the forgot-password page shows it. */
export async function requestPasswordReset(deps: AccountDeps, input: { email: string }) {
  const { db } = deps;
  const account = await store.findAccountByEmail(db, input.email.trim().toLowerCase());
  if (!account) {
    throw new HttpError(404, MESSAGES.inputCorrectEmail, {
      errors: { email: MESSAGES.inputCorrectEmail },
    });
  }
  await sendLinkMail(
    deps,
    'password_reset',
    account,
    await issueLink(deps, db, account.id, 'password_reset'),
  );
  return { message: MESSAGES.checkEmail };
}

export async function resetPassword(deps: AccountDeps, input: PasswordInput) {
  await setPasswordFromLink(deps, 'password_reset', input);
  return { message: MESSAGES.passwordChanged };
}

/** A reseller or an invited admin chooses a password from the invitation link. */
export async function acceptInvitation(deps: AccountDeps, input: PasswordInput) {
  await setPasswordFromLink(deps, 'invitation', input);
  return { message: MESSAGES.passwordSet };
}

/** Sends an invitation link to an account created without a password (resellers, further admins). */
export async function inviteAccount(deps: AccountDeps, accountId: string): Promise<void> {
  const { db } = deps;
  const account = isUuid(accountId) ? await store.findAccountById(db, accountId) : undefined;
  if (!account || account.type === 'service-provider') throw new HttpError(404, 'Account not found');
  await sendLinkMail(deps, 'invitation', account, await issueLink(deps, db, account.id, 'invitation'));
}
