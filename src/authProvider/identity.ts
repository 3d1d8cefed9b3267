// Who is signed in (docs/screens.md, Sessions and roles): the token's claims, completed by the stored user,
// and the profile of a provider or reseller. A profile that fails to load is reported in profileError, except
// a 401, which ends the session.
import { isPortalHttpError } from '../dataProvider/http';
import type { ProfileCache } from './profileCache';
import { getStoredUser, readSession } from './session';
import type { PortalIdentity } from './types';

export async function getIdentity(
  now: number,
  profiles: ProfileCache,
  forget: () => void,
): Promise<PortalIdentity> {
  const session = readSession(now);
  if (session.status !== 'signed-in') {
    profiles.clear();
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
    profile = await profiles.load(token, role);
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
}
