// A signed-in page opened by someone not signed in, while the signed-in app is not loaded (App.tsx): sent where
// RouteGuard would send them (/login, or the parent of an unknown path), without loading the signed-in app.
// Loaded on demand: it needs the route tables of every role (routes.ts).
import { Navigate, useLocation } from 'react-router-dom';
import { LOGIN_PATH, usePublicPaths } from './publicPaths';
import { resolveRoute } from './resolveRoute';

export function SignedOutRedirect() {
  const location = useLocation();
  const publicPaths = usePublicPaths();
  const decision = resolveRoute(location.pathname, { authenticated: false }, publicPaths);
  // resolveRoute lets nobody signed out stay on a signed-in page; the sign-in page is the safe default
  return <Navigate to={decision.type === 'redirect' ? decision.to : LOGIN_PATH} replace />;
}

export default SignedOutRedirect;
