// The admin's service providers (docs/screens.md, Service providers), at /admin/service-provider and
// /admin/service-provider-details/{uuid}: the list with its filters, and the details page with the actions.
import BusinessIcon from '@mui/icons-material/Business';
import { preloadable } from '../../routing/preloadable';
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
    list: preloadable(() => import('./ProviderList')),
    show: preloadable(() => import('./ProviderShow')),
    icon: BusinessIcon,
    recordRepresentation: 'company_name',
  },
});
