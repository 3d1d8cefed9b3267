// The provider's payments: one row per transaction the payments provider reported, with what it was for.
import type { ListQuery } from '../http/list';
import { providerIdOf, type Actor, type BillingDeps } from './deps';
import { withPaymentFor } from './paymentFor';
import * as store from './store';

/** One page of the provider's own payments. */
export async function listPayments(deps: BillingDeps, user: Actor, list: ListQuery) {
  const { rows, total } = await store.listPayments(deps.db, providerIdOf(user), list);
  return { rows: rows.map(withPaymentFor), total };
}
