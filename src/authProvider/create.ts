// The authProvider's verbs over a given dataProvider (its profile calls): they share the clock and the cached
// profile. index.ts builds the app's over the portal's dataProvider; the public shell builds its own over the
// public calls (dataProvider/public.ts), so that the sign-in page loads without the rest.
import type { PortalDataProvider } from '../dataProvider/types';
import { canAccess, checkAuth, checkError, getPermissions } from './checks';
import { getIdentity } from './identity';
import { login, logout } from './login';
import { createProfileCache } from './profileCache';
import { clearSession } from './session';
import type { PortalAuthProvider } from './types';

export function createAuthProvider(
  dataProvider: Pick<PortalDataProvider, 'getProfile' | 'getResellerProfile'>,
  now: () => number = Date.now,
): PortalAuthProvider {
  const profiles = createProfileCache(dataProvider, now);
  const forget = () => {
    clearSession();
    profiles.clear();
  };

  return {
    login: (params) => login(params, forget),
    logout: () => logout(forget, now()),
    checkAuth: () => checkAuth(now(), profiles.clear),
    checkError: (error) => checkError(error, forget),
    getIdentity: () => getIdentity(now(), profiles, forget),
    getPermissions: () => getPermissions(now()),
    canAccess: (params) => canAccess(now(), params),
    invalidateProfile: profiles.clear,
  };
}
