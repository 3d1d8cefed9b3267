// What makes a list of resource descriptors sound, as sentences naming what is wrong: each descriptor is
// complete (a known name, its API said, routes for its views and only for actions some role has, its texts
// and menu label in the messages), and no two of them, nor a public page, claim one path.
import { RESOURCES } from '../../contract/access';
import { ROLES } from '../../contract/constants';
import {
  actionOf,
  reactAdminPath,
  requiredParamsOf,
  VIEW_TYPES,
  type ResourceDescriptor,
} from './descriptor';

export interface CheckOptions {
  /** The English message tree (src/i18n/en.ts). */
  messages: object;
  /** Paths that belong to no resource: the public pages. */
  reservedPaths?: readonly string[];
}

function lookup(messages: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      messages,
    );
}

/** The URLs a pattern matches, as comparable shapes: '/Admin/Payment/:uuid?' -> ['/admin/payment', '/admin/payment/:']. */
function shapesOf(pattern: string): string[] {
  const segments = pattern.toLowerCase().split('/');
  const required = segments.filter((s) => !s.endsWith('?')).map((s) => (s.startsWith(':') ? ':' : s));
  const shapes = [required.join('/') || '/'];
  if (segments.some((s) => s.endsWith('?')))
    shapes.push(segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/'));
  return shapes;
}

function pathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'does not start with /';
  if (path.length > 1 && path.endsWith('/')) return 'ends with /';
  return path.includes('//') ? 'has an empty segment' : null;
}

/** The problems of one descriptor on its own. */
function problemsOf(d: ResourceDescriptor, all: readonly ResourceDescriptor[], messages: object): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${d.name || '(unnamed)'}: ${text}`);
  if (!(RESOURCES as readonly string[]).includes(d.name)) say('is not a resource of contract/access.ts');
  if (d.api === undefined) say('says nothing of its API (api: null when no list path serves it)');
  else if (d.api && (!d.api.path || d.api.path.startsWith('/')))
    say(`api.path '${d.api.path}' is not a path under /api`);

  const routes = d.routes ?? [];
  if (routes.length === 0) say('has no route');
  const views = d.views ?? {};
  for (const route of routes) {
    const problem = pathProblem(route.path);
    if (problem) say(`route ${String(route.path)} ${problem}`);
    const action = actionOf(route);
    if (!ROLES.some((role) => d.access?.[role]?.includes(action))) {
      say(`no role may ${action} it in contract/access.ts, so ${route.path} never opens`);
    }
    if ('view' in route && !views[route.view])
      say(`${route.path} shows a ${route.view} view it does not have`);
    if ('page' in route && !route.page) say(`${route.path} has no page`);
  }
  for (const view of VIEW_TYPES) {
    if (views[view] && !routes.some((route) => 'view' in route && route.view === view)) {
      say(`its ${view} view has no route`);
    }
    const titleKey = (views[view] as { titleKey?: unknown } | undefined)?.titleKey;
    if (typeof titleKey === 'string' && typeof lookup(messages, titleKey) !== 'string') {
      say(`the title ${titleKey} of its ${view} view is not in the messages`);
    }
  }
  const home = routes[0]?.path ?? '';
  if ((d.section || d.menu) && requiredParamsOf(home).length)
    say(`its home ${home} needs a parameter, so no link can lead to it`);
  if (d.section !== undefined && (pathProblem(d.section) || d.section.includes(':')))
    say(`section ${d.section} is not a plain path`);

  if (d.menu === undefined) say('says nothing of its menu (menu: null for none)');
  else if (d.menu) {
    if (typeof lookup(messages, d.menu.label) !== 'string')
      say(`menu label ${d.menu.label} is not in the messages`);
    const parent = d.menu.parent;
    if (parent !== undefined && (parent === d.name || !all.some((p) => p.name === parent && p.menu))) {
      say(`menu parent ${parent} is not another resource with a menu entry`);
    }
  }

  if (!d.texts || typeof lookup(messages, d.texts) !== 'object')
    say(`texts ${String(d.texts)} are not in the messages`);
  else if (VIEW_TYPES.some((view) => views[view])) {
    if (d.texts !== `resources.${d.name}`)
      say(`texts must be resources.${d.name}, where react-admin reads them`);
    else if (typeof lookup(messages, `${d.texts}.name`) !== 'string')
      say(`${d.texts}.name is not in the messages`);
  }
  return problems;
}

/** Everything wrong with a list of descriptors; empty when it is sound. */
export function checkDescriptors(
  descriptors: readonly ResourceDescriptor[],
  options: CheckOptions,
): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  const claim = (owner: string, path: string) => {
    for (const shape of shapesOf(path)) {
      const other = owners.get(shape);
      if (other === undefined) owners.set(shape, owner);
      else if (other !== owner) problems.push(`${owner} and ${other} both claim ${path}`);
    }
  };
  for (const path of options.reservedPaths ?? []) claim('the public pages', path);

  const names = new Set<string>();
  for (const d of descriptors) {
    if (names.has(d.name)) problems.push(`${d.name}: declared twice`);
    names.add(d.name);
    problems.push(...problemsOf(d, descriptors, options.messages));

    const paths = new Set<string>();
    for (const route of d.routes ?? []) {
      if (typeof route.path !== 'string') continue;
      if (paths.has(route.path)) problems.push(`${d.name}: two routes at ${route.path}`);
      paths.add(route.path);
      claim(d.name, route.path);
    }
    if (d.section) claim(d.name, d.section);
    // react-admin mounts a resource with views at /<name>/*
    if (VIEW_TYPES.some((view) => d.views?.[view])) claim(d.name, reactAdminPath(d.name, 'list'));
  }
  return problems;
}
