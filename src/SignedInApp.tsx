// The signed-in app: react-admin's <Admin> on the app's browser router (App.tsx), with the public pages outside
// the layout and the resources and signed-in pages of the role in the token, both from the resource descriptors
// (src/resources). App.tsx loads it with the first signed-in page and keeps it from then on.
import { lazy, Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { roleOf } from '../contract/constants';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { PortalNotification } from './layout/Notification';
import { portalDarkTheme, portalTheme } from './layout/theme';
import { i18nProvider } from './layout/i18nProvider';
import { createQueryClient } from './queryClient';
import { privateRoutesFor, resourcesFor } from './routing/mountPrivateRoutes';
import { mountPublicRoutes } from './routing/mountPublicRoutes';
import { RouteGuard } from './routing/RouteGuard';
import { publicRoutes } from './customRoutes/public';

// The signed-in layout (app bar, menu, react-admin's sidebar and their parts) loads with the first signed-in
// page, not with the public pages: they are rendered without it. Imported here only, never through
// ./layout's index, or the bundler keeps it in this file.
const PortalLayout = lazy(() => import('./layout/Layout').then((m) => ({ default: m.PortalLayout })));

function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <PortalLayout>{children}</PortalLayout>
    </Suspense>
  );
}

const queryClient = createQueryClient();

export function SignedInApp() {
  return (
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
      // the user menu switches to it; light unless chosen (not the system's preference)
      darkTheme={portalDarkTheme}
      defaultTheme="light"
    >
      <CustomRoutes noLayout>{mountPublicRoutes(publicRoutes, RouteGuard)}</CustomRoutes>
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
  );
}

export default SignedInApp;
