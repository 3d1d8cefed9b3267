// The provider as billing sees it: found by its uuid, and known to the payments provider as a customer.
import { isUuid } from '../../../contract/ids';
import { notFound } from '../http/errors';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES } from './plans';
import * as store from './store';

/** A malformed uuid is "not found", like an unknown one. */
export async function providerOr404(deps: Pick<BillingDeps, 'db'>, spId: string): Promise<store.ProviderRow> {
  const provider = isUuid(spId) ? await store.findProvider(deps.db, spId) : undefined;
  if (!provider) throw notFound(BILLING_MESSAGES.providerNotFound);
  return provider;
}

/** The provider's customer at the payments provider, created on first use. */
export async function customerRefOf(deps: BillingDeps, provider: store.ProviderRow): Promise<string> {
  if (provider.payment_customer_ref) return provider.payment_customer_ref;
  const ref = await deps.payments.ensureCustomer({
    serviceProviderId: provider.id,
    email: provider.email,
    name: provider.company_name,
    existingRef: null,
  });
  await store.setCustomerRef(deps.db, provider.id, ref);
  // A concurrent call may have stored another ref first: the stored one wins.
  return (await store.findProvider(deps.db, provider.id))?.payment_customer_ref ?? ref;
}
