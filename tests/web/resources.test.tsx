// The resource descriptors (src/resources): the list is sound, an incomplete descriptor or two claiming one
// path are caught, and one more descriptor in the list is all the dataProvider, router, guard and menus need.
import { render, screen } from '@testing-library/react';
import { AdminContext, useResourceContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../contract/constants';
import { comingSoon } from '../../src/components/ComingSoon';
import { publicRoutes } from '../../src/customRoutes/public';
import { apiConfigsOf } from '../../src/dataProvider/resources';
import { en } from '../../src/i18n/en';
import { i18nProvider } from '../../src/layout/i18nProvider';
import { menuFor } from '../../src/layout/menuItems';
import { RESOURCE_DESCRIPTORS, descriptorOf } from '../../src/resources';
import { checkDescriptors } from '../../src/resources/check';
import { VIEW_TYPES, defineResource, type ResourceDescriptor } from '../../src/resources/descriptor';
import { usePortalPath } from '../../src/resources/usePortalPath';
import { privateRoutesFor, resourcesFor } from '../../src/routing/mountPrivateRoutes';
import { resolveRoute } from '../../src/routing/resolveRoute';
import { GUEST_ONLY_PATHS, OPEN_PUBLIC_PATHS, rolePagesOf, roleRedirectsOf } from '../../src/routing/routes';

const reservedPaths = ['/', ...GUEST_ONLY_PATHS, ...OPEN_PUBLIC_PATHS, ...publicRoutes.map((r) => r.path)];
const check = (descriptors: readonly ResourceDescriptor[]) =>
  checkDescriptors(descriptors, { messages: en, reservedPaths });

const descriptor = (name: string) => descriptorOf(name) as ResourceDescriptor;
const payments = descriptor('payments');
/** A descriptor changed in one way; casts let a test build what TypeScript would refuse. */
const changed = (base: ResourceDescriptor, change: Record<string, unknown>) =>
  ({ ...base, ...change }) as unknown as ResourceDescriptor;
const others = (d: ResourceDescriptor) => RESOURCE_DESCRIPTORS.filter((x) => x.name !== d.name);

/** A view that says which resource it runs for, and where it would link a record 'a b'. */
function Named() {
  return <p>{`${useResourceContext()} at ${usePortalPath()({ type: 'show', id: 'a b' })}`}</p>;
}

describe('the descriptors of the web app', () => {
  it('are complete, and no two of them (nor a public page) claim one path', () => {
    expect(check(RESOURCE_DESCRIPTORS)).toEqual([]);
  });

  it('give every resource its role matrix row', () => {
    expect(payments.access).toEqual({ 'service-provider': ['list', 'show', 'export'] });
    // the admin's import on a provider's behalf is `number-imports`, a row of its own
    expect(descriptor('imports').access).toEqual({ 'service-provider': ['list', 'show', 'create'] });
  });
});

describe('an incomplete descriptor is reported', () => {
  it.each<[string, ResourceDescriptor, string]>([
    [
      'an unknown name',
      changed(payments, { name: 'refunds' }),
      'refunds: is not a resource of contract/access.ts',
    ],
    ['no word on its API', changed(payments, { api: undefined }), 'payments: says nothing of its API'],
    ['an API path from the root', changed(payments, { api: { path: '/api/x' } }), "api.path '/api/x'"],
    ['no route', changed(payments, { routes: [] }), 'payments: has no route'],
    [
      'a view without a route',
      changed(payments, { views: { ...payments.views, show: Named } }),
      'its show view has no route',
    ],
    [
      'a route to a view it lacks',
      changed(payments, { routes: [...payments.routes, { path: '/payment-listing/:id', view: 'show' }] }),
      '/payment-listing/:id shows a show view it does not have',
    ],
    [
      'a route no role may open',
      changed(payments, {
        routes: [...payments.routes, { path: '/payment-listing/new', view: 'list', action: 'delete' }],
      }),
      'no role may delete it',
    ],
    [
      'a route not from the root',
      changed(payments, { routes: [{ path: 'payment-listing', view: 'list' }] }),
      'does not start with /',
    ],
    [
      'a coming-soon view without a title',
      changed(payments, { views: { list: comingSoon('portal.pages.refunds') } }),
      'the title portal.pages.refunds of its list view is not in the messages',
    ],
    ['no word on its menu', changed(payments, { menu: undefined }), 'payments: says nothing of its menu'],
    [
      'a label without a text',
      changed(payments, { menu: { label: 'portal.menu.refunds' } }),
      'menu label portal.menu.refunds',
    ],
    [
      'an unknown menu parent',
      changed(payments, { menu: { label: 'portal.menu.payment_listing', parent: 'cards' } }),
      'menu parent cards',
    ],
    [
      'texts that are not there',
      changed(payments, { texts: 'resources.refunds' }),
      'texts resources.refunds are not in the messages',
    ],
    [
      'texts react-admin does not read',
      changed(payments, { texts: 'portal.billing' }),
      'texts must be resources.payments',
    ],
    [
      'a menu to a page that needs a parameter',
      changed(payments, { routes: [{ path: '/payment-listing/:uuid', view: 'list' }] }),
      'its home /payment-listing/:uuid needs a parameter',
    ],
  ])('%s', (_, broken, problem) => {
    expect(check([...others(broken), broken]).join('\n')).toContain(problem);
  });
});

describe('two descriptors claiming one path are reported', () => {
  it('the same page', () => {
    const numbers = changed(descriptor('numbers'), { routes: [{ path: '/payment-listing', view: 'list' }] });
    expect(check([...others(numbers), numbers])).toEqual([
      'numbers and payments both claim /payment-listing',
    ]);
  });

  it('the same page under another parameter name, or another case', () => {
    const a = changed(descriptor('numbers'), {
      routes: [
        { path: '/number-listing', view: 'list' },
        { path: '/Invoice-Listing/:uuid', view: 'list' },
      ],
    });
    expect(check([...others(a), a])).toEqual(['numbers and invoices both claim /Invoice-Listing/:uuid']);
  });

  it('a page that an optional segment also reaches', () => {
    const numbers = changed(descriptor('numbers'), { routes: [{ path: '/admin/payment', view: 'list' }] });
    expect(check([...others(numbers), numbers])).toEqual([
      'numbers and admin-payments both claim /admin/payment',
    ]);
  });

  it('a section, react-admin’s own path of a resource, or a public page', () => {
    const section = changed(descriptor('numbers'), { section: '/payments' });
    expect(check([...others(section), section])).toEqual(['numbers and payments both claim /payments']);
    const login = changed(descriptor('numbers'), { routes: [{ path: '/login', view: 'list' }] });
    expect(check([...others(login), login])).toEqual(['numbers and the public pages both claim /login']);
  });

  it('one resource declared twice', () => {
    expect(check([...RESOURCE_DESCRIPTORS, payments])).toEqual(['payments: declared twice']);
  });
});

describe('one more descriptor in the list is all it takes', () => {
  // a reseller's own profile page: a resource of the matrix that no folder declares yet
  const profile = defineResource({
    name: 'reseller-profile',
    api: { path: 'reseller' },
    routes: [{ path: '/reseller/profile', view: 'show', action: 'show' }],
    menu: { label: 'portal.menu.companies' },
    texts: 'resources.reseller-profile',
    views: { show: Named },
  });
  const list = [...RESOURCE_DESCRIPTORS, profile];

  it('is sound once its texts are written', () => {
    expect(check(list)).toEqual([
      'reseller-profile: texts resources.reseller-profile are not in the messages',
    ]);
    const messages = {
      ...en,
      resources: { ...(en.resources as object), 'reseller-profile': { name: 'Profile' } },
    };
    expect(checkDescriptors(list, { messages, reservedPaths })).toEqual([]);
  });

  it('gives the dataProvider its path', () => {
    expect(apiConfigsOf(list)['reseller-profile']).toEqual({ path: 'reseller' });
  });

  it('gives the guard and the router its page, for the roles the matrix names only', () => {
    expect(rolePagesOf(list).reseller).toEqual([
      '/reseller/sp',
      '/reseller/sp/:id',
      '/reseller/sp-invite',
      '/reseller/payment-listing',
      '/reseller/delegates',
      '/profile',
      '/reseller/profile',
    ]);
    expect(rolePagesOf(list).admin).not.toContain('/reseller/profile');
    expect(privateRoutesFor('reseller', list).map((r) => r.path)).toContain('/reseller/profile');
    expect(roleRedirectsOf(list).reseller['/reseller-profile/:id/show']).toBe('/reseller/profile');
    expect(resourcesFor('reseller', list).map((r) => r.name)).toContain('reseller-profile');
  });

  it('gives the sidebar its entry', () => {
    const t = (key: string) => i18nProvider.translate(key);
    expect(menuFor('reseller', {}, t, list).map((item) => item.link)).toEqual([
      '/reseller/sp',
      '/reseller/payment-listing',
      '/reseller/delegates',
      '/reseller/profile',
    ]);
  });

  it('mounts its view at its path inside its resource’s context', async () => {
    const route = privateRoutesFor('reseller', list).find((r) => r.path === '/reseller/profile');
    render(
      <MemoryRouter initialEntries={['/reseller/profile']}>
        <AdminContext i18nProvider={i18nProvider}>
          <Routes>
            <Route path={route?.path} element={route?.element} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    // react-admin's own show path: the registry of the app does not hold this descriptor
    expect(await screen.findByText('reseller-profile at /reseller-profile/a%20b/show')).toBeInTheDocument();
  });
});

describe('what each role gets', () => {
  const registered = (role: Role) =>
    resourcesFor(role).map(({ name, views }) => [name, VIEW_TYPES.filter((view) => views[view])]);

  it('registers as <Resource>s only the views the role may open', () => {
    expect(registered('service-provider')).toEqual([
      ['payments', ['list']],
      ['invoices', ['list', 'show']],
      ['imports', ['list']],
      ['numbers', ['list']],
      ['certificates', ['list']],
      ['private-keys', ['list']],
      ['acme-credentials', ['list']],
      ['sti-scas', ['list']],
      ['delegates', ['list', 'show']],
    ]);
    expect(registered('reseller')).toEqual([
      ['reseller-companies', ['list', 'show']],
      ['reseller-invites', ['list']],
      ['reseller-payments', ['list']],
      ['reseller-delegates', ['list']],
    ]);
    // the admin's resources with a list view (the dashboard is a page of its own)
    expect(registered('admin').map(([name]) => name)).toEqual([
      'resellers',
      'service-providers',
      'subscription-change-log',
      'admin-payments',
      'admin-invoices',
      'admin-delegates',
      'audit-log',
    ]);
  });

  it('sends react-admin’s own path of a view to the portal page that shows it', () => {
    const provider = {
      authenticated: true,
      role: 'service-provider',
      profile: { subscription_expired_on: '2027-01-31T00:00:00.000Z' },
    } as const;
    expect(resolveRoute('/payments', provider)).toEqual({ type: 'redirect', to: '/payment-listing' });
    expect(resolveRoute('/invoices/inv%201/show', provider)).toEqual({
      type: 'redirect',
      to: '/invoice-listing/inv%201',
    });
    expect(resolveRoute('/private-keys/nope', provider)).toEqual({
      type: 'redirect',
      to: '/sti-certificate/private-key',
    });
    const admin = { authenticated: true, role: 'admin' } as const;
    expect(resolveRoute('/service-providers/4f7c/show', admin)).toEqual({
      type: 'redirect',
      to: '/admin/service-provider-details/4f7c',
    });
    const reseller = { authenticated: true, role: 'reseller' } as const;
    expect(resolveRoute('/reseller-companies/4f7c/show', reseller)).toEqual({
      type: 'redirect',
      to: '/reseller/sp/4f7c',
    });
    // that page needs a provider's uuid, which react-admin's path does not hold
    expect(resolveRoute('/subscription-change-log', admin)).toEqual({
      type: 'redirect',
      to: '/admin/dashboard',
    });
  });

  it('links a view to its portal path, encoded', async () => {
    const [, show] = privateRoutesFor('service-provider', [
      changed(descriptor('invoices'), { views: { list: Named, show: Named } }),
    ]);
    render(
      <MemoryRouter initialEntries={['/invoice-listing/x']}>
        <AdminContext i18nProvider={i18nProvider}>
          <Routes>
            <Route path={show.path} element={show.element} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('invoices at /invoice-listing/a%20b')).toBeInTheDocument();
  });
});
