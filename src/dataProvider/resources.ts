// Resource name (what react-admin and the role matrix call it) -> how the API serves it, from each
// resource's descriptor (src/resources/<name>/index.ts).
import { RESOURCE_DESCRIPTORS } from '../resources';
import type { ResourceApi, ResourceDescriptor } from '../resources/descriptor';

export type ResourceConfig = ResourceApi;

/** The API of every resource that has a list path. */
export function apiConfigsOf(descriptors: readonly ResourceDescriptor[]): Record<string, ResourceConfig> {
  return Object.fromEntries(descriptors.flatMap(({ name, api }) => (api ? [[name, api]] : [])));
}

export const RESOURCE_CONFIG: Readonly<Record<string, ResourceConfig>> = apiConfigsOf(RESOURCE_DESCRIPTORS);

export function resourceConfig(resource: string): ResourceConfig {
  return Object.prototype.hasOwnProperty.call(RESOURCE_CONFIG, resource)
    ? RESOURCE_CONFIG[resource]
    : { path: resource };
}

/** The API path of a resource; an unmapped name is used as the path itself. */
export function resourcePath(resource: string): string {
  return resourceConfig(resource).path;
}
