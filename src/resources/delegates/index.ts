// The delegate certificates the provider's STI-SCA signs for its customers (docs/delegates.md, docs/screens.md,
// Delegate certificates): the list at /sti-certificate/delegates, under STI-Certificate in the sidebar after the
// Delegate CA, read with the list protocol; one certificate at /sti-certificate/delegates/{id}. Creating, renewing
// and revoking go through PortalDataProvider's delegate calls (dataProvider/delegateCalls.ts).
import BadgeIcon from '@mui/icons-material/Badge';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'delegates',
  api: { path: 'service_provider/delegates' },
  routes: [
    { path: '/sti-certificate/delegates', view: 'list' },
    { path: '/sti-certificate/delegates/:id', view: 'show' },
  ],
  menu: { label: 'portal.menu.delegates', parent: 'certificates' },
  texts: 'resources.delegates',
  views: {
    list: preloadable(() => import('./DelegateList')),
    show: preloadable(() => import('./DelegateShow')),
    icon: BadgeIcon,
    recordRepresentation: 'customer_name',
  },
});
