// The provider's standing as ACME judges it: the portal's one judge (certificateBlocker), its refusals as problems.
import { type CertificateBlocker, certificateBlocker } from '../../../contract/certificates';
import type { AcmeDeps } from './deps';
import type * as store from './orderStore';
import { AcmeProblem } from './problems';

const BLOCKED: Record<CertificateBlocker, string> = {
  no_profile: 'No service provider is bound to this account',
  disabled:
    "The service provider's account is deactivated: no certificate can be ordered until an administrator activates it again",
  inactive: "The service provider's subscription is not active: pay it in the portal to order certificates",
  unconfirmed: "The service provider's email address is not confirmed yet",
  not_started:
    "The service provider's subscription has not started: pay it in the portal to order certificates",
  expired: "The service provider's subscription has expired: renew it in the portal to order certificates",
};

/**
 * The provider's standing (as read: store.providerStanding) when it may get a certificate now (active, not past
 * due), else an unauthorized problem saying why: the portal's one judge (certificateBlocker), asked by newOrder
 * and finalize.
 */
export function standing(deps: AcmeDeps, sp: store.ProviderStanding | null): store.ProviderStanding {
  const blocker = certificateBlocker(sp, deps.now());
  if (!sp || blocker) throw new AcmeProblem('unauthorized', BLOCKED[blocker ?? 'no_profile']);
  return sp;
}
