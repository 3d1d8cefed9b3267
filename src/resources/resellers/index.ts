// The admin's resellers (docs/screens.md, Resellers), at /admin/resellers: the list with each reseller's
// actions, a new reseller (/admin/resellers/create) and one reseller's edit page (/admin/resellers/{id}).
import StorefrontIcon from '@mui/icons-material/Storefront';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { ResellerRecord } from './ResellerList';

export default defineResource({
  name: 'resellers',
  api: { path: 'admin/reseller/list', itemPath: 'admin/reseller', createPath: 'admin/reseller/create' },
  routes: [
    { path: '/admin/resellers', view: 'list' },
    { path: '/admin/resellers/create', view: 'create' },
    { path: '/admin/resellers/:id', view: 'edit' },
  ],
  menu: { label: 'portal.menu.resellers' },
  texts: 'resources.resellers',
  views: {
    list: preloadable(() => import('./ResellerList')),
    create: preloadable(() => import('./ResellerCreate')),
    edit: preloadable(() => import('./ResellerEdit')),
    icon: StorefrontIcon,
    recordRepresentation: 'name',
  },
});
