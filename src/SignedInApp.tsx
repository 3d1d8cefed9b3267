// The signed-in app: react-admin's <Admin> on the app's browser router (App.tsx), with the public pages outside
// the layout and the resources and signed-in pages of the role in the token, both from the resource descriptors
// (src/resources). App.tsx loads it with the first signed-in page and keeps it from then on, and renders it once
// preloadSignedInPage has what that page needs (routing/preloadPage.ts).
import { memo, Suspense, type ReactNode } from 'react';
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
import { preloadable } from './routing/preloadable';
import { preloadPage } from './routing/preloadPage';
import { RouteGuard } from './routing/RouteGuard';
import { publicRoutes } from './customRoutes/public';

// The signed-in layout (app bar, menu, react-admin's sidebar and their parts) loads with the first signed-in
// page, not with the public pages: they are rendered without it. Imported here only, never through
// ./layout's index, or the bundler keeps it in this file.
const PortalLayout = preloadable(() => import('./layout/Layout').then((m) => ({ default: m.PortalLayout })));

function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <PortalLayout>{children}</PortalLayout>
    </Suspense>
  );
}

const queryClient = createQueryClient();

/** Loads what the first render of `pathname` needs (its layout, its view, the permissions and the profile). */
export function preloadSignedInPage(pathname: string): Promise<void> {
  return preloadPage(pathname, { queryClient, authProvider, preloadLayout: PortalLayout.preload });
}

// memo: App.tsx renders it again at each navigation, and react-admin would then read its children (a new function
// each time) again, rendering every route once more
export const SignedInApp = memo(function SignedInApp() {
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
});

export default SignedInApp;
