// One provider's subscription changes, for the admin (SPEC.md §2, /admin/subscription-change-log/{uuid});
// SPEC.md shows no API path for it. Its table arrives with a later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'subscription-change-log',
  api: null,
  routes: [{ path: '/admin/subscription-change-log/:uuid', view: 'list' }],
  menu: null,
  texts: 'resources.subscription-change-log',
  views: { list: comingSoon('portal.pages.subscription_change_log') },
});
