// The provider's invoices (SPEC.md §2, Invoice listing and the single-invoice view). SPEC.md does not show
// the single invoice's route: it is /invoice-listing/{id}.
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
