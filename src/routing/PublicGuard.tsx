// The guard of the public pages while the signed-in app is not loaded (App.tsx): what RouteGuard (resolveRoute)
// decides on a public path, without react-admin and the signed-in route tables. A public page needs no profile,
// and nothing of a session is cached yet (readSession clears an expired token). A signed-in user who opens a
// guest-only page does not get here: App.tsx gives them the signed-in app, whose RouteGuard sends them to their
// home in one redirect. Should a session appear under a guest-only page without App.tsx deciding again, it is
// sent to '/', where the signed-in app takes over; anyone else stays.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { readSession } from '../authProvider/session';
import { isGuestOnlyPath, usePublicPaths } from './publicPaths';

export function PublicGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const publicPaths = usePublicPaths();
  if (isGuestOnlyPath(location.pathname, publicPaths) && readSession().status === 'signed-in') {
    return <Navigate to="/" replace />;
  }
  return <>{children}</>;
}
