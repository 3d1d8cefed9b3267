// Every payment, for the admin (docs/screens.md, Payments and invoices), at /admin/payment/{uuid?}: one
// provider's when a uuid is given.
import PaymentIcon from '@mui/icons-material/Payment';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'admin-payments',
  api: { path: 'admin/payment' },
  routes: [{ path: '/admin/payment/:uuid?', view: 'list' }],
  menu: { label: 'portal.menu.payment' },
  texts: 'resources.admin-payments',
  views: { list: preloadable(() => import('./AdminPaymentList')), icon: PaymentIcon },
});
