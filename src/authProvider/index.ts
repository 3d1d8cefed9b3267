// The authProvider (docs/screens.md, Sessions and roles): the JWT in local storage is the session. Each verb
// is its own function (login.ts, checks.ts, identity.ts); create.ts has them share the clock and the cached
// profile, here over the portal's dataProvider.
import { dataProvider as defaultDataProvider } from '../dataProvider';
import type { PortalDataProvider } from '../dataProvider/types';
import { createAuthProvider as createWith } from './create';
import type { PortalAuthProvider } from './types';

export { TOKEN_KEY, USER_KEY, clearSession, getToken, homeOf, readSession } from './session';
export type { Session } from './session';
export type { LoginParams, PortalAuthProvider, PortalIdentity } from './types';

export function createAuthProvider(
  dataProvider: Pick<PortalDataProvider, 'getProfile' | 'getResellerProfile'> = defaultDataProvider,
  now: () => number = Date.now,
): PortalAuthProvider {
  return createWith(dataProvider, now);
}

export const authProvider: PortalAuthProvider = createAuthProvider();

export default authProvider;
