// The public pages (SPEC.md §2): rendered without the layout, whatever the auth state.
// App.tsx mounts every entry inside <CustomRoutes noLayout>.
import type { ReactElement } from 'react';

export interface PublicRoute {
  path: string;
  element: ReactElement;
}

export const publicRoutes: PublicRoute[] = [];
