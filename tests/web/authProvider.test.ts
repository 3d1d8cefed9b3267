import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, type PortalAuthProvider } from '../../src/authProvider';
import {
  RESELLER_CODE_KEY,
  captureResellerCode,
  clearResellerCode,
  readResellerCode,
  storeResellerCode,
  validStoredResellerCode,
} from '../../src/authProvider/resellerCode';
import { LOGOUT_TIMEOUT_MS } from '../../src/authProvider/login';
import { decodeToken, readSession } from '../../src/authProvider/session';
import type { PortalHttpError } from '../../src/dataProvider/types';

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}
function makeToken(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const claimsOf = (type: string, extra: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  type,
  exp: inAnHour(),
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: 'Analytical Telecom',
  ...extra,
});

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const profile = {
  service_provider_uuid: 'sp-1',
  company_name: 'Analytical Telecom',
  subscription_expired_on: '2027-01-31T00:00:00.000Z',
};

function provider(): PortalAuthProvider {
  return createAuthProvider();
}

describe('login', () => {
  it('posts the credentials and keeps the token and the user', async () => {
    const token = makeToken(claimsOf('service-provider', { service_provider_uuid: 'sp-1' }));
    const user = {
      id: 'user-1',
      type: 'service-provider',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token, user }));
    const result = await provider().login({ email: 'ada@example.com', password: 'secret1', remember: true });
    expect(result).toEqual({ redirectTo: '/' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      remember: true,
    });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it.each([
    ['admin', '/admin'],
    ['reseller', '/reseller'],
    ['service-provider', '/'],
    ['something-else', '/'],
  ])('sends a %s to %s', async (type, home) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: makeToken(claimsOf(type)), user: {} }));
    await expect(provider().login({ email: 'a@b.co', password: 'secret1' })).resolves.toEqual({
      redirectTo: home,
    });
  });

  it('rejects with the status and the whole body, so the login page can act on each outcome', async () => {
    const body = {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Service provider is not active',
      service_provider_uuid: 'sp-9',
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(403, body));
    const error = (await provider()
      .login({ email: 'a@b.co', password: 'secret1' })
      .catch((e: unknown) => e)) as PortalHttpError;
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(403);
    expect(error.message).toBe('Service provider is not active');
    expect(error.body).toEqual(body);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('passes the url of a past-due answer through', async () => {
    const body = {
      message: 'Service provider has past due subscription and should pay new invoice',
      url: 'https://pay.example/x',
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(402, body));
    await expect(provider().login({ email: 'a@b.co', password: 'secret1' })).rejects.toMatchObject({
      status: 402,
      body: { url: 'https://pay.example/x' },
    });
  });

  it('refuses an answer without a usable token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'garbage', user: {} }));
    await expect(provider().login({ email: 'a@b.co', password: 'secret1' })).rejects.toThrow();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('checkAuth', () => {
  it('resolves with a valid token', async () => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider')));
    await expect(provider().checkAuth({})).resolves.toBeUndefined();
  });

  it('rejects without a token', async () => {
    await expect(provider().checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('clears and rejects an expired token', async () => {
    localStorage.setItem(
      'token',
      makeToken(claimsOf('service-provider', { exp: Math.floor(Date.now() / 1000) - 5 })),
    );
    localStorage.setItem('user', '{}');
    await expect(provider().checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it.each(['garbage', 'a.b.c', `${b64url({ alg: 'none' })}.${b64url({ sub: 'x' })}.`, ''])(
    'clears and rejects the undecodable token %j',
    async (token) => {
      localStorage.setItem('token', token);
      await expect(provider().checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
      expect(localStorage.getItem('token')).toBeNull();
    },
  );
});

describe('checkError', () => {
  it('logs out on 401', async () => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider')));
    await expect(provider().checkError({ status: 401, message: 'Unauthorized' })).rejects.toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([400, 403, 404, 409, 422, 500, 0])('keeps the session on %i', async (status) => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider')));
    await expect(provider().checkError({ status })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});

describe('logout', () => {
  it('clears the token and the user and goes to /login', async () => {
    localStorage.setItem('token', makeToken(claimsOf('admin')));
    localStorage.setItem('user', '{"id":"user-1"}');
    await expect(provider().logout({})).resolves.toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ends the session on the server with the token it held', async () => {
    const token = makeToken(claimsOf('service-provider'));
    localStorage.setItem('token', token);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(provider().logout({})).resolves.toBe('/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('still clears the session and goes to /login when the network fails or the server refuses', async () => {
    for (const answer of [
      () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')),
      () => fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Your session has expired.' })),
      () => fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'down' })),
    ]) {
      localStorage.setItem('token', makeToken(claimsOf('reseller')));
      localStorage.setItem('user', '{"id":"user-1"}');
      answer();
      await expect(provider().logout({})).resolves.toBe('/login');
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not wait for a server that does not answer', async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem('token', makeToken(claimsOf('admin')));
      fetchMock.mockImplementationOnce(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const out = provider().logout({});
      expect(localStorage.getItem('token')).toBeNull();
      await vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS);
      await expect(out).resolves.toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing of the server without a live token', async () => {
    await expect(provider().logout({})).resolves.toBe('/login');
    localStorage.setItem('token', makeToken(claimsOf('admin', { exp: Math.floor(Date.now() / 1000) - 10 })));
    await expect(provider().logout({})).resolves.toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a 401 (the session already ended on the server) only clears it here', async () => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider')));
    const auth = provider();
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ logoutUser: true });
    await expect(auth.logout({})).resolves.toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('getPermissions', () => {
  it.each([
    ['admin', 'admin'],
    ['reseller', 'reseller'],
    ['service-provider', 'service-provider'],
    ['customer', 'service-provider'],
  ])('type %s -> %s', async (type, role) => {
    localStorage.setItem('token', makeToken(claimsOf(type)));
    await expect(provider().getPermissions()).resolves.toBe(role);
  });

  it('is null when nobody is signed in', async () => {
    await expect(provider().getPermissions()).resolves.toBeNull();
  });
});

describe('canAccess', () => {
  it('reads the role matrix with the role of the token', async () => {
    localStorage.setItem('token', makeToken(claimsOf('reseller')));
    const auth = provider();
    await expect(auth.canAccess!({ action: 'list', resource: 'reseller-companies' })).resolves.toBe(true);
    await expect(auth.canAccess!({ action: 'list', resource: 'resellers' })).resolves.toBe(false);
  });
  it('allows nothing without a session', async () => {
    await expect(provider().canAccess!({ action: 'list', resource: 'payments' })).resolves.toBe(false);
  });
});

describe('getIdentity', () => {
  it('builds the identity from the token and adds the provider profile, loaded once', async () => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider', { service_provider_uuid: 'sp-1' })));
    fetchMock.mockImplementation(async () => jsonResponse(200, profile));
    const auth = provider();
    const identity = await auth.getIdentity();
    expect(identity).toMatchObject({
      id: 'user-1',
      fullName: 'Ada Lovelace',
      company_name: 'Analytical Telecom',
      role: 'service-provider',
      service_provider_uuid: 'sp-1',
      profile,
    });
    await auth.getIdentity();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/service_provider');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    auth.invalidateProfile();
    await auth.getIdentity();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('loads no profile for an admin', async () => {
    localStorage.setItem('token', makeToken(claimsOf('admin', { company_name: undefined })));
    const identity = await provider().getIdentity();
    expect(identity).toMatchObject({ id: 'user-1', role: 'admin', profile: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the reseller profile for a reseller', async () => {
    localStorage.setItem('token', makeToken(claimsOf('reseller')));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { url_token: 'PROMO1' }));
    const identity = await provider().getIdentity();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/reseller');
    expect(identity.profile).toEqual({ url_token: 'PROMO1' });
  });

  it('reports a profile that failed to load and keeps the session', async () => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider')));
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Database unavailable' }));
    const identity = await provider().getIdentity();
    expect(identity.profile).toBeNull();
    expect(identity.profileError).toBe('Database unavailable');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('ends the session when the profile answers 401', async () => {
    localStorage.setItem('token', makeToken(claimsOf('service-provider')));
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthorized' }));
    await expect(provider().getIdentity()).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('rejects when nobody is signed in', async () => {
    await expect(provider().getIdentity()).rejects.toThrow();
  });
});

describe('session helpers', () => {
  it('decodes a token and normalizes its role', () => {
    expect(decodeToken(makeToken(claimsOf('weird')))?.type).toBe('service-provider');
    expect(decodeToken('nope')).toBeNull();
    expect(decodeToken(makeToken({ sub: 'x' }))).toBeNull();
  });
  it('reads the session state', () => {
    expect(readSession().status).toBe('signed-out');
    localStorage.setItem('token', makeToken(claimsOf('admin')));
    expect(readSession()).toMatchObject({ status: 'signed-in', role: 'admin' });
    expect(readSession(Date.now() + 2 * 3600 * 1000).status).toBe('expired');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('reseller promo code', () => {
  it('is kept in session storage under its own key', () => {
    storeResellerCode(' PROMO1 ');
    expect(sessionStorage.getItem(RESELLER_CODE_KEY)).toBe('PROMO1');
    expect(readResellerCode()).toBe('PROMO1');
    clearResellerCode();
    expect(readResellerCode()).toBeNull();
  });

  it('is captured from the rc query parameter', () => {
    expect(captureResellerCode('?rc=ABC123&x=1')).toBe('ABC123');
    expect(readResellerCode()).toBe('ABC123');
    expect(captureResellerCode('?x=1')).toBeNull();
    expect(readResellerCode()).toBe('ABC123');
  });

  it('is removed when the server says it is invalid', async () => {
    storeResellerCode('OLD');
    await expect(validStoredResellerCode(async () => ({ isValid: false }))).resolves.toBeNull();
    expect(readResellerCode()).toBeNull();
    storeResellerCode('GOOD');
    await expect(validStoredResellerCode(async () => ({ isValid: true }))).resolves.toBe('GOOD');
    await expect(
      validStoredResellerCode(async () => {
        throw new Error('Network Error');
      }),
    ).resolves.toBeNull();
    expect(readResellerCode()).toBe('GOOD');
  });
});
