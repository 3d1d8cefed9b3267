// The react-admin resources of each role. Each resource's views live in its own folder here
// (`src/resources/<name>/index.ts` exporting `{ list, show, create, edit, icon, recordRepresentation }`);
// App.tsx registers them with <Resource name={name} {...views} />. A resource without views yet is
// still registered, so its name, labels and access rules are known to react-admin.
import type { ResourceProps } from 'react-admin';
import { resourcesOf, type Resource } from '../../contract/access';
import type { Role } from '../../contract/constants';
import { RESOURCE_CONFIG } from '../dataProvider/resources';

export type ResourceViews = Omit<ResourceProps, 'name'>;

/** The views of each resource, as later releases add them. */
export const RESOURCE_VIEWS: Partial<Record<Resource, ResourceViews>> = {};

/** The resources a role works with: those it may list and the dataProvider knows a path for. */
export function resourcesFor(role: Role): { name: Resource; views: ResourceViews }[] {
  return resourcesOf(role)
    .filter((name) => name in RESOURCE_CONFIG)
    .map((name) => ({ name, views: RESOURCE_VIEWS[name] ?? {} }));
}
