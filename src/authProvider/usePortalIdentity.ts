// The signed-in user as the layout and the guard need it: react-admin's identity query, typed.
import { useGetIdentity } from 'react-admin';
import type { PortalIdentity } from './index';

const IDENTITY_STALE_MS = 5 * 60 * 1000;

export function usePortalIdentity(options: { enabled?: boolean } = {}) {
  const result = useGetIdentity({
    staleTime: IDENTITY_STALE_MS,
    // getIdentity already turns a failed profile into `profileError`; what still rejects is a lost session
    retry: false,
    enabled: options.enabled ?? true,
  });
  return { ...result, identity: result.identity as PortalIdentity | undefined };
}
