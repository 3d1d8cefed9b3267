// What App.tsx mounts for a signed-in role, from the resource descriptors: each resource as react-admin's
// <Resource> with the views the role may open, and each page at its portal path. A view shown at a path
// react-admin would not give it runs inside its resource's context there, so useListContext, <ExportButton>,
// filters and useCreatePath behave as under <Resource>.
import type { ReactElement } from 'react';
import { ResourceContextProvider } from 'react-admin';
import type { Resource } from '../../contract/access';
import type { Role } from '../../contract/constants';
import { RESOURCE_DESCRIPTORS } from '../resources';
import {
  routesFor,
  VIEW_TYPES,
  type ResourceDescriptor,
  type ResourceRoute,
  type ResourceViews,
} from '../resources/descriptor';

export interface PrivateRoute {
  path: string;
  element: ReactElement;
}

function elementOf(descriptor: ResourceDescriptor, route: ResourceRoute): ReactElement {
  if ('page' in route) {
    const Page = route.page;
    return <Page />;
  }
  const View = descriptor.views[route.view];
  if (!View) throw new Error(`${descriptor.name} has no ${route.view} view for ${route.path}`);
  return (
    <ResourceContextProvider value={descriptor.name}>
      <View />
    </ResourceContextProvider>
  );
}

/** The pages a role may open, in the order of the descriptors (routing/routes.ts's ROLE_PAGES). */
export function privateRoutesFor(
  role: Role,
  descriptors: readonly ResourceDescriptor[] = RESOURCE_DESCRIPTORS,
): PrivateRoute[] {
  return descriptors.flatMap((descriptor) =>
    routesFor(descriptor, role).map((route) => ({ path: route.path, element: elementOf(descriptor, route) })),
  );
}

/** The react-admin resources of a role: each with the views it may open (none: not registered). */
export function resourcesFor(
  role: Role,
  descriptors: readonly ResourceDescriptor[] = RESOURCE_DESCRIPTORS,
): { name: Resource; views: ResourceViews }[] {
  return descriptors.flatMap((descriptor) => {
    const { icon, recordRepresentation } = descriptor.views;
    const views: ResourceViews = { icon, recordRepresentation };
    for (const route of routesFor(descriptor, role)) {
      if ('view' in route) views[route.view] = descriptor.views[route.view];
    }
    return VIEW_TYPES.some((view) => views[view]) ? [{ name: descriptor.name, views }] : [];
  });
}
