// The admin's service providers (SPEC.md §2, /admin/service-provider and
// /admin/service-provider-details/{uuid}). Their screens arrive with a later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'service-providers',
  api: { path: 'admin/service_provider', updateMethod: 'PATCH' },
  routes: [
    { path: '/admin/service-provider', view: 'list' },
    { path: '/admin/service-provider-details/:id', view: 'show' },
  ],
  menu: { label: 'portal.menu.service_provider' },
  texts: 'resources.service-providers',
  views: {
    list: comingSoon('portal.menu.service_provider'),
    show: comingSoon('portal.pages.service_provider_details'),
  },
});
