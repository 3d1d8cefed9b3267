// Renders the admin's screens as App.tsx mounts them for an admin: its private routes inside react-admin's
// AdminContext on a memory router, with a test dataProvider whose admin calls answer harmlessly by default.
import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { AdminProviderDetails } from '../../../contract/admin';
import { privateRoutesFor } from '../../../src/routing/mountPrivateRoutes';
import { en } from '../../../src/i18n/en';
import { withProviderParts } from '../../../src/dataProvider/providerParts';
import {
  asAuthProvider,
  asDataProvider,
  testAuthProvider,
  testDataProvider,
  type DataProviderOverrides,
  type TestDataProvider,
} from '../public/harness';

export { httpError } from '../public/harness';

export const PROVIDER: AdminProviderDetails = {
  id: 'sp-1',
  company_name: 'Carrier One',
  ocn: '123A',
  email: 'ops@carrier.example',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'active',
  is_active: true,
  is_confirmed: true,
  reseller_id: null,
  reseller_name: null,
  subscription_expired_on: '2027-01-15T00:00:00Z',
  created_on: '2026-01-10T00:00:00Z',
  phone_number: '2015550123',
  title: 'CTO',
  address: '1 Main Street',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  country: 'US',
  filer_id: '123456',
  frn_number: null,
  subscription: {
    status: 'active',
    recurring_interval: 'year',
    current_period_start: '2026-01-15T00:00:00Z',
    current_period_end: '2027-01-15T00:00:00Z',
    auto_charge: false,
  },
  counts: { keys: 1, certificates: 1, numbers: 0, imports: 0, payments: 1, invoices: 1 },
};

export function adminDataProvider(overrides: DataProviderOverrides = {}): TestDataProvider {
  const dataProvider: TestDataProvider = testDataProvider({
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: PROVIDER }),
    update: async (_resource: string, params: { data: object }) => ({
      data: { ...PROVIDER, ...params.data },
    }),
    providerRows: async () => ({ data: [], total: 0 }),
    resellerOptions: async () => [
      { id: 'rs-1', name: 'Resell Co', is_active: true },
      { id: 'rs-2', name: 'Other Resale', is_active: true },
    ],
    grantExtension: async () => ({ message: 'The extension has been granted', subscription_expired_on: '' }),
    resendProviderConfirmation: async () => ({ message: 'The confirmation mail has been sent' }),
    revokeProviderCertificate: async () => ({ message: 'Certificate revoked' }),
    importNumbersFor: async () => ({ id: 'imp-1' }),
    getFile: async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
    adminUncoveredDelegates: async () => [],
    ...overrides,
  });
  // the lists under a provider are read by reference, through providerRows, as the app's dataProvider reads them
  if (!overrides.getManyReference) {
    dataProvider.getManyReference.mockImplementation(
      withProviderParts(
        // the provider's STI-SCAs and delegates are read from the list of every provider's: none by default
        async (resource) => {
          if (resource === 'admin-delegates') return { data: [], total: 0 };
          throw new Error('no such list');
        },
        (...args) => dataProvider.providerRows(...args),
      ),
    );
  }
  return dataProvider;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const i18nProvider = polyglotI18nProvider(() => en, 'en');

/** No silent retries, as App.tsx's client: a failed load reaches the page at once. */
const noRetries = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function renderAdmin(path: string, dataProvider: TestDataProvider = adminDataProvider()) {
  const result = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        queryClient={noRetries()}
        dataProvider={asDataProvider(dataProvider)}
        authProvider={asAuthProvider(testAuthProvider())}
        i18nProvider={i18nProvider}
      >
        <Suspense fallback={<p>loading page</p>}>
          <Routes>
            {privateRoutesFor('admin').map(({ path: p, element }) => (
              <Route key={p} path={p} element={element} />
            ))}
          </Routes>
        </Suspense>
        <LocationProbe />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, dataProvider };
}
