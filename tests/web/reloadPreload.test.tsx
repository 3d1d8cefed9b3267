// A reload of a signed-in page: the signed-in app, its layout, the page's view, the permissions and the
// user's profile are all there before the first render of the signed-in app, so that it renders the page in one go,
// without a loading page or a Suspense fallback in between (React shows content that replaces a fallback at most
// every 300 ms: each fallback was a wave of its own).
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCE_DESCRIPTORS } from '../../src/resources';
import { preloadable } from '../../src/routing/preloadable';
import { routeComponentOf } from '../../src/routing/preloadPage';

function token(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}
const future = () => Math.floor(Date.now() / 1000) + 3600;

describe('preloadable', () => {
  it('renders a preloaded component at once, without its Suspense fallback', async () => {
    const Page = preloadable(async () => ({ default: () => <h1>The page</h1> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Page />
      </Suspense>,
    );
    // no waiting: React.lazy would show the fallback here, even for a module already loaded
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();
  });

  it('loads on its first render when nobody preloaded it, and loads once', async () => {
    const load = vi.fn(async () => ({ default: ({ name }: { name: string }) => <h1>{name}</h1> }));
    const Page = preloadable(load);
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Page name="Lazy page" />
      </Suspense>,
    );
    expect(screen.getByText('fallback')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lazy page' })).toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the view a reload preloads', () => {
  it('is preloadable for every page of every resource', () => {
    for (const descriptor of RESOURCE_DESCRIPTORS) {
      for (const route of descriptor.routes) {
        const component = 'page' in route ? route.page : descriptor.views[route.view];
        expect(typeof (component as { preload?: unknown }).preload, `${descriptor.name} ${route.path}`).toBe(
          'function',
        );
      }
    }
  });

  it('is the one the path shows, after the redirects of the role', () => {
    const viewOf = (name: string, view: 'list' | 'show') =>
      RESOURCE_DESCRIPTORS.find((d) => d.name === name)?.views[view];
    const pageOf = (name: string) => {
      const route = RESOURCE_DESCRIPTORS.find((d) => d.name === name)?.routes[0];
      return route && 'page' in route ? route.page : undefined;
    };
    expect(routeComponentOf('/payment-listing', 'service-provider')).toBe(viewOf('payments', 'list'));
    expect(routeComponentOf('/invoice-listing/12', 'service-provider')).toBe(viewOf('invoices', 'show'));
    expect(routeComponentOf('/', 'service-provider')).toBe(pageOf('account'));
    expect(routeComponentOf('/', 'admin')).toBe(pageOf('dashboard'));
    expect(routeComponentOf('/login', 'reseller')).toBe(viewOf('reseller-companies', 'list'));
    expect(routeComponentOf('/sti-certificate', 'service-provider')).toBe(viewOf('certificates', 'list'));
    // another role's page: the guard sends the user home, whose page is the one to load
    expect(routeComponentOf('/admin/resellers', 'reseller')).toBe(viewOf('reseller-companies', 'list'));
  });
});

describe('a reload of a signed-in page', () => {
  it('renders the page in one go: no loading page, no fallback, once the spinner is gone', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url).split('?')[0];
        requests.push(path);
        if (path === '/api/service_provider') {
          return Response.json({
            service_provider_uuid: 'sp-1',
            company_name: 'Analytical Telecom',
            ocn: '123A',
            subscription_expired_on: '2027-01-31T00:00:00.000Z',
          });
        }
        if (path === '/api/service_provider/payments') {
          return Response.json(
            [{ id: 'p-1', amount: 500, transaction_id: 'ch_reload_1', created_on: '2026-01-31T12:00:00Z' }],
            {
              headers: { 'Content-Range': 'payments 0-0/1' },
            },
          );
        }
        if (path === '/api/public/settings')
          return Response.json({ support_url: 'https://help.example.org' });
        return Response.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    localStorage.setItem(
      'token',
      token({
        sub: 'u-1',
        type: 'service-provider',
        service_provider_uuid: 'sp-1',
        exp: future(),
        first_name: 'Ada',
      }),
    );
    window.history.replaceState(null, '', '/payment-listing');
    // what the page shows, at each change: nothing yet (the spinner), the page, or something else in between
    // (react-admin's loading page, the layout around a fallback or around the guard's wait)
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const page = [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Payment Listing');
      const kind = page ? 'the page' : document.body.textContent?.trim() ? 'something else' : 'nothing';
      if (shown[shown.length - 1] !== kind) shown.push(kind);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      const { App } = await import('../../src/App');
      render(<App />);
      expect(await screen.findByText('ch_reload_1', undefined, { timeout: 10_000 })).toBeInTheDocument();
      await act(async () => undefined);
      expect(screen.getByRole('heading', { name: 'Payment Listing' })).toBeInTheDocument();
      expect(shown).toEqual(['nothing', 'the page']);
      // the profile was asked for before the list, not after the layout's first render
      expect(requests.indexOf('/api/service_provider')).toBeLessThan(
        requests.indexOf('/api/service_provider/payments'),
      );
    } finally {
      observer.disconnect();
      vi.unstubAllGlobals();
      window.history.replaceState(null, '', '/');
    }
  });
});
