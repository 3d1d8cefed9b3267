import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/constants';
import { i18nProvider } from '../../src/layout/i18nProvider';
import { privateRoutesFor } from '../../src/routing/mountPrivateRoutes';
import { RouteGuard } from '../../src/routing/RouteGuard';
import {
  isPublicPath,
  normalizePath,
  parentPath,
  publicPathsFrom,
  resolveRoute,
  type RouteSession,
} from '../../src/routing/resolveRoute';
import { ROLE_PAGES } from '../../src/routing/routes';

const anonymous: RouteSession = { authenticated: false };
const withProfile = (subscription_expired_on: string | null): RouteSession => ({
  authenticated: true,
  role: 'service-provider',
  serviceProviderUuid: 'sp-1',
  profile: { subscription_expired_on, service_provider_uuid: 'sp-1' },
});
const provider = withProfile('2027-01-31T00:00:00.000Z');
const unpaidProvider = withProfile(null);
const loadingProvider: RouteSession = {
  authenticated: true,
  role: 'service-provider',
  serviceProviderUuid: 'sp-1',
};
const unknownProfileProvider: RouteSession = { ...loadingProvider, profile: null };
const reseller: RouteSession = { authenticated: true, role: 'reseller' };
const admin: RouteSession = { authenticated: true, role: 'admin' };

const allow = { type: 'allow' } as const;
const to = (path: string) => ({ type: 'redirect', to: path }) as const;

describe('path helpers', () => {
  it('normalizes slashes', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/account/summary/')).toBe('/account/summary');
    expect(normalizePath('//account//summary')).toBe('/account/summary');
  });
  it('drops the last segment', () => {
    expect(parentPath('/account/nope')).toBe('/account');
    expect(parentPath('/account')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });
});

describe('resolveRoute: redirects', () => {
  it.each<[string, RouteSession, ReturnType<typeof resolveRoute>]>([
    ['/', provider, to('/account/summary')],
    ['/account', provider, to('/account/summary')],
    ['/account/', provider, to('/account/summary')],
    ['/sti-certificate', provider, to('/sti-certificate/certificate')],
    ['/reseller', reseller, to('/reseller/sp')],
    ['/admin', admin, to('/admin/dashboard')],
    ['/', reseller, to('/reseller/sp')],
    ['/', admin, to('/admin/dashboard')],
  ])('%s', (path, session, expected) => {
    expect(resolveRoute(path, session)).toEqual(expected);
  });
});

describe('resolveRoute: the pages of each role are allowed', () => {
  const sessions: Record<Role, RouteSession> = { 'service-provider': provider, reseller, admin };
  const concrete = (pattern: string) => pattern.replace(/:\w+\?/, 'x-1').replace(/:\w+/, 'x-1');
  for (const role of Object.keys(ROLE_PAGES) as Role[]) {
    it.each(ROLE_PAGES[role].map((pattern) => [concrete(pattern)]))(`${role} %s`, (path) => {
      expect(resolveRoute(path, sessions[role])).toEqual(allow);
    });
  }
  it('keeps optional and required params', () => {
    expect(resolveRoute('/admin/payment', admin)).toEqual(allow);
    expect(resolveRoute('/admin/payment/4f7c', admin)).toEqual(allow);
    expect(resolveRoute('/admin/invoice', admin)).toEqual(allow);
    expect(resolveRoute('/admin/service-provider-details/4f7c', admin)).toEqual(allow);
    expect(resolveRoute('/admin/subscription-change-log/4f7c', admin)).toEqual(allow);
    expect(resolveRoute('/invoice-listing/42', provider)).toEqual(allow);
  });
});

describe('resolveRoute: unknown last segments go to the parent path', () => {
  it.each<[string, RouteSession, ReturnType<typeof resolveRoute>]>([
    ['/account/nope', provider, to('/account/summary')],
    ['/sti-certificate/nope', provider, to('/sti-certificate/certificate')],
    ['/payment-listing/nope', provider, to('/payment-listing')],
    ['/account/summary/nope', provider, to('/account/summary')],
    ['/nope', provider, to('/account/summary')],
    ['/a/b/c', provider, to('/account/summary')],
    ['/reseller/nope', reseller, to('/reseller/sp')],
    ['/admin/nope', admin, to('/admin/dashboard')],
    ['/admin/service-provider-details', admin, to('/admin/dashboard')],
    ['/admin/service-provider-details/4f7c/nope', admin, to('/admin/service-provider-details/4f7c')],
    ['/admin/payment/4f7c/nope', admin, to('/admin/payment/4f7c')],
  ])('%s', (path, session, expected) => {
    expect(resolveRoute(path, session)).toEqual(expected);
  });
});

