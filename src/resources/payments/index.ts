// The `payments` resource (SPEC.md §2, Payment listing). Mounted at /payment-listing by the route table of
// customRoutes/private, which renders the list with resource="payments".
import PaymentIcon from '@mui/icons-material/Payment';
import { PaymentList } from './PaymentList';

export { PaymentList };
export type { PaymentRecord } from './PaymentList';

export default {
  list: PaymentList,
  icon: PaymentIcon,
  recordRepresentation: 'transaction_id',
};
