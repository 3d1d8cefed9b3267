// The provider's payments: one row per transaction the payments provider reported, with what it was for.
import type { ListQuery } from '../http/list';
import { providerIdOf, type Actor, type BillingDeps } from './deps';
import * as store from './store';

/** One page of the provider's own payments, written as JSON by the database. */
export function listPayments(deps: BillingDeps, user: Actor, list: ListQuery) {
  return store.listPayments(deps.db, providerIdOf(user), list);
}
