// The signed-in provider's own profile.
import type { ServiceProviderProfile, TokenClaims } from '../../../contract/api';
import type { ProfileUpdate } from '../../../contract/schemas';
import { LOGIN_MESSAGES } from '../../../contract/constants';
import { isUuid } from '../../../contract/ids';
import { HttpError } from '../http/errors';
import type { AccountDeps } from './deps';
import * as store from './store';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The signed-in provider's own profile; the token decides which one, never the request. */
export async function getProfile(deps: AccountDeps, actor: TokenClaims): Promise<ServiceProviderProfile> {
  const { db } = deps;
  const uuid = actor.service_provider_uuid;
  const row = isUuid(uuid) ? await store.findServiceProviderProfile(db, uuid, actor.sub) : undefined;
  if (!row) throw new HttpError(404, LOGIN_MESSAGES.notFound);
  return {
    ...row,
    type: 'service-provider',
    subscription_started_on: iso(row.subscription_started_on),
    subscription_expired_on: iso(row.subscription_expired_on),
    created_on: iso(row.created_on) as string,
  };
}

/**
 * The provider's company and contact details replaced by what it sent (checked with the rules of registration); the
 * token decides whose. Answers the profile as it now reads.
 */
export async function updateProfile(
  deps: AccountDeps,
  actor: TokenClaims,
  input: ProfileUpdate,
): Promise<ServiceProviderProfile> {
  const uuid = actor.service_provider_uuid;
  const updated =
    isUuid(uuid) && (await store.updateServiceProviderProfile(deps.db, uuid, actor.sub, input, deps.now()));
  if (!updated) throw new HttpError(404, LOGIN_MESSAGES.notFound);
  return getProfile(deps, actor);
}
