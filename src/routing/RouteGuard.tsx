// Applies resolveRoute() to the current location: renders the page, redirects, or waits for the profile.
// Mounted around the signed-in layout (which also takes unknown paths) and, once the signed-in app is loaded,
// around every public page; before that the public pages have PublicGuard.
import { useEffect, useRef, type ReactNode } from 'react';
import { Loading, useLogout, useNotify } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { isPortalHttpError } from '../dataProvider/http';
import { readSession } from '../authProvider/session';
import { usePortalIdentity } from '../authProvider/usePortalIdentity';
import { usePublicPaths } from './publicPaths';
import { isPublicPath, resolveRoute, type GuardProfile, type RouteSession } from './resolveRoute';

export { PublicPathsContext, usePublicPaths } from './publicPaths';

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const publicPaths = usePublicPaths();
  const logout = useLogout();
  const notify = useNotify();

  // checked on every render, so on every navigation: an expired or undecodable token is cleared here
  const session = readSession();
  const signedIn = session.status === 'signed-in';
  const isPublic = isPublicPath(location.pathname, publicPaths);
  const { identity, error, refetch } = usePortalIdentity({ enabled: signedIn && !isPublic });
  const sub = signedIn ? session.claims.sub : null;
  const staleIdentity = Boolean(identity && sub && identity.id !== sub);

  useEffect(() => {
    if (staleIdentity) void refetch();
  }, [staleIdentity, refetch]);

  // a session that ended by itself still needs react-admin's cleanup (cached queries, store);
  // the redirect is resolveRoute's
  const expired = session.status === 'expired';
  useEffect(() => {
    if (expired) void logout({}, false);
  }, [expired, logout]);

  const lostSession = isPortalHttpError(error) && error.status === 401;
  useEffect(() => {
    if (lostSession) void logout();
  }, [lostSession, logout]);

  const profileError = !isPublic && !staleIdentity ? identity?.profileError : undefined;
  const notified = useRef<string | null>(null);
  useEffect(() => {
    if (!profileError || notified.current === profileError) return;
    notified.current = profileError;
    notify('portal.route_errors.profile_failed', { type: 'error', messageArgs: { message: profileError } });
  }, [profileError, notify]);

  let profile: GuardProfile | null | undefined;
  if (isPublic) profile = null;
  else if (identity && !staleIdentity) profile = (identity.profile as GuardProfile | null) ?? null;
  else profile = error ? null : undefined;

  const routeSession: RouteSession = signedIn
    ? {
        authenticated: true,
        role: session.role,
        serviceProviderUuid: session.claims.service_provider_uuid,
        profile,
      }
    : { authenticated: false };

  const decision = resolveRoute(location.pathname, routeSession, publicPaths);
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'wait') return <Loading />;
  return <>{children}</>;
}