describe('resolveRoute: signed-out users', () => {
  it.each([
    '/',
    '/account/summary',
    '/account',
    '/payment-listing',
    '/admin/resellers',
    '/reseller/sp',
    '/nope',
  ])('%s -> /login', (path) => {
    expect(resolveRoute(path, anonymous)).toEqual(to('/login'));
  });
  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/reset-password/',
    '/email-verify',
    '/register/confirm',
    '/register/payment',
  ])('may open the public page %s', (path) => {
    expect(resolveRoute(path, anonymous)).toEqual(allow);
  });
  it('an unknown page under a public one goes to its parent', () => {
    expect(resolveRoute('/register/nope', anonymous)).toEqual(to('/register'));
  });
});

describe('resolveRoute: signed-in users on public pages', () => {
  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password/',
    '/email-verify',
    '/register/confirm',
  ])('%s sends a signed-in user to / (and on to the home of the role)', (path) => {
    expect(resolveRoute(path, provider)).toEqual(to('/account/summary'));
    expect(resolveRoute(path, admin)).toEqual(to('/admin/dashboard'));
    expect(resolveRoute(path, reseller)).toEqual(to('/reseller/sp'));
  });
  it('the payment step and the open pages stay reachable', () => {
    expect(resolveRoute('/register/payment', provider)).toEqual(allow);
    expect(resolveRoute('/register/payment', unpaidProvider)).toEqual(allow);
    const publicPaths = publicPathsFrom(['/login', '/subscriber-agreement']);
    expect(resolveRoute('/subscriber-agreement', provider, publicPaths)).toEqual(allow);
    expect(resolveRoute('/subscriber-agreement', anonymous, publicPaths)).toEqual(allow);
    expect(resolveRoute('/login', provider, publicPaths)).toEqual(to('/account/summary'));
  });
});

describe('resolveRoute: role homes', () => {
  it('admin and reseller on the account summary go to their own area', () => {
    expect(resolveRoute('/account/summary', admin)).toEqual(to('/admin/dashboard'));
    expect(resolveRoute('/account/summary', reseller)).toEqual(to('/reseller/sp'));
  });
  it('a role opening another role’s page lands on its own home', () => {
    expect(resolveRoute('/admin/resellers', provider)).toEqual(to('/account/summary'));
    expect(resolveRoute('/payment-listing', admin)).toEqual(to('/admin/dashboard'));
    expect(resolveRoute('/sti-certificate/private-key', reseller)).toEqual(to('/reseller/sp'));
    expect(resolveRoute('/reseller/sp', admin)).toEqual(to('/admin/dashboard'));
  });
});

describe('resolveRoute: a provider without a subscription expiry date', () => {
  it('is sent to /account/payment with its uuid', () => {
    expect(resolveRoute('/account/summary', unpaidProvider)).toEqual(to('/account/payment?uuid=sp-1'));
    expect(resolveRoute('/payment-listing', unpaidProvider)).toEqual(to('/account/payment?uuid=sp-1'));
    expect(resolveRoute('/', unpaidProvider)).toEqual(to('/account/payment?uuid=sp-1'));
  });
  it('may stay on /account/payment', () => {
    expect(resolveRoute('/account/payment', unpaidProvider)).toEqual(allow);
  });
  it('waits while the profile loads, after the plain redirects', () => {
    expect(resolveRoute('/account/summary', loadingProvider)).toEqual({ type: 'wait' });
    expect(resolveRoute('/', loadingProvider)).toEqual(to('/account/summary'));
  });
  it('is let through when the profile could not be loaded', () => {
    expect(resolveRoute('/account/summary', unknownProfileProvider)).toEqual(allow);
  });
  it('does not apply to admins and resellers', () => {
    expect(resolveRoute('/admin/resellers', { ...admin })).toEqual(allow);
  });
});

describe('isPublicPath', () => {
  it('knows the public pages', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/register/payment')).toBe(true);
    expect(isPublicPath('/account/summary')).toBe(false);
  });
});

describe('the mounted pages match the route table', () => {
  it('each role mounts exactly its pages', () => {
    for (const role of Object.keys(ROLE_PAGES) as Role[]) {
      expect(privateRoutesFor(role).map((r) => r.path)).toEqual([...ROLE_PAGES[role]]);
    }
  });
});

// the component

function token(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderGuard(path: string, authProvider: AuthProvider) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route
            path="/login"
            element={
              <RouteGuard>
                <div>login page</div>
              </RouteGuard>
            }
          />
          <Route
            path="*"
            element={
              <RouteGuard>
                <div>private page</div>
              </RouteGuard>
            }
          />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

const future = () => Math.floor(Date.now() / 1000) + 3600;

function stubAuth(profile: Record<string, unknown> | null): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => 'service-provider',
    getIdentity: async () => ({ id: 'u-1', fullName: 'Ada Lovelace', role: 'service-provider', profile }),
  };
}

