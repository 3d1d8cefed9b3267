// The calls the public pages make (sign-up, sign-in links, passwords and invitations, email confirmation, the plan
// step), for the
// public shell (routing/PublicShell.tsx): without react-admin's CRUD verbs, the resource map and the calls of the
// signed-in screens, which load with the signed-in app (its dataProvider is index.ts's, a superset of this one).
import { accountCalls, type AccountCalls } from './accountCalls';
import { billingCalls, type BillingCalls } from './billingCalls';
import { resellerCalls, type ResellerCalls } from './resellerCalls';

export type PublicDataProvider = AccountCalls & BillingCalls & ResellerCalls;

export function createPublicDataProvider(): PublicDataProvider {
  return { ...accountCalls(), ...billingCalls(), ...resellerCalls() };
}
