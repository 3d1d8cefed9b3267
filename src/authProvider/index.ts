// The authProvider (SPEC.md §3, §4 Session, §6): the JWT in local storage is the session.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { canAccess as roleCanAccess } from '../../contract/access';
import type { Role } from '../../contract/constants';
import type { LoginResponse, ResellerProfile, ServiceProviderProfile } from '../../contract/api';
import { dataProvider as defaultDataProvider } from '../dataProvider';
import { apiUrl, httpClient, isPortalHttpError } from '../dataProvider/http';
import type { PortalDataProvider } from '../dataProvider/types';
import { clearSession, decodeToken, getStoredUser, homeOf, readSession, saveSession } from './session';

export { TOKEN_KEY, USER_KEY, clearSession, getToken, homeOf, readSession } from './session';
export type { Session } from './session';

export interface LoginParams {
  email: string;
  password: string;
  remember?: boolean;
}

export interface PortalIdentity extends UserIdentity {
  id: string;
  fullName: string;
  role: Role;
  email: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  service_provider_uuid?: string;
  /** The profile of a service provider (GET /api/service_provider) or a reseller (GET /api/reseller); none for admins. */
  profile: ServiceProviderProfile | ResellerProfile | null;
  /** Why the profile could not be loaded, when it could not. */
  profileError?: string;
}

/** How long a loaded profile is reused before getIdentity asks the server again. */
const PROFILE_TTL_MS = 60_000;

export interface PortalAuthProvider extends AuthProvider {
  login(params: LoginParams): Promise<{ redirectTo: string }>;
  getIdentity(): Promise<PortalIdentity>;
  getPermissions(): Promise<Role | null>;
  /** Forget the cached profile so the next getIdentity reloads it (after a payment, an extension...). */
  invalidateProfile(): void;
}

export function createAuthProvider(
  dataProvider: Pick<PortalDataProvider, 'getProfile' | 'getResellerProfile'> = defaultDataProvider,
  now: () => number = Date.now,
): PortalAuthProvider {
  let profileCache: { token: string; at: number; promise: Promise<PortalIdentity['profile']> } | null = null;

  const loadProfile = (token: string, role: Role): Promise<PortalIdentity['profile']> => {
    if (role === 'admin') return Promise.resolve(null);
    if (profileCache && profileCache.token === token && now() - profileCache.at < PROFILE_TTL_MS) {
      return profileCache.promise;
    }
    const promise = role === 'reseller' ? dataProvider.getResellerProfile() : dataProvider.getProfile();
    const entry = { token, at: now(), promise };
    profileCache = entry;
    // a failure is not cached: the next call tries again
    promise.catch(() => {
      if (profileCache === entry) profileCache = null;
    });
    return promise;
  };

  const forget = () => {
    clearSession();
    profileCache = null;
  };

  return {
    async login({ email, password, remember }: LoginParams) {
      forget();
      // A failure rejects with the PortalHttpError of httpClient: status and body (message,
      // service_provider_uuid, url) reach the login page untouched.
      const { json } = await httpClient<LoginResponse>(apiUrl('auth/login'), {
        method: 'POST',
        body: JSON.stringify({ email, password, remember: Boolean(remember) }),
      });
      const claims = json?.token ? decodeToken(json.token) : null;
      if (!claims) throw new Error('The server answered without a valid session token');
      saveSession(json.token, json.user);
      return { redirectTo: homeOf(claims.type) };
    },

    async logout() {
      forget();
      return '/login';
    },

    async checkAuth() {
      const session = readSession(now());
      if (session.status === 'signed-in') return;
      profileCache = null;
      // nothing to say to someone who never signed in; an expired session gets react-admin's notice
      throw { redirectTo: '/login', message: session.status === 'signed-out' ? false : undefined };
    },

    async checkError(error: unknown) {
      const status = (error as { status?: number } | null)?.status;
      if (status === 401) {
        forget();
        throw { redirectTo: '/login', logoutUser: true };
      }
    },

    async getIdentity() {
      const session = readSession(now());
      if (session.status !== 'signed-in') {
        profileCache = null;
        throw new Error('Not signed in');
      }
      const { claims, token, role } = session;
      const stored = getStoredUser();
      const first_name = claims.first_name ?? stored?.first_name ?? '';
      const last_name = claims.last_name ?? stored?.last_name ?? '';
      const email = claims.email ?? stored?.email ?? '';
      let profile: PortalIdentity['profile'] = null;
      let profileError: string | undefined;
      try {
        profile = await loadProfile(token, role);
      } catch (error) {
        if (isPortalHttpError(error) && error.status === 401) {
          forget();
          throw error;
        }
        profileError = error instanceof Error ? error.message : String(error);
      }
      const company_name =
        claims.company_name ?? stored?.company_name ?? (profile?.company_name as string | undefined) ?? undefined;
      return {
        id: claims.sub,
        fullName: `${first_name} ${last_name}`.trim() || email,
        role,
        email,
        first_name,
        last_name,
        company_name,
        service_provider_uuid: claims.service_provider_uuid ?? stored?.service_provider_uuid,
        profile,
        ...(profileError !== undefined ? { profileError } : {}),
      };
    },

    async getPermissions() {
      const session = readSession(now());
      return session.status === 'signed-in' ? session.role : null;
    },

    async canAccess({ action, resource, record }) {
      const session = readSession(now());
      return session.status === 'signed-in' && roleCanAccess(session.role, { action, resource, record });
    },

    invalidateProfile() {
      profileCache = null;
    },
  };
}

export const authProvider: PortalAuthProvider = createAuthProvider();

export default authProvider;
