// The web app: react-admin on a browser router (clean URLs for emailed and payment-return links), the
// public pages outside the layout, and the resources and signed-in pages of the role in the token, both
// from the resource descriptors (src/resources).
import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { roleOf } from '../contract/constants';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { PortalLayout, PortalNotification, portalTheme } from './layout';
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
          layout={PortalLayout}
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
