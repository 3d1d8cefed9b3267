// The signed-in user's profile as getIdentity reads it: loaded once per token and reused for a minute.
// Admins have none. A failed load is not kept, so the next call tries again.
import type { Role } from '../../contract/constants';
import type { PortalDataProvider } from '../dataProvider/types';
import type { PortalIdentity } from './types';

/** How long a loaded profile is reused before getIdentity asks the server again. */
const PROFILE_TTL_MS = 60_000;

type Profile = PortalIdentity['profile'];

export interface ProfileCache {
  load(token: string, role: Role): Promise<Profile>;
  clear(): void;
}

export function createProfileCache(
  dataProvider: Pick<PortalDataProvider, 'getProfile' | 'getResellerProfile'>,
  now: () => number,
): ProfileCache {
  let entry: { token: string; at: number; promise: Promise<Profile> } | null = null;
  return {
    load(token, role) {
      if (role === 'admin') return Promise.resolve(null);
      if (entry && entry.token === token && now() - entry.at < PROFILE_TTL_MS) return entry.promise;
      const promise = role === 'reseller' ? dataProvider.getResellerProfile() : dataProvider.getProfile();
      const loaded = { token, at: now(), promise };
      entry = loaded;
      // a failure is not cached: the next call tries again
      promise.catch(() => {
        if (entry === loaded) entry = null;
      });
      return promise;
    },
    clear() {
      entry = null;
    },
  };
}
