// The public pages (docs/screens.md, Public pages) as paths, and what tells them apart: kept apart from the
// signed-in route tables (routes.ts, built from every resource descriptor), so that the public shell
// (App.tsx) loads without those.
import { createContext, useContext } from 'react';
import { matchPath } from 'react-router-dom';

/** Public pages a signed-in user is sent away from (to '/'). */
export const GUEST_ONLY_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/email-verify',
  '/register/confirm',
] as const;

/** Public pages anyone may open, signed in or not (the payment step, the agreement, an invitation). */
export const OPEN_PUBLIC_PATHS = ['/register/payment', '/agreement', '/accept-invite'] as const;

export const LOGIN_PATH = '/login';

export interface PublicPaths {
  /** Pages a signed-in user is sent away from. */
  guestOnly: readonly string[];
  /** Pages anyone may open. */
  open: readonly string[];
}

export const DEFAULT_PUBLIC_PATHS: PublicPaths = { guestOnly: GUEST_ONLY_PATHS, open: OPEN_PUBLIC_PATHS };

/** '/a//b/' -> '/a/b'; always starts with '/'. */
export function normalizePath(pathname: string): string {
  const collapsed = `/${pathname}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') || '/' : '/';
}

export function matchesAny(patterns: readonly string[], path: string): boolean {
  return patterns.some((pattern) => {
    const normalized = normalizePath(pattern);
    return (
      normalized === path || matchPath({ path: normalized, end: true, caseSensitive: false }, path) !== null
    );
  });
}

/** Is `pathname` one of the public pages (guest-only or open)? */
export function isPublicPath(pathname: string, publicPaths: PublicPaths = DEFAULT_PUBLIC_PATHS): boolean {
  const path = normalizePath(pathname);
  return matchesAny(publicPaths.guestOnly, path) || matchesAny(publicPaths.open, path);
}

/** Is `pathname` a page a signed-in user is sent away from? */
export function isGuestOnlyPath(pathname: string, publicPaths: PublicPaths = DEFAULT_PUBLIC_PATHS): boolean {
  return matchesAny(publicPaths.guestOnly, normalizePath(pathname));
}

/** The public paths of the app: the guest-only pages, and every other mounted public page as open. */
export function publicPathsFrom(mounted: readonly string[]): PublicPaths {
  const guestOnly = GUEST_ONLY_PATHS.map(normalizePath);
  const open = new Set<string>(OPEN_PUBLIC_PATHS);
  for (const path of mounted) {
    if (!guestOnly.includes(normalizePath(path))) open.add(path);
  }
  return { guestOnly: GUEST_ONLY_PATHS, open: [...open] };
}

export const PublicPathsContext = createContext<PublicPaths>(DEFAULT_PUBLIC_PATHS);

export function usePublicPaths(): PublicPaths {
  return useContext(PublicPathsContext);
}
