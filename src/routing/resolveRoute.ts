// The route guard (docs/screens.md, Sessions and roles) as one pure function: given a path and what is known
// of the session, allow the page, send the user elsewhere, or wait (for the profile a service provider's rule
// needs).
import { matchPath } from 'react-router-dom';
import { ROLES, type Role } from '../../contract/constants';
import { DEFAULT_PUBLIC_PATHS, LOGIN_PATH, matchesAny, normalizePath, type PublicPaths } from './publicPaths';
import {
  ACCOUNT_PAYMENT_PATH,
  ROLE_PAGES,
  ROLE_REDIRECTS,
  ROLE_SUMMARY_REDIRECT,
  ROOT_REDIRECT,
} from './routes';

/** What the guard needs of the profile: undefined while it loads, null when it could not be loaded. */
export interface GuardProfile {
  subscription_expired_on?: string | null;
  service_provider_uuid?: string;
}

export type RouteSession =
  | { authenticated: false }
  | {
      authenticated: true;
      role: Role;
      /** From the token; the profile's own uuid wins when both exist. */
      serviceProviderUuid?: string;
      profile?: GuardProfile | null;
    };

export type RouteDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'wait' };

export {
  DEFAULT_PUBLIC_PATHS,
  isPublicPath,
  normalizePath,
  publicPathsFrom,
  type PublicPaths,
} from './publicPaths';

/** The parent of a path: its last segment dropped ('/a/b' -> '/a', '/a' -> '/'). */
export function parentPath(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

/**
 * Where a redirect of the table sends `path`, if one applies. A key with parameters ('/invoices/:id/show')
 * passes its segments on, as they are in the URL, to the same names in its target.
 */
function redirectOf(redirects: Record<string, string>, path: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(redirects, path)) return redirects[path];
  for (const [from, to] of Object.entries(redirects)) {
    if (!from.includes(':') || !matchPath({ path: from, end: true, caseSensitive: false }, path)) continue;
    const segments = path.split('/');
    const params = new Map(from.split('/').map((segment, index) => [segment, segments[index]]));
    return to
      .split('/')
      .map((segment) => (segment.startsWith(':') ? (params.get(segment) ?? segment) : segment))
      .join('/');
  }
  return undefined;
}

/** Is `path` a page or a redirect of `role` (or of any role, for someone not signed in)? */
function isKnown(path: string, role: Role | null): boolean {
  if (path === '/') return true;
  const roles = role ? [role] : ROLES;
  return roles.some(
    (r) =>
      matchesAny(ROLE_PAGES[r], path) ||
      redirectOf(ROLE_REDIRECTS[r], path) !== undefined ||
      // admins and resellers reach the account summary through '/', to be sent to their own home
      (path === ROOT_REDIRECT && r in ROLE_SUMMARY_REDIRECT),
  );
}

/** One decision for one path; a redirect target is decided again by the caller. */
function step(path: string, session: RouteSession, publicPaths: PublicPaths): RouteDecision {
  if (matchesAny(publicPaths.guestOnly, path)) {
    return session.authenticated ? { type: 'redirect', to: '/' } : { type: 'allow' };
  }
  if (matchesAny(publicPaths.open, path)) return { type: 'allow' };

  const role = session.authenticated ? session.role : null;
  // an unknown last segment is dropped: the user goes to the parent path
  if (!isKnown(path, role)) return { type: 'redirect', to: parentPath(path) };
  if (!session.authenticated) return { type: 'redirect', to: LOGIN_PATH };

  if (path === '/') return { type: 'redirect', to: ROOT_REDIRECT };
  const redirectTarget = redirectOf(ROLE_REDIRECTS[session.role], path);
  if (redirectTarget) return { type: 'redirect', to: redirectTarget };
  const summaryTarget = path === ROOT_REDIRECT ? ROLE_SUMMARY_REDIRECT[session.role] : undefined;
  if (summaryTarget) return { type: 'redirect', to: summaryTarget };

  if (session.role === 'service-provider' && path !== ACCOUNT_PAYMENT_PATH) {
    if (session.profile === undefined) return { type: 'wait' };
    // a provider that has never had a subscription pays first (docs/screens.md, Sessions and roles)
    if (session.profile !== null && !session.profile.subscription_expired_on) {
      const uuid = session.profile.service_provider_uuid ?? session.serviceProviderUuid;
      const query = uuid ? `?uuid=${encodeURIComponent(uuid)}` : '';
      return { type: 'redirect', to: `${ACCOUNT_PAYMENT_PATH}${query}` };
    }
  }
  return { type: 'allow' };
}

const MAX_HOPS = 16;

/**
 * Where the guard sends a user who opens `pathname`: follows redirects to the page that is finally shown.
 * `allow` means stay; `wait` means the decision needs the profile, which is still loading.
 */
export function resolveRoute(
  pathname: string,
  session: RouteSession,
  publicPaths: PublicPaths = DEFAULT_PUBLIC_PATHS,
): RouteDecision {
  let path = normalizePath(pathname);
  let target: string | null = null;
  const seen = new Set<string>([path]);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const decision = step(path, session, publicPaths);
    // on `wait`, first move to the page the redirects lead to; the profile is awaited there
    if (decision.type !== 'redirect') return target === null ? decision : { type: 'redirect', to: target };
    target = decision.to;
    path = normalizePath(decision.to.split('?')[0]);
    if (seen.has(path)) break;
    seen.add(path);
  }
  // a loop would be a bug in the tables of routes.ts: stay rather than bounce between pages forever
  return { type: 'allow' };
}
