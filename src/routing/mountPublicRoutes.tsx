// The public pages as <Route>s, each behind a guard (a signed-in user is sent away from the guest-only ones),
// under the demo banner when the portal is a demo. The guard is RouteGuard inside the signed-in app, PublicGuard
// in the public shell (App.tsx).
import { Route } from 'react-router-dom';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { DemoBanner } from '../layout/DemoBanner';

export function mountPublicRoutes(
  routes: readonly { path: string; element: ReactElement }[],
  Guard: ComponentType<{ children: ReactNode }>,
): ReactElement[] {
  return routes.map(({ path, element }) => (
    <Route
      key={path}
      path={path}
      element={
        <Guard>
          <DemoBanner />
          {element}
        </Guard>
      }
    />
  ));
}
