// Sign-in: its outcomes (docs/screens.md, Sign in) in the order the UI expects, and the session (a row of `sessions` and its token).
import type { LoginResponse, SessionUser, TokenClaims } from '../../../contract/api';
import { LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import type { LoginInput } from '../../../contract/schemas';
import { HttpError } from '../http/errors';
import type { AccountDeps } from './deps';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './passwords';
import * as store from './store';

/** Why a provider whose password is right may still not sign in, in the order the UI expects. */
async function serviceProviderRefusal(deps: AccountDeps, a: store.LoginAccount): Promise<HttpError | null> {
  const uuid = a.service_provider_id as string;
  if (!a.is_confirmed) return new HttpError(403, LOGIN_MESSAGES.notConfirmed);
  const standing = await store.findSubscriptionStanding(deps.db, uuid);
  if (!standing.subscriptions_count) {
    return new HttpError(403, LOGIN_MESSAGES.notActive, { service_provider_uuid: uuid });
  }
  if (standing.is_past_due) {
    const url = deps.pastDueInvoiceUrl ? await deps.pastDueInvoiceUrl(uuid) : null;
    return url
      ? new HttpError(402, LOGIN_MESSAGES.pastDueNewInvoice, { service_provider_uuid: uuid, url })
      : new HttpError(402, LOGIN_MESSAGES.pastDue, { service_provider_uuid: uuid });
  }
  if (!standing.is_active) {
    return new HttpError(403, LOGIN_MESSAGES.noActiveSubscription, { service_provider_uuid: uuid });
  }
  return null;
}

/** Where a sign-in comes from, kept with its session. */
export interface LoginMeta {
  userAgent?: string;
  ip?: string;
}

export async function login(
  deps: AccountDeps,
  input: LoginInput,
  meta: LoginMeta = {},
): Promise<LoginResponse> {
  const { db, config } = deps;
  const email = input.email.trim().toLowerCase();
  const account = await store.findLoginAccount(db, email);
  if (!account || (account.type === 'service-provider' && !account.service_provider_id)) {
    await verifyNothing(input.password);
    throw new HttpError(404, LOGIN_MESSAGES.notFound, { errors: { email: LOGIN_MESSAGES.notFound } });
  }
  const passwordOk = account.password_hash
    ? await verifyPassword(account.password_hash, input.password)
    : await verifyNothing(input.password);
  if (!passwordOk) {
    throw new HttpError(401, LOGIN_MESSAGES.wrongPassword, {
      errors: { password: LOGIN_MESSAGES.wrongPassword },
    });
  }
  if (account.is_disabled || account.reseller_is_active === false) {
    throw new HttpError(403, MESSAGES.accountDisabled);
  }
  if (account.type === 'service-provider') {
    const refusal = await serviceProviderRefusal(deps, account);
    if (refusal) throw refusal;
  }
  if (account.password_hash && needsRehash(account.password_hash)) {
    await store.updatePasswordHash(db, account.id, await hashPassword(input.password), deps.now());
  }

  const isProvider = account.type === 'service-provider';
  const user: SessionUser = {
    id: account.id,
    type: account.type,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    company_name: (isProvider ? account.sp_company_name : account.reseller_company_name) ?? undefined,
    service_provider_uuid: isProvider ? (account.service_provider_id ?? undefined) : undefined,
  };
  const { id, ...identity } = user;
  const claims: Omit<TokenClaims, 'exp' | 'iat' | 'sid'> = {
    sub: id,
    ...identity,
    reseller_id: account.type === 'reseller' ? (account.reseller_id ?? undefined) : undefined,
  };
  const ttl = input.remember ? config.rememberMeTtl : config.sessionTtl;
  const { token } = await deps.sessions.open(claims, ttl, meta);
  return { token, user };
}
