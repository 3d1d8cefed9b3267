// The `invoices` resource (SPEC.md §2, Invoice listing and the single-invoice view). Mounted at
// /invoice-listing and /invoice-listing/:id by the route table of customRoutes/private.
import ReceiptIcon from '@mui/icons-material/Receipt';
import { InvoiceList } from './InvoiceList';
import { InvoiceShow } from './InvoiceShow';

export { InvoiceList, InvoiceShow };
export type { InvoiceRecord } from './InvoiceList';

export default {
  list: InvoiceList,
  show: InvoiceShow,
  icon: ReceiptIcon,
  recordRepresentation: 'invoice_number',
};
