// The payments of a reseller's companies (docs/screens.md, Reseller payments), at /reseller/payment-listing,,
// with each company's name.
import PaymentIcon from '@mui/icons-material/Payment';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { ResellerPaymentRecord } from './ResellerPaymentList';

export default defineResource({
  name: 'reseller-payments',
  api: { path: 'reseller/users/payment' },
  routes: [{ path: '/reseller/payment-listing', view: 'list' }],
  menu: { label: 'portal.menu.payment_listing' },
  texts: 'resources.reseller-payments',
  views: {
    list: preloadable(() => import('./ResellerPaymentList')),
    icon: PaymentIcon,
    recordRepresentation: 'transaction_id',
  },
});
