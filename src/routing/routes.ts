// The route table as data: the public pages, the pages of each role and the redirects.
// The signed-in pages come from the resource descriptors (src/resources), so what the guard allows is
// exactly what routing/mountPrivateRoutes.tsx mounts.
import { ROLES, type Role } from '../../contract/constants';
import { RESOURCE_DESCRIPTORS } from '../resources';
import {
  fillPath,
  opensHome,
  reactAdminPath,
  requiredParamsOf,
  routesFor,
  type ResourceDescriptor,
} from '../resources/descriptor';

export { ACCOUNT_PAYMENT_PATH } from '../resources/subscription';

export { GUEST_ONLY_PATHS, LOGIN_PATH, OPEN_PUBLIC_PATHS } from './publicPaths';

function perRole<T>(build: (role: Role) => T): Record<Role, T> {
  return Object.fromEntries(ROLES.map((role) => [role, build(role)])) as Record<Role, T>;
}

/** The signed-in pages of each role: the routes of the resources whose action the role may take. */
export function rolePagesOf(descriptors: readonly ResourceDescriptor[]): Record<Role, readonly string[]> {
  return perRole((role) => descriptors.flatMap((d) => routesFor(d, role).map((route) => route.path)));
}

/**
 * The redirects of each role: a section to its resource's home ('/sti-certificate' ->
 * '/sti-certificate/certificate'), and react-admin's own path of a view to the portal path that shows it
 * ('/invoices/:id/show' -> '/invoice-listing/:id'), so that useCreatePath's links land on the one page.
 */
export function roleRedirectsOf(
  descriptors: readonly ResourceDescriptor[],
): Record<Role, Record<string, string>> {
  return perRole((role) => {
    const redirects: Record<string, string> = {};
    for (const descriptor of descriptors) {
      if (descriptor.section && opensHome(descriptor, role)) {
        redirects[descriptor.section] = fillPath(descriptor.routes[0].path);
      }
      for (const route of routesFor(descriptor, role)) {
        if (!('view' in route)) continue;
        const from = reactAdminPath(descriptor.name, route.view);
        const to = fillPath(route.path);
        // a page that needs a parameter react-admin's path does not hold (a provider's uuid) is left out
        const reachable = requiredParamsOf(to).every((param) => requiredParamsOf(from).includes(param));
        if (from !== to && reachable) redirects[from] = to;
      }
    }
    return redirects;
  });
}

/** The signed-in pages of each role. `:param` is a required segment, `:param?` an optional one. */
export const ROLE_PAGES = rolePagesOf(RESOURCE_DESCRIPTORS);

/** Paths that lead elsewhere, per role that owns them. '/' is everyone's. */
export const ROLE_REDIRECTS = roleRedirectsOf(RESOURCE_DESCRIPTORS);

export const ROOT_REDIRECT = '/account/summary';

/** Where admins and resellers go instead of the account summary. */
export const ROLE_SUMMARY_REDIRECT: Partial<Record<Role, string>> = {
  admin: '/admin',
  reseller: '/reseller',
};
