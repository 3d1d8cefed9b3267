// Every invoice, for the admin (docs/screens.md, Payments and invoices), at /admin/invoice/{uuid?}: one
// provider's when a uuid is given.
import ReceiptIcon from '@mui/icons-material/Receipt';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'admin-invoices',
  api: { path: 'payment/invoices_list' },
  routes: [{ path: '/admin/invoice/:uuid?', view: 'list' }],
  menu: { label: 'portal.menu.invoice' },
  texts: 'resources.admin-invoices',
  views: { list: preloadable(() => import('./AdminInvoiceList')), icon: ReceiptIcon },
});
