// The provider's invoices (docs/screens.md, Invoice listing): the list, and the single invoice at
// /invoice-listing/{id}.
import ReceiptIcon from '@mui/icons-material/Receipt';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { InvoiceRecord } from './InvoiceList';

export default defineResource({
  name: 'invoices',
  api: { path: 'service_provider/invoices' },
  routes: [
    { path: '/invoice-listing', view: 'list' },
    { path: '/invoice-listing/:id', view: 'show' },
  ],
  menu: { label: 'portal.menu.invoice_listing' },
  texts: 'resources.invoices',
  views: {
    list: preloadable(() => import('./InvoiceList')),
    show: preloadable(() => import('./InvoiceShow')),
    icon: ReceiptIcon,
    recordRepresentation: 'invoice_number',
  },
});
