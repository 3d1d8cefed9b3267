// One provider's change log, for the admin (docs/screens.md, Change log), at
// /admin/subscription-change-log/{uuid}: who did what, when and why. The rows come from
// /api/admin/subscription_change_log filtered by the path's provider.
import HistoryIcon from '@mui/icons-material/History';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'subscription-change-log',
  api: { path: 'admin/subscription_change_log' },
  routes: [{ path: '/admin/subscription-change-log/:uuid', view: 'list' }],
  menu: null,
  texts: 'resources.subscription-change-log',
  views: { list: preloadable(() => import('./ChangeLogList')), icon: HistoryIcon },
});
