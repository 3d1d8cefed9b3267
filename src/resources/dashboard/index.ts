// The admin's home (docs/screens.md, Dashboard), at /admin/dashboard: the portal's figures and the last 12
// months. A page of its own, no react-admin view; `/admin` leads here.
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

const AdminDashboard = preloadable(() => import('./AdminDashboard'));

export default defineResource({
  name: 'dashboard',
  api: null,
  routes: [{ path: '/admin/dashboard', page: AdminDashboard, action: 'show' }],
  section: '/admin',
  menu: { label: 'portal.menu.dashboard' },
  texts: 'portal.dashboard',
  views: {},
});
