// The provider's payments (docs/screens.md, Payment listing), at /payment-listing.
import PaymentIcon from '@mui/icons-material/Payment';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { PaymentRecord } from './PaymentList';

export default defineResource({
  name: 'payments',
  api: { path: 'service_provider/payments' },
  routes: [{ path: '/payment-listing', view: 'list' }],
  menu: { label: 'portal.menu.payment_listing' },
  texts: 'resources.payments',
  views: {
    list: preloadable(() => import('./PaymentList')),
    icon: PaymentIcon,
    recordRepresentation: 'transaction_id',
  },
});
