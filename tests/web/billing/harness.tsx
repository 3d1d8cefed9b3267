// Renders the billing screens as App.tsx mounts them: the provider's pages and the public routes,
// inside react-admin's AdminContext on a memory router, with a test dataProvider.
import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { ServiceProviderProfile } from '../../../contract/api';
import { privateRoutesFor } from '../../../src/routing/mountPrivateRoutes';
import { publicRoutes } from '../../../src/customRoutes/public';
import { en } from '../../../src/i18n/en';
import {
  asAuthProvider,
  asDataProvider,
  testAuthProvider,
  testDataProvider,
  type DataProviderOverrides,
  type TestAuthProvider,
  type TestDataProvider,
} from '../public/harness';

export {
  asAuthProvider,
  asDataProvider,
  currentLocation,
  httpError,
  testAuthProvider,
  testDataProvider,
} from '../public/harness';
export type { DataProviderOverrides, TestDataProvider } from '../public/harness';

export const PROFILE: ServiceProviderProfile = {
  service_provider_uuid: 'sp-1',
  type: 'service-provider',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: 'Carrier One',
  printed_name: 'Ada Lovelace',
  ocn: '123A',
  email: 'ops@carrier.example',
  phone_number: '2015550123',
  title: 'CTO',
  address: '1 Main Street',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  country: 'US',
  filer_id: '123456',
  frn_number: '0012345678',
  is_active: true,
  is_confirmed: true,
  subscription_started_on: '2026-01-15T00:00:00Z',
  subscription_expired_on: '2027-01-15T00:00:00Z',
  auto_charge: false,
  created_on: '2026-01-10T00:00:00Z',
};

/** The billing calls with harmless answers; each test overrides what it looks at. */
export function billingDataProvider(overrides: DataProviderOverrides = {}): TestDataProvider {
  return testDataProvider({
    getProfile: async () => PROFILE,
    createSubscriptionCheckout: async () => ({ data: { url: 'https://pay.example.test/checkout/1' } }),
    extendSubscription: async () => ({ url: 'https://pay.example.test/extend/1' }),
    getPlan: async () => ({
      plan: { interval: 'year', interval_count: 1 },
      status: 'active',
      current_period_end: '2026-11-28T10:00:00.000Z',
      auto_charge: false,
      prices: { month: 100, year: 500 },
    }),
    changePlan: async () => ({ message: 'Auto charge period changed successfully' }),
    setAutoCharge: async () => ({ message: '' }),
    listCards: async () => ({ data: [] }),
    addCard: async () => ({ message: 'Your card has been successfully added' }),
    updateCard: async () => ({ message: 'Your card has been successfully updated' }),
    getFile: async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
    ...overrides,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const i18nProvider = polyglotI18nProvider(() => en, 'en');

/** No silent retries, as App.tsx's client: a failed load reaches the page at once. */
const noRetries = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export interface BillingRenderOptions {
  dataProvider?: TestDataProvider;
  authProvider?: TestAuthProvider;
  payments?: 'sandbox' | 'stripe';
  /** More public settings, or some of them replaced (undefined: left out). */
  settings?: Record<string, unknown>;
  /** Pages to mount instead of the provider's route table (screens whose server routes are not mounted yet). */
  pages?: Record<string, ReactNode>;
}

/** Stubs window.location.assign (the same-window navigation to a payment page) and returns the spy. */
export function stubAssign() {
  const assign = vi.fn();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  return assign;
}

export function renderBilling(path: string, options: BillingRenderOptions = {}) {
  const dataProvider = options.dataProvider ?? billingDataProvider();
  const authProvider = options.authProvider ?? testAuthProvider();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            support_url: 'https://help.example.test',
            payments: options.payments ?? 'sandbox',
            ...options.settings,
          }),
          { status: 200 },
        ),
    ),
  );
  const page = (name: string): ReactNode => <p>{`${name} page`}</p>;
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
            {(options.pages
              ? Object.entries(options.pages).map(([path, element]) => ({ path, element }))
              : privateRoutesFor('service-provider')
            ).map(({ path: p, element }) => (
              <Route key={p} path={p} element={element} />
            ))}
            {publicRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="/" element={page('home')} />
          </Routes>
        </Suspense>
        <LocationProbe />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, dataProvider, authProvider };
}
