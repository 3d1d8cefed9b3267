import {
  act,
  fireEvent,
  render,
  screen,
  waitFor,
  waitForElementToBeRemoved,
  within,
} from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Title, type AuthProvider } from 'react-admin';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useTheme as useMuiTheme } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/constants';
import { i18nProvider } from '../../src/layout/i18nProvider';
import { NETWORK_ERROR_EVENT } from '../../src/dataProvider/http';
import { PortalLayout, PortalNotification } from '../../src/layout';
import { menuFor, shortNameOf } from '../../src/layout/menuItems';

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}
function signIn(role: Role, expiresInSeconds = 3600) {
  const claims = {
    sub: 'user-1',
    type: role,
    exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: 'Analytical Telecom',
    service_provider_uuid: role === 'service-provider' ? 'sp-1' : undefined,
  };
  localStorage.setItem('token', `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`);
}

const SUPPORT_URL = 'https://help.example.org/portal';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).endsWith('/api/public/settings')
        ? new Response(JSON.stringify({ support_url: SUPPORT_URL, payments: 'sandbox' }), { status: 200 })
        : new Response('{}', { status: 404 }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function authFor(
  role: Role,
  profile: Record<string, unknown> | null,
  logout = vi.fn(async () => undefined),
): AuthProvider {
  return {
    login: async () => undefined,
    logout,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    getIdentity: async () => ({
      id: 'user-1',
      fullName: 'Ada Lovelace',
      company_name: 'Analytical Telecom',
      role,
      profile,
    }),
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderLayout(path: string, authProvider: AuthProvider, body: ReactNode = <p>page body</p>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <PortalLayout>{body}</PortalLayout>
        <PortalNotification />
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

const paidProfile = { service_provider_uuid: 'sp-1', subscription_expired_on: '2027-01-31T00:00:00.000Z' };

function menuLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('menuitem')
    .map((item) => {
      const badge = item.querySelector('[aria-hidden="true"]')?.textContent ?? '';
      return [item.textContent?.slice(badge.length), item.getAttribute('href')];
    });
}

describe('shortNameOf', () => {
  it.each([
    ['Account', 'A'],
    ['Payment Listing', 'PL'],
    ['Invoice Listing', 'IL'],
    ['Import History', 'IH'],
    ['STI-Certificate', 'SC'],
    ['Private Key', 'PK'],
    ['Auto Renewal', 'AR'],
    ['Service Provider', 'SP'],
    ['  spaced   out  words ', 'SOW'],
    ['', ''],
  ])('%j -> %j', (name, short) => {
    expect(shortNameOf(name)).toBe(short);
  });
});

describe('menuFor', () => {
  const t = (key: string) => i18nProvider.translate(key);
  it('gives a provider Auto Renewal only with a subscription expiry date', () => {
    const withExpiry = menuFor('service-provider', { hasSubscriptionExpiry: true }, t);
    expect(withExpiry[0]).toEqual({
      link: '/account/summary',
      name: 'Account',
      shortName: 'A',
      children: [{ link: '/account/renewal', name: 'Auto Renewal', shortName: 'AR' }],
    });
    const without = menuFor('service-provider', { hasSubscriptionExpiry: false }, t);
    expect(without[0]).toEqual({ link: '/account/summary', name: 'Account', shortName: 'A' });
    expect(without[4]).toEqual({ link: '/number-listing', name: 'Number Listing', shortName: 'NL' });
    expect(without[5].children).toEqual([
      { link: '/sti-certificate/private-key', name: 'Private Key', shortName: 'PK' },
      { link: '/sti-certificate/acme', name: 'ACME', shortName: 'A' },
      { link: '/sti-certificate/sti-sca', name: 'Delegate CA (STI-SCA)', shortName: 'DCSS' },
      { link: '/sti-certificate/delegates', name: 'Delegate certificates', shortName: 'DC' },
    ]);
  });
  it('gives each role its own items', () => {
    expect(menuFor('reseller', {}, t).map((i) => i.name)).toEqual([
      'Companies',
      'Payment Listing',
      'Delegate CAs',
    ]);
    expect(menuFor('admin', {}, t).map((i) => [i.name, i.shortName])).toEqual([
      ['Dashboard', 'D'],
      ['Resellers', 'R'],
      ['Service Provider', 'SP'],
      ['Payment', 'P'],
      ['Invoice', 'I'],
      ['Delegate CAs', 'DC'],
      ['Audit Log', 'AL'],
    ]);
  });
});

describe('PortalLayout', () => {
  it('shows a provider its title, menu, user and Contact Us', async () => {
    signIn('service-provider');
    renderLayout('/payment-listing', authFor('service-provider', paidProfile));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(screen.getByTestId('portal-title')).toHaveTextContent('Service Provider Portal');
    await waitFor(() =>
      expect(menuLinks()).toEqual([
        ['Account', '/account/summary'],
        ['Auto Renewal', '/account/renewal'],
        ['Payment Listing', '/payment-listing'],
        ['Invoice Listing', '/invoice-listing'],
        ['Import History', '/import-history'],
        ['Number Listing', '/number-listing'],
        ['STI-Certificate', '/sti-certificate/certificate'],
        ['Private Key', '/sti-certificate/private-key'],
        ['ACME', '/sti-certificate/acme'],
        ['Delegate CA (STI-SCA)', '/sti-certificate/sti-sca'],
        ['Delegate certificates', '/sti-certificate/delegates'],
      ]),
    );
    const user = screen.getByTestId('sidebar-user');
    expect(user).toHaveTextContent('Ada Lovelace');
    expect(user).toHaveTextContent('Analytical Telecom');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const contact = screen.getByRole('link', { name: 'Contact Us (opens in a new tab)' });
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(contact).toHaveAttribute('href', SUPPORT_URL));
    expect(screen.getByRole('link', { name: 'SHAKEN CA Portal home' })).toHaveAttribute('href', '/');
  });

  it('reads the settings again when the refresh button is clicked', async () => {
    const NEW_SUPPORT_URL = 'https://support.example.net/new-desk';
    let supportUrl = SUPPORT_URL;
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith('/api/public/settings')
        ? new Response(JSON.stringify({ support_url: supportUrl, payments: 'sandbox' }), { status: 200 })
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    const settingsCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/public/settings')).length;
    signIn('service-provider');
    renderLayout('/payment-listing', authFor('service-provider', paidProfile));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    const contact = screen.getByRole('link', { name: 'Contact Us (opens in a new tab)' });
    await waitFor(() => expect(contact).toHaveAttribute('href', SUPPORT_URL));
    expect(settingsCalls()).toBe(1);

    supportUrl = NEW_SUPPORT_URL;
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact Us (opens in a new tab)' })).toHaveAttribute(
        'href',
        NEW_SUPPORT_URL,
      ),
    );
    expect(settingsCalls()).toBe(2);

    // and again: each refresh, not only the first
    supportUrl = SUPPORT_URL;
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact Us (opens in a new tab)' })).toHaveAttribute(
        'href',
        SUPPORT_URL,
      ),
    );
    expect(settingsCalls()).toBe(3);
  });

  it('hides Auto Renewal from a provider without a subscription expiry date', async () => {
    signIn('service-provider');
    // on the payment page, the one page such a provider may open
    renderLayout(
      '/account/payment?uuid=sp-1',
      authFor('service-provider', { service_provider_uuid: 'sp-1', subscription_expired_on: null }),
    );
    expect(await screen.findByText('page body')).toBeInTheDocument();
    await waitFor(() => expect(menuLinks().map(([name]) => name)).toContain('Account'));
    expect(menuLinks().map(([name]) => name)).not.toContain('Auto Renewal');
  });

  it('shows a reseller its title and menu', async () => {
    signIn('reseller');
    renderLayout('/reseller/sp', authFor('reseller', { url_token: 'PROMO' }));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('portal-title')).toHaveTextContent('Reseller Portal'));
    await waitFor(() =>
      expect(menuLinks()).toEqual([
        ['Companies', '/reseller/sp'],
        ['Payment Listing', '/reseller/payment-listing'],
        ['Delegate CAs', '/reseller/delegates'],
      ]),
    );
  });

  it('shows an admin its title and menu', async () => {
    signIn('admin');
    renderLayout('/admin/resellers', authFor('admin', null));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('portal-title')).toHaveTextContent('Admin Portal'));
    await waitFor(() =>
      expect(menuLinks()).toEqual([
        ['Dashboard', '/admin/dashboard'],
        ['Resellers', '/admin/resellers'],
        ['Service Provider', '/admin/service-provider'],
        ['Payment', '/admin/payment'],
        ['Invoice', '/admin/invoice'],
        ['Delegate CAs', '/admin/delegates'],
        ['Audit Log', '/admin/audit-log'],
      ]),
    );
  });

  it('guards: an admin opening the account summary goes to the admin area', async () => {
    signIn('admin');
    renderLayout('/account/summary', authFor('admin', null));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard'));
  });

  it('guards: nobody signed in goes to /login', async () => {
    renderLayout('/payment-listing', authFor('service-provider', null));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it('logs out when the token expires', async () => {
    signIn('admin', 1);
    const logout = vi.fn(async () => undefined);
    renderLayout('/admin/resellers', authFor('admin', null, logout));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    await waitFor(() => expect(logout).toHaveBeenCalled(), { timeout: 3000 });
  });

  it('turns a network failure into an error toast', async () => {
    signIn('admin');
    renderLayout('/admin/resellers', authFor('admin', null));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent(NETWORK_ERROR_EVENT, { detail: { message: 'Network Error' } }));
    });
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });

  it('dismisses a toast when it is clicked, long before its 5 seconds are up', async () => {
    signIn('admin');
    renderLayout('/admin/resellers', authFor('admin', null));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent(NETWORK_ERROR_EVENT, { detail: { message: 'Network Error' } }));
    });
    const toast = await screen.findByText('Network Error');
    const started = Date.now();
    fireEvent.click(toast);
    await waitForElementToBeRemoved(() => screen.queryByText('Network Error'), { timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps a toast that is not clicked until its timer ends', async () => {
    signIn('admin');
    renderLayout('/admin/resellers', authFor('admin', null));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent(NETWORK_ERROR_EVENT, { detail: { message: 'Network Error' } }));
    });
    await screen.findByText('Network Error');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByText('Network Error')).toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', async () => {
    signIn('service-provider');
    const auth = authFor('service-provider', null);
    auth.getIdentity = async () => ({
      id: 'user-1',
      fullName: 'Ada',
      role: 'service-provider',
      profile: null,
      profileError: 'Database unavailable',
    });
    renderLayout('/payment-listing', auth);
    expect(await screen.findByText('Could not load your profile: Database unavailable')).toBeInTheDocument();
  });
});

