// The web app: react-admin on a browser router (clean URLs for emailed and payment-return links), the
// public pages outside the layout, and the resources and signed-in pages of the role in the token, both
// from the resource descriptors (src/resources).
import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { roleOf } from '../contract/constants';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { PortalNotification } from './layout/Notification';
import { portalTheme } from './layout/theme';
import { i18nProvider } from './layout/i18nProvider';
import { privateRoutesFor, resourcesFor } from './routing/mountPrivateRoutes';
import { mountPublicRoutes } from './routing/mountPublicRoutes';
import { PublicPathsContext } from './routing/RouteGuard';
import { publicPathsFrom } from './routing/resolveRoute';
import { publicRoutes } from './customRoutes/public';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // no silent retries: a failure reaches its caller (and a network failure its toast) once
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export { i18nProvider };

// The signed-in layout (app bar, menu, react-admin's sidebar and their parts) loads with the first signed-in
// page, not with the public pages: they are rendered without it. Imported here only, never through
// ./layout's index, or the bundler keeps it in the main file.
const PortalLayout = lazy(() => import('./layout/Layout').then((m) => ({ default: m.PortalLayout })));

function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <PortalLayout>{children}</PortalLayout>
    </Suspense>
  );
}

const queryClient = createQueryClient();
const publicPaths = publicPathsFrom(publicRoutes.map((route) => route.path));

export function App() {
  return (
    <BrowserRouter>
      <PublicPathsContext.Provider value={publicPaths}>
        <Admin
          disableTelemetry
          title="SHAKEN CA Portal"
          loginPage={false}
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          queryClient={queryClient}
          layout={SignedInLayout}
          notification={PortalNotification}
          theme={portalTheme}
        >
          <CustomRoutes noLayout>{mountPublicRoutes(publicRoutes)}</CustomRoutes>
          {(permissions: unknown) => {
            if (!permissions) return null;
            const role = roleOf(permissions);
            return (
              <>
                <CustomRoutes>
                  {privateRoutesFor(role).map(({ path, element }) => (
                    <Route key={path} path={path} element={element} />
                  ))}
                </CustomRoutes>
                {resourcesFor(role).map(({ name, views }) => (
                  <Resource key={name} name={name} {...views} />
                ))}
              </>
            );
          }}
        </Admin>
      </PublicPathsContext.Provider>
    </BrowserRouter>
  );
}

export default App;