describe('RouteGuard', () => {
  it('sends a signed-out user to /login', async () => {
    renderGuard('/account/summary', stubAuth(null));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('clears an expired token and sends the user to /login', async () => {
    localStorage.setItem('token', token({ sub: 'u-1', type: 'service-provider', exp: 1000 }));
    renderGuard('/account/summary', stubAuth(null));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a signed-in user away from /login', async () => {
    localStorage.setItem('token', token({ sub: 'u-1', type: 'service-provider', exp: future() }));
    renderGuard('/login', stubAuth({ subscription_expired_on: '2027-01-01', service_provider_uuid: 'sp-1' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/summary'));
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });

  it('sends a provider without a subscription to the payment page', async () => {
    localStorage.setItem(
      'token',
      token({ sub: 'u-1', type: 'service-provider', service_provider_uuid: 'sp-1', exp: future() }),
    );
    renderGuard(
      '/payment-listing',
      stubAuth({ subscription_expired_on: null, service_provider_uuid: 'sp-1' }),
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/payment?uuid=sp-1'));
  });

  it('renders an allowed page', async () => {
    localStorage.setItem('token', token({ sub: 'u-1', type: 'service-provider', exp: future() }));
    renderGuard('/import-history', stubAuth({ subscription_expired_on: '2027-01-01' }));
    expect(await screen.findByText('private page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/import-history');
  });
});

// the whole app: the routes of the role are mounted and guarded

const appProfile = {
  service_provider_uuid: 'sp-1',
  company_name: 'Analytical Telecom',
  ocn: '123A',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone_number: '(202) 555-0123',
  subscription_started_on: '2026-01-31T12:00:00.000Z',
  subscription_expired_on: '2027-01-31T00:00:00.000Z',
};

function serveApp() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url).split('?')[0];
      if (path === '/api/service_provider') return new Response(JSON.stringify(appProfile), { status: 200 });
      if (path === '/api/public/settings') {
        return new Response(
          JSON.stringify({ support_url: 'https://help.example.org', payments: 'sandbox' }),
          { status: 200 },
        );
      }
      return new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
}

describe('App routing', () => {
  it('sends a signed-in user who opens /login to the home of the role in one redirect', async () => {
    serveApp();
    localStorage.setItem(
      'token',
      token({
        sub: 'u-1',
        type: 'service-provider',
        service_provider_uuid: 'sp-1',
        exp: future(),
        first_name: 'Ada',
        last_name: 'Lovelace',
      }),
    );
    window.history.replaceState(null, '', '/login');
    // every navigation of the browser router is one of these two, with its URL (the router's first call, without
    // one, only numbers the entry it starts on)
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const pushState = vi.spyOn(window.history, 'pushState');
    try {
      const { App } = await import('../../src/App');
      render(<App />);
      expect(
        await screen.findByRole('heading', { name: 'Account Summary' }, { timeout: 8000 }),
      ).toBeInTheDocument();
      expect(await screen.findByText('123A')).toBeInTheDocument();
      expect(window.location.pathname).toBe('/account/summary');
      const navigations = [...replaceState.mock.calls, ...pushState.mock.calls]
        .map(([, , url]) => url)
        .filter((url) => url !== undefined)
        .map(String);
      expect(navigations).toEqual(['/account/summary']);
      expect(pushState).not.toHaveBeenCalled();
    } finally {
      replaceState.mockRestore();
      pushState.mockRestore();
      vi.unstubAllGlobals();
      window.history.replaceState(null, '', '/');
    }
  });

  it('mounts the pages of the signed-in role and applies the guard', async () => {
    serveApp();
    try {
      localStorage.setItem(
        'token',
        token({
          sub: 'u-1',
          type: 'service-provider',
          service_provider_uuid: 'sp-1',
          exp: future(),
          first_name: 'Ada',
          last_name: 'Lovelace',
        }),
      );
      window.history.replaceState(null, '', '/account/nope');
      const { App } = await import('../../src/App');
      render(<App />);
      expect(
        await screen.findByRole('heading', { name: 'Account Summary' }, { timeout: 8000 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/account/summary');
      expect(await screen.findByText('123A')).toBeInTheDocument();
      expect(screen.getByText('1/31/2027')).toBeInTheDocument();
      expect(screen.getByText('1/31/2026')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Extend' })).toBeEnabled();
      expect(screen.getByRole('link', { name: 'Auto Renewal', hidden: false })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
      window.history.replaceState(null, '', '/');
    }
  });
});
