// What react-admin asks of the session (docs/screens.md, Sessions and roles): is someone signed in, does an
// API error end the session, which role is it, and may that role do this.
import { canAccess as roleCanAccess, type AccessRequest } from '../../contract/access';
import { readSession } from './session';

/** `onSignedOut` forgets the cached profile of a session that is gone. */
export async function checkAuth(now: number, onSignedOut: () => void) {
  const session = readSession(now);
  if (session.status === 'signed-in') return;
  onSignedOut();
  // nothing to say to someone who never signed in; an expired session gets react-admin's notice
  throw { redirectTo: '/login', message: session.status === 'signed-out' ? false : undefined };
}

/** A 401 from the API ends the session: `forget` clears it. */
export async function checkError(error: unknown, forget: () => void) {
  const status = (error as { status?: number } | null)?.status;
  if (status === 401) {
    forget();
    throw { redirectTo: '/login', logoutUser: true };
  }
}

export async function getPermissions(now: number) {
  const session = readSession(now);
  return session.status === 'signed-in' ? session.role : null;
}

export async function canAccess(now: number, { action, resource, record }: AccessRequest) {
  const session = readSession(now);
  return session.status === 'signed-in' && roleCanAccess(session.role, { action, resource, record });
}
