// The public pages as <Route>s, each behind the guard (a signed-in user is sent away from the guest-only ones),
// under the demo banner when the portal is a demo.
import { Route } from 'react-router-dom';
import type { ReactElement } from 'react';
import { DemoBanner } from '../layout/DemoBanner';
import { RouteGuard } from './RouteGuard';

export function mountPublicRoutes(
  routes: readonly { path: string; element: ReactElement }[],
): ReactElement[] {
  return routes.map(({ path, element }) => (
    <Route
      key={path}
      path={path}
      element={
        <RouteGuard>
          <DemoBanner />
          {element}
        </RouteGuard>
      }
    />
  ));
}
