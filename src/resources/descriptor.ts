// What the web app knows of one resource, in one place: its API path, the roles and actions the role matrix
// (contract/access.ts) admits, its paths, its menu entry, where its texts are, and its views.
// The dataProvider's paths, the router, the guard and the menus are derived from the list in ./index.ts.
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { ACCESS_MATRIX, type Action, type Resource } from '../../contract/access';
import { ROLES, type Role } from '../../contract/constants';

/** How the dataProvider reaches the rows (docs/api.md); paths are under /api. */
export interface ResourceApi {
  path: string;
  /** The key of a row when the API does not call it `id`; copied into `id` for react-admin. */
  idField?: string;
  /** Where one row lives when it is not `<path>/{id}` (getOne, update, delete). */
  itemPath?: string;
  /** Where a new row is posted when it is not `<path>`. */
  createPath?: string;
  /** The verb of an update; ra-data-simple-rest's default is PUT. */
  updateMethod?: 'PUT' | 'PATCH';
  /** The list answers `{ total, data }` and pages with skip/take instead of a range (the private keys); or
   * its total may be `*`, with X-Has-Next-Page for react-admin's partial pagination (the numbers). */
  paging?: 'skip-take' | 'partial';
}

export const VIEW_TYPES = ['list', 'show', 'edit', 'create'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** The views react-admin registers with <Resource name {...views} />. */
export type ResourceViews = Partial<Record<ViewType, ComponentType>> &
  Pick<ResourceProps, 'icon' | 'recordRepresentation'>;

/**
 * A page of the resource at its portal path (docs/screens.md). A role may open it when the matrix gives the
 * role its action.
 * `:id` in a path is the record's id, `:param?` an optional segment.
 */
export type ResourceRoute =
  /** One of the resource's views; the action is the view's own unless said (an invitation is a create). */
  | { path: string; view: ViewType; action?: Action }
  /** A page that is not a react-admin view (the account pages). */
  | { path: string; page: ComponentType; action: Action };

export interface MenuEntry {
  /** Message key of the label. */
  label: string;
  /** The resource whose entry this one sits under. */
  parent?: Resource;
  /** Shown only to a provider with a subscription expiry date (docs/screens.md, Account summary). */
  needsSubscriptionExpiry?: boolean;
}

export interface ResourceDescriptor {
  /** The name react-admin, the dataProvider and the role matrix know it by. */
  name: Resource;
  /** null when no list path serves it (listed another way, or a path no screen shows). */
  api: ResourceApi | null;
  /** The actions each role may take on it: ACCESS_MATRIX's row, never written twice. */
  access: Readonly<Partial<Record<Role, readonly Action[]>>>;
  /** Its pages; the first is its home: the menu links to it and `section` leads to it. */
  routes: readonly ResourceRoute[];
  /** A path that redirects to the home of the resource ('/sti-certificate'). */
  section?: string;
  /** Its sidebar entry (linking to its home), or null for none. */
  menu: MenuEntry | null;
  /** Where its messages are in src/i18n/en.ts: `resources.<name>` for a react-admin resource. */
  texts: string;
  views: ResourceViews;
}

/** A descriptor as a resource folder writes it: the access comes from contract/access.ts. */
export type ResourceDefinition = Omit<ResourceDescriptor, 'access'>;

export function defineResource(definition: ResourceDefinition): ResourceDescriptor {
  const access: Partial<Record<Role, readonly Action[]>> = {};
  for (const role of ROLES) {
    const actions = ACCESS_MATRIX[role][definition.name];
    if (actions) access[role] = actions;
  }
  return { ...definition, access };
}

/** The action a role needs to open a route. */
export function actionOf(route: ResourceRoute): Action {
  return 'view' in route ? (route.action ?? route.view) : route.action;
}

export function mayOpen(descriptor: ResourceDescriptor, role: Role, route: ResourceRoute): boolean {
  return descriptor.access[role]?.includes(actionOf(route)) ?? false;
}

/** The routes of a descriptor that a role may open, in order. */
export function routesFor(descriptor: ResourceDescriptor, role: Role): ResourceRoute[] {
  return descriptor.routes.filter((route) => mayOpen(descriptor, role, route));
}

/** May the role open the resource's home (its first route)? Its menu entry and section follow it. */
export function opensHome(descriptor: ResourceDescriptor, role: Role): boolean {
  const home = descriptor.routes[0];
  return home !== undefined && mayOpen(descriptor, role, home);
}

export function viewRouteOf(descriptor: ResourceDescriptor, view: ViewType): ResourceRoute | undefined {
  return descriptor.routes.find((route) => 'view' in route && route.view === view);
}

/** Where react-admin's <Resource> mounts a view (what useCreatePath links to). */
export function reactAdminPath(name: string, view: ViewType): string {
  if (view === 'list') return `/${name}`;
  if (view === 'create') return `/${name}/create`;
  return view === 'show' ? `/${name}/:id/show` : `/${name}/:id`;
}

/** A route pattern with its parameters filled; an optional one left empty is dropped. Values are encoded. */
export function fillPath(pattern: string, params: Record<string, string | number | undefined> = {}): string {
  const segments = pattern.split('/').flatMap((segment) => {
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) return [segment];
    const value = params[param[1]];
    if (value !== undefined && value !== '') return [encodeURIComponent(String(value))];
    return param[2] ? [] : [segment];
  });
  return segments.join('/') || '/';
}

/** The names of a pattern's required parameters ('/a/:id/b/:x?' -> ['id']). */
export function requiredParamsOf(pattern: string): string[] {
  return pattern.split('/').flatMap((segment) => /^:(\w+)$/.exec(segment)?.[1] ?? []);
}