describe('the user menu under the avatar', () => {
  function ThemeMode() {
    return <p data-testid="theme-mode">{useMuiTheme().palette.mode}</p>;
  }

  it('opens the profile, switches the theme and signs out', async () => {
    localStorage.removeItem('RaStore.theme');
    signIn('service-provider');
    const logout = vi.fn(async () => undefined);
    renderLayout('/payment-listing', authFor('service-provider', paidProfile, logout), <ThemeMode />);
    const avatar = await screen.findByRole('button', { name: 'User menu' });
    expect(screen.getByTestId('theme-mode')).toHaveTextContent('light');

    fireEvent.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['My profile', 'Dark theme', 'Sign out']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Dark theme' }));
    await waitFor(() => expect(screen.getByTestId('theme-mode')).toHaveTextContent('dark'));

    fireEvent.click(avatar);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Light theme' }));
    await waitFor(() => expect(screen.getByTestId('theme-mode')).toHaveTextContent('light'));

    fireEvent.click(avatar);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My profile' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/profile'));

    fireEvent.click(avatar);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });
});

describe('the browser tab of the signed-in screens', () => {
  // Each screen puts its title in the header with react-admin's <Title>, as lists, show views and pages do.
  const screens = (
    <Routes>
      <Route path="/payment-listing" element={<Title title="Payment Listing" />} />
      <Route path="/invoice-listing" element={<Title title="Invoice Listing" />} />
      <Route path="/account/summary" element={<Title title="Account summary" />} />
    </Routes>
  );

  it('follows the header title from screen to screen', async () => {
    signIn('service-provider');
    renderLayout(
      '/payment-listing',
      authFor('service-provider', paidProfile),
      <>
        {screens}
        <Link to="/invoice-listing">to invoices</Link>
        <Link to="/account/summary">to summary</Link>
      </>,
    );
    await waitFor(() => expect(document.title).toBe('Payment Listing · SHAKEN CA Portal'));
    fireEvent.click(screen.getByRole('link', { name: 'to invoices' }));
    await waitFor(() => expect(document.title).toBe('Invoice Listing · SHAKEN CA Portal'));
    fireEvent.click(screen.getByRole('link', { name: 'to summary' }));
    await waitFor(() => expect(document.title).toBe('Account summary · SHAKEN CA Portal'));
  });

  it('is the product alone on a screen without a title', async () => {
    signIn('admin');
    document.title = 'before';
    renderLayout('/admin', authFor('admin', null));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SHAKEN CA Portal'));
  });
});
