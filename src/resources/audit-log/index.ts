// The CA's audit log, for the admin: every key and certificate event, read-only, at /admin/audit-log.
import PolicyIcon from '@mui/icons-material/Policy';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'audit-log',
  api: { path: 'admin/audit_log' },
  routes: [{ path: '/admin/audit-log', view: 'list' }],
  menu: { label: 'portal.admin.menu.audit_log' },
  texts: 'resources.audit-log',
  views: { list: preloadable(() => import('./AuditLogList')), icon: PolicyIcon },
});
