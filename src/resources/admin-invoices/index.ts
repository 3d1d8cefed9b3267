// Every invoice, for the admin (SPEC.md §2, /admin/invoice/{uuid?}: one provider's when a uuid is given).
// Its table arrives with a later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'admin-invoices',
  api: { path: 'payment/invoices_list' },
  routes: [{ path: '/admin/invoice/:uuid?', view: 'list' }],
  menu: { label: 'portal.menu.invoice' },
  texts: 'resources.admin-invoices',
  views: { list: comingSoon('portal.menu.invoice') },
});
