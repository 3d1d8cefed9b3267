// The session kept in the browser (docs/screens.md, Sessions and roles): the token in local storage under
// 'token', the signed-in user beside it. Reading the session decodes the token; an undecodable or expired
// token is cleared on the spot.
import { jwtDecode } from 'jwt-decode';
import { roleOf, type Role } from '../../contract/constants';
import type { SessionUser, TokenClaims } from '../../contract/api';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export type Session =
  | { status: 'signed-in'; token: string; claims: TokenClaims; role: Role }
  /** No token at all. */
  | { status: 'signed-out' }
  /** There was a token, but it was undecodable or expired: it has just been cleared. */
  | { status: 'expired' };

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function saveSession(token: string, user?: SessionUser): void {
  const store = storage();
  if (!store) return;
  store.setItem(TOKEN_KEY, token);
  if (user) store.setItem(USER_KEY, JSON.stringify(user));
  else store.removeItem(USER_KEY);
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
}

export function getStoredUser(): SessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

/** The claims of a token, or null when it cannot be decoded or lacks what a session needs. */
export function decodeToken(token: string): TokenClaims | null {
  try {
    const claims = jwtDecode<Partial<TokenClaims>>(token);
    if (!claims || typeof claims !== 'object' || typeof claims.exp !== 'number') return null;
    return { ...(claims as TokenClaims), type: roleOf(claims.type) };
  } catch {
    return null;
  }
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, now: number = Date.now()): boolean {
  return claims.exp * 1000 <= now;
}

/** The current session; clears a stored token that is undecodable or expired. */
export function readSession(now: number = Date.now()): Session {
  const token = getToken();
  if (token === null) return { status: 'signed-out' };
  const claims = token ? decodeToken(token) : null;
  if (!claims || isExpired(claims, now)) {
    clearSession();
    return { status: 'expired' };
  }
  return { status: 'signed-in', token, claims, role: claims.type };
}

/** Where each role lands after signing in. */
export function homeOf(role: Role): string {
  if (role === 'admin') return '/admin';
  if (role === 'reseller') return '/reseller';
  return '/';
}
