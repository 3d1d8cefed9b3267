// The signed-in user's own sessions: logout, logout everywhere, and a password change that signs out the others.
import type { TokenClaims } from '../../../contract/api';
import { LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import type { ChangePasswordInput } from '../../../contract/schemas';
import { badRequest } from '../http/errors';
import type { AccountDeps } from './deps';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import * as store from './store';

/** Ends the session of the token that asks. */
export async function logout(deps: AccountDeps, actor: TokenClaims): Promise<void> {
  await deps.sessions.revoke(actor, 'logout');
}

/** Ends every session of the account, this one included. */
export async function logoutEverywhere(deps: AccountDeps, actor: TokenClaims): Promise<void> {
  await deps.sessions.revokeAll(actor.sub, 'logout_all');
}

/**
 * Replaces the password after checking the current one. Every other session of the account ends; the one that
 * asked goes on with the same token (the user who changed the password stays signed in on this device).
 */
export async function changePassword(
  deps: AccountDeps,
  actor: TokenClaims,
  input: ChangePasswordInput,
): Promise<{ message: string }> {
  const stored = await store.findPasswordHash(deps.db, actor.sub);
  const ok = stored
    ? await verifyPassword(stored, input.current_password)
    : await verifyNothing(input.current_password);
  if (!ok) {
    // 400, not 401: a wrong current password must not end the session in the web app
    throw badRequest(LOGIN_MESSAGES.wrongPassword, { current_password: LOGIN_MESSAGES.wrongPassword });
  }
  const hash = await hashPassword(input.password);
  const revoked = await deps.db.transaction(async (tx) => {
    await store.updatePasswordHash(tx, actor.sub, hash, deps.now());
    return deps.sessions.revokeAll(actor.sub, 'password_changed', { q: tx, keep: actor.sid });
  });
  deps.sessions.forget(revoked);
  return { message: MESSAGES.passwordUpdated };
}
