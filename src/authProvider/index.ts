// The authProvider (SPEC.md §3, §4 Session, §6): the JWT in local storage is the session. Each verb is its own
// function (login.ts, checks.ts, identity.ts); here they share the clock and the cached profile.
import { dataProvider as defaultDataProvider } from '../dataProvider';
import type { PortalDataProvider } from '../dataProvider/types';
import { canAccess, checkAuth, checkError, getPermissions } from './checks';
import { getIdentity } from './identity';
import { login, logout } from './login';
import { createProfileCache } from './profileCache';
import { clearSession } from './session';
import type { PortalAuthProvider } from './types';

export { TOKEN_KEY, USER_KEY, clearSession, getToken, homeOf, readSession } from './session';
export type { Session } from './session';
export type { LoginParams, PortalAuthProvider, PortalIdentity } from './types';

export function createAuthProvider(
  dataProvider: Pick<PortalDataProvider, 'getProfile' | 'getResellerProfile'> = defaultDataProvider,
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

export const authProvider: PortalAuthProvider = createAuthProvider();

export default authProvider;
