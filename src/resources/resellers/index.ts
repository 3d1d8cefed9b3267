// The admin's resellers (SPEC.md §2, /admin/resellers). Their screens arrive with a later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'resellers',
  api: { path: 'admin/reseller/list', itemPath: 'admin/reseller', createPath: 'admin/reseller/create' },
  routes: [{ path: '/admin/resellers', view: 'list' }],
  section: '/admin',
  menu: { label: 'portal.menu.resellers' },
  texts: 'resources.resellers',
  views: { list: comingSoon('portal.menu.resellers') },
});
