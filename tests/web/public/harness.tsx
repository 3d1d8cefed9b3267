// Renders the public pages as App.tsx mounts them: inside react-admin's AdminContext, on a memory router,
// with a test dataProvider and an authProvider stub.
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, vi, type Mock } from 'vitest';
import { publicRoutes } from '../../../src/customRoutes/public';
import type { PortalDataProvider } from '../../../src/dataProvider/types';
import { en } from '../../../src/i18n/en';

export const SUPPORT_URL = 'https://help.example.test/portal';

type Methods<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K];
};
export type TestDataProvider = Methods<PortalDataProvider>;

const refuse = () => Promise.reject(new Error('not used by the public pages'));

/** Calls a test puts in place of the defaults: any function, called with what the page passes. */
export type DataProviderOverrides = Partial<Record<keyof PortalDataProvider, (...args: never[]) => unknown>>;

export function testDataProvider(overrides: DataProviderOverrides = {}): TestDataProvider {
  const calls = {
    checkAvailability: async () => ({ isOcnExists: false, isEmailExists: false }),
    register: async () => ({ service_provider_uuid: 'sp-uuid-1' }),
    resendConfirmationEmail: async () => ({ message: 'Check your Email!' }),
    confirmEmail: async () => ({ message: 'ok' }),
    checkPasswordLink: async () => undefined,
    forgotPassword: async () => ({ message: 'ok' }),
    setNewPassword: async () => ({ message: 'ok' }),
    validateResellerCode: async () => ({ isValid: true }),
    getProfile: refuse,
    getPastDuePaymentUrl: async () => ({ url: 'https://pay.example.test/invoice/1' }),
    getList: refuse,
    getOne: refuse,
    getMany: refuse,
    getManyReference: refuse,
    create: refuse,
    update: refuse,
    updateMany: refuse,
    delete: refuse,
    deleteMany: refuse,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(calls).map(([name, fn]) => [name, vi.fn(fn)]),
  ) as unknown as TestDataProvider;
}

export type TestAuthProvider = { [K in keyof Required<AuthProvider>]: Mock };

export function testAuthProvider(
  login: AuthProvider['login'] = async () => ({ redirectTo: '/' }),
): TestAuthProvider {
  return {
    login: vi.fn(login),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 'me' })),
    canAccess: vi.fn(async () => true),
    handleCallback: vi.fn(async () => undefined),
  } as TestAuthProvider;
}

/**
 * The mocks as react-admin takes them. Each wraps the provider's call of its name, but a mock's type keeps no type
 * parameter (getList's record type) and the auth mocks' type covers supportAbortSignal too.
 */
export const asDataProvider = (dataProvider: TestDataProvider) =>
  dataProvider as unknown as PortalDataProvider;
export const asAuthProvider = (authProvider: TestAuthProvider) => authProvider as unknown as AuthProvider;

/** A failure as the providers reject with it (PortalHttpError). */
/** A viewport narrower than 960 px, as useMediaQuery sees it (the phone layouts). */
export function stubPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

export function httpError(status: number, body: Record<string, unknown>): Error {
  return Object.assign(new Error(String(body.message ?? `Request failed with status code ${status}`)), {
    status,
    body,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

const i18nProvider = polyglotI18nProvider(() => en, 'en');

export interface RenderOptions {
  dataProvider?: TestDataProvider;
  authProvider?: TestAuthProvider;
}

export function renderPublic(path: string, options: RenderOptions = {}) {
  const dataProvider = options.dataProvider ?? testDataProvider();
  const authProvider = options.authProvider ?? testAuthProvider();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ support_url: SUPPORT_URL, payments: 'sandbox' }), { status: 200 }),
    ),
  );
  const page = (name: string): ReactNode => <p>{`${name} page`}</p>;
  const result = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={asDataProvider(dataProvider)}
        authProvider={asAuthProvider(authProvider)}
        i18nProvider={i18nProvider}
      >
        <Routes>
          {publicRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
          <Route path="/" element={page('home')} />
          <Route path="/admin" element={page('admin')} />
          <Route path="/reseller" element={page('reseller')} />
          <Route path="/account/summary" element={page('account summary')} />
        </Routes>
        <LocationProbe />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, dataProvider, authProvider };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * renderPublic for a page loaded on demand (the public pages but the sign-in page): resolves once the page has
 * replaced its loading spinner.
 */
export async function renderPublicLoaded(path: string, options: RenderOptions = {}) {
  const result = renderPublic(path, options);
  await waitFor(() => {
    if (screen.queryByRole('progressbar', { name: 'Loading' })) throw new Error('the page is loading');
  });
  return result;
}
