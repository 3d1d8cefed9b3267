// Signing in and out (docs/screens.md, Sessions and roles): POST /api/auth/login keeps the token and the user
// in local storage; logging out forgets them, then asks the server to end the session (best effort: offline,
// it is forgotten here).
import type { LoginResponse } from '../../contract/api';
import { apiUrl, httpClient } from '../dataProvider/http';
import { decodeToken, homeOf, readSession, saveSession } from './session';
import type { LoginParams } from './types';

/** `forget` clears the session and the cached profile before anything else. */
export async function login({ email, password, remember }: LoginParams, forget: () => void) {
  forget();
  // A failure rejects with the PortalHttpError of httpClient: status and body (message,
  // service_provider_uuid, url) reach the login page untouched.
  const { json } = await httpClient<LoginResponse>(apiUrl('auth/login'), {
    method: 'POST',
    body: JSON.stringify({ email, password, remember: Boolean(remember) }),
  });
  const claims = json?.token ? decodeToken(json.token) : null;
  if (!claims) throw new Error('The server answered without a valid session token');
  saveSession(json.token, json.user);
  return { redirectTo: homeOf(claims.type) };
}

/** How long logging out waits for the server's answer before going to /login anyway. */
export const LOGOUT_TIMEOUT_MS = 3000;

/** Ends the server's session of `token`; any failure (offline, timeout, an answer other than 204) is ignored. */
async function endServerSession(token: string): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGOUT_TIMEOUT_MS);
  try {
    // plain fetch, not httpClient: the token was forgotten already, and a failure here is nobody's error
    await fetch(apiUrl('auth/logout'), {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
  } catch {
    // best effort: the session is gone from this browser whatever the server says
  } finally {
    clearTimeout(timer);
  }
}

/** Forgets the session here first, then ends it on the server when it was still live. */
export async function logout(forget: () => void, now: number = Date.now()) {
  const session = readSession(now);
  forget();
  if (session.status === 'signed-in') await endServerSession(session.token);
  return '/login';
}
