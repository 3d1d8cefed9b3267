// The web app on a browser router (clean URLs for emailed and payment-return links). A first visit to a public
// page (sign-in, registration, password, email confirmation, agreement) gets the public pages alone, in a light
// shell (routing/PublicShell.tsx); react-admin's <Admin> with the signed-in pages (SignedInApp.tsx) loads when a
// signed-in user opens any other page, and from then on serves every page, the public ones too, as it did alone.
// A signed-in user who opens a guest-only page (/login, the registration...) gets it too: its guard sends them to
// the home of their role in one redirect, where the public shell, without the route tables, could only send them
// to '/' for a second redirect there. A signed-out user who opens a signed-in page is sent to /login (or the
// parent of an unknown path) without it. The signed-in app is first rendered once it and what its first page needs
// are loaded (routing/preloadPage.ts), so that it shows that page in one go: a spinner until then.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { readSession } from './authProvider/session';
import { publicRoutes } from './customRoutes/public';
import { mountPublicRoutes } from './routing/mountPublicRoutes';
import { PublicGuard } from './routing/PublicGuard';
import {
  isGuestOnlyPath,
  isPublicPath,
  PublicPathsContext,
  publicPathsFrom,
  usePublicPaths,
} from './routing/publicPaths';
import { PortalThemeProvider, PublicShell } from './routing/PublicShell';
import { loadSignedInPage } from './routing/signedInApp';

const SignedOutRedirect = lazy(() => import('./routing/SignedOutRedirect'));

const publicPaths = publicPathsFrom(publicRoutes.map((route) => route.path));

function LoadingSignedInApp() {
  return (
    <PortalThemeProvider>
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    </PortalThemeProvider>
  );
}

function PublicApp() {
  return (
    <PublicShell>
      <Routes>
        {mountPublicRoutes(publicRoutes, PublicGuard)}
        <Route
          path="*"
          element={
            <Suspense fallback={null}>
              <SignedOutRedirect />
            </Suspense>
          }
        />
      </Routes>
    </PublicShell>
  );
}

type Loaded = { SignedInApp: ComponentType } | { error: unknown };

/**
 * The signed-in app, rendered once the page it opens on is ready to be shown: never behind a Suspense fallback, whose
 * replacement React would hold back for up to 300 ms. A failed load is thrown, as React.lazy would.
 */
function SignedInAppWhenReady({ pathname }: { pathname: string }) {
  // started at the first render, as early as a reload allows; the page it opens on is the one of that moment
  const [loading] = useState(() => loadSignedInPage(pathname));
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let mounted = true;
    void loading.then(
      (SignedInApp) => mounted && setLoaded({ SignedInApp }),
      (error: unknown) => mounted && setLoaded({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [loading]);
  if (!loaded) return <LoadingSignedInApp />;
  if ('error' in loaded) throw loaded.error;
  return <loaded.SignedInApp />;
}

function AppRoutes() {
  const location = useLocation();
  const paths = usePublicPaths();
  const [signedInAppLoaded, setSignedInAppLoaded] = useState(false);
  // a public page the user may stay on is the public shell's; a guest-only one is the signed-in app's to leave
  const needsSignedInApp =
    !isPublicPath(location.pathname, paths) || isGuestOnlyPath(location.pathname, paths);
  const wantsSignedInApp = signedInAppLoaded || (needsSignedInApp && readSession().status === 'signed-in');
  // once mounted, the signed-in app stays: signing out and in again, and its toasts, work as they always did
  if (wantsSignedInApp && !signedInAppLoaded) setSignedInAppLoaded(true);
  if (!wantsSignedInApp) return <PublicApp />;
  return <SignedInAppWhenReady pathname={location.pathname} />;
}

export function App() {
  return (
    <BrowserRouter>
      <PublicPathsContext.Provider value={publicPaths}>
        <AppRoutes />
      </PublicPathsContext.Provider>
    </BrowserRouter>
  );
}

export default App;
