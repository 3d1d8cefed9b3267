// Signing in and out (SPEC.md §4 Session): POST /api/auth/login keeps the token and the user in local storage;
// logging out forgets them.
import type { LoginResponse } from '../../contract/api';
import { apiUrl, httpClient } from '../dataProvider/http';
import { decodeToken, homeOf, saveSession } from './session';
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

export async function logout(forget: () => void) {
  forget();
  return '/login';
}
