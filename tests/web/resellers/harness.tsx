// Renders the reseller and admin screens as App.tsx mounts them for a role: its private routes and the public
// pages, inside react-admin's AdminContext on a memory router, with a test dataProvider and an identity whose
// profile carries the promo code.
import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { Role } from '../../../contract/constants';
import { publicRoutes } from '../../../src/customRoutes/public';
import { en } from '../../../src/i18n/en';
import { privateRoutesFor } from '../../../src/routing/mountPrivateRoutes';
import {
  asAuthProvider,
  asDataProvider,
  testAuthProvider,
  testDataProvider,
  type TestDataProvider,
} from '../public/harness';

export { currentLocation, httpError, testDataProvider } from '../public/harness';
export type { TestDataProvider } from '../public/harness';

export const PROMO_CODE = 'K7M2QX9P';
/** PROMO_CODE as the screens show it. */
export const PROMO_CODE_SHOWN = 'K7M2-QX9P';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const i18nProvider = polyglotI18nProvider(() => en, 'en');

/** No silent retries, as App.tsx's client: a failed load reaches the page at once. */
const noRetries = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function renderAs(role: Role, path: string, dataProvider: TestDataProvider = testDataProvider()) {
  const authProvider = testAuthProvider();
  authProvider.getIdentity.mockImplementation(async () => ({
    id: 'me',
    fullName: 'Rita Reseller',
    role,
    profile: role === 'reseller' ? { id: 'r-1', url_token: PROMO_CODE, company_name: 'Resell Co' } : null,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ support_url: 'https://help.example.test', payments: 'sandbox' })),
    ),
  );
  const result = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        queryClient={noRetries()}
        dataProvider={asDataProvider(dataProvider)}
        authProvider={asAuthProvider(authProvider)}
        i18nProvider={i18nProvider}
      >
        <Suspense fallback={<p>loading page</p>}>
          <Routes>
            {privateRoutesFor(role).map(({ path: p, element }) => (
              <Route key={p} path={p} element={element} />
            ))}
            {publicRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </Suspense>
        <LocationProbe />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, dataProvider, authProvider };
}

export const columnHeaders = (screen: { getAllByRole: (role: string) => HTMLElement[] }) =>
  screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
