// A demo portal (the server's settings say demo) shows its banner on every page: public and signed in.
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/layout/i18nProvider';
import { PortalLayout } from '../../src/layout';
import { mountPublicRoutes } from '../../src/routing/mountPublicRoutes';
import { RouteGuard } from '../../src/routing/RouteGuard';

const BANNER = 'Demo portal: payments are simulated and certificates are not trusted';

function serveSettings(settings: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string) =>
    String(url).split('?')[0].endsWith('/api/public/settings')
      ? new Response(
          JSON.stringify({ support_url: 'https://help.example.org', payments: 'sandbox', ...settings }),
          {
            status: 200,
          },
        )
      : new Response('{"message":"Not found"}', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function token(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'service-provider',
  getIdentity: async () => ({
    id: 'u-1',
    fullName: 'Ada Lovelace',
    role: 'service-provider',
    profile: { service_provider_uuid: 'sp-1', subscription_expired_on: '2027-01-31T00:00:00.000Z' },
  }),
};

function renderSignedIn() {
  localStorage.setItem(
    'token',
    token({
      sub: 'u-1',
      type: 'service-provider',
      service_provider_uuid: 'sp-1',
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
  return render(
    <MemoryRouter initialEntries={['/import-history']}>
      <AdminContext authProvider={auth} i18nProvider={i18nProvider}>
        <PortalLayout>
          <p>page body</p>
        </PortalLayout>
      </AdminContext>
    </MemoryRouter>,
  );
}

function renderPublic(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={auth} i18nProvider={i18nProvider}>
        <Routes>
          {mountPublicRoutes([{ path: '/forgot-password', element: <p>public page</p> }], RouteGuard)}
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the demo banner', () => {
  it('is on the public pages of the app', async () => {
    serveSettings({ demo: true });
    window.history.replaceState(null, '', '/login');
    const { App } = await import('../../src/App');
    render(<App />);
    const banner = await screen.findByRole('status', {}, { timeout: 8000 });
    expect(banner).toHaveTextContent(BANNER);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('is on every public page mounted, above the page', async () => {
    serveSettings({ demo: true });
    renderPublic('/forgot-password');
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    expect(screen.getByText('public page')).toBeInTheDocument();
  });

  it('is on the signed-in pages', async () => {
    serveSettings({ demo: true });
    renderSignedIn();
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
  });

  it('is not there when the portal is not a demo', async () => {
    const fetch = serveSettings({ demo: false, payments: 'stripe' });
    renderSignedIn();
    expect(await screen.findByText('page body')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/public/settings'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(BANNER)).toBeNull();
  });
});
