// The payments of a reseller's companies (SPEC.md §2, /reseller/payment-listing). Its table arrives with a
// later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'reseller-payments',
  api: { path: 'reseller/users/payment' },
  routes: [{ path: '/reseller/payment-listing', view: 'list' }],
  menu: { label: 'portal.menu.payment_listing' },
  texts: 'resources.reseller-payments',
  views: { list: comingSoon('portal.menu.payment_listing') },
});
