// What a reload of a signed-in page needs before the signed-in app's first render (docs/web.md): the layout, the
// view of the page the path leads to, and the answers of the auth provider react-admin and the guard wait for (the
// permissions, and the identity with the user's profile), put in react-query's cache under react-admin's own keys.
// Rendered after that, the app shows the page in one go. The page's data requests start with all this, when the
// tab opened that address before (routing/earlyGets.ts), else at the page's first render. Then, once the browser
// is idle, the other pages of the role load too: a click in the menu renders its page at once.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { Role } from '../../contract/constants';
import { readSession } from '../authProvider/session';
import type { PortalAuthProvider } from '../authProvider/types';
import { RESOURCE_DESCRIPTORS } from '../resources';
import { routesFor, type ResourceDescriptor, type ResourceRoute } from '../resources/descriptor';
import { recordPageGets, startRememberedGets } from './earlyGets';
import { normalizePath, resolveRoute } from './resolveRoute';

type Preloadable = ComponentType & { preload?: () => Promise<unknown> };

function componentOf(descriptor: ResourceDescriptor, route: ResourceRoute): Preloadable | undefined {
  return 'page' in route ? route.page : descriptor.views[route.view];
}

interface RouteOfPath {
  resource: ResourceDescriptor['name'];
  component: Preloadable | undefined;
  /** The resource's list view, under react-admin's access check. */
  list: boolean;
}

/**
 * The page `pathname` shows to `role`, after the redirects of the role (a provider counted as paid: the guard's
 * decision for one that is not needs the profile, and the payment page is then a chunk away).
 */
function routeOf(pathname: string, role: Role): RouteOfPath | undefined {
  const decision = resolveRoute(pathname, {
    authenticated: true,
    role,
    profile: role === 'service-provider' ? { subscription_expired_on: 'paid' } : null,
  });
  const path =
    decision.type === 'redirect' ? normalizePath(decision.to.split('?')[0]) : normalizePath(pathname);
  for (const descriptor of RESOURCE_DESCRIPTORS) {
    for (const route of routesFor(descriptor, role)) {
      if (!matchPath({ path: route.path, end: true, caseSensitive: false }, path)) continue;
      const list = 'view' in route && route.view === 'list';
      return { resource: descriptor.name, component: componentOf(descriptor, route), list };
    }
  }
  return undefined;
}

/** The component of the page `pathname` shows to `role` (routeOf). */
export function routeComponentOf(pathname: string, role: Role): Preloadable | undefined {
  return routeOf(pathname, role)?.component;
}

/** Every page of the role, loaded while the browser has nothing else to do. */
function preloadRolePagesWhenIdle(role: Role): void {
  const start = () => {
    for (const descriptor of RESOURCE_DESCRIPTORS) {
      for (const route of routesFor(descriptor, role))
        void componentOf(descriptor, route)
          ?.preload?.()
          .catch(() => undefined);
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}

export interface SignedInParts {
  queryClient: QueryClient;
  authProvider: PortalAuthProvider;
  /** The signed-in layout's own load. */
  preloadLayout(): Promise<unknown>;
}

/** Resolves once everything a first render of `pathname` needs is there; never rejects (the render reports). */
export async function preloadPage(pathname: string, parts: SignedInParts): Promise<void> {
  const session = readSession();
  if (session.status !== 'signed-in') return;
  // the data requests this page made when it last opened, started now rather than after the first render
  recordPageGets();
  startRememberedGets();
  const { queryClient, authProvider } = parts;
  // the keys and the calls of react-admin's usePermissions() and useGetIdentity()
  const permissions = queryClient.prefetchQuery({
    queryKey: ['auth', 'getPermissions', {}],
    queryFn: async () => (await authProvider.getPermissions()) ?? null,
  });
  const identity = queryClient.prefetchQuery({
    queryKey: ['auth', 'getIdentity'],
    queryFn: () => authProvider.getIdentity(),
  });
  // and of the list's checks (useAuthenticated, useRequireAccess) before its getList is enabled
  const authenticated = queryClient.prefetchQuery({
    queryKey: ['auth', 'checkAuth', {}],
    queryFn: async () => {
      await authProvider.checkAuth({});
      return true;
    },
  });
  const route = routeOf(pathname, session.role);
  const access = route?.list
    ? queryClient.prefetchQuery({
        queryKey: ['auth', 'canAccess', { action: 'list', resource: route.resource }],
        queryFn: async () =>
          (await authProvider.canAccess?.({ action: 'list', resource: route.resource })) ?? true,
      })
    : undefined;
  const view = route?.component;
  await Promise.all([
    permissions,
    identity,
    authenticated,
    access,
    parts.preloadLayout().catch(() => undefined),
    view?.preload?.().catch(() => undefined),
  ]);
  preloadRolePagesWhenIdle(session.role);
}
