// Every resource of the web app, one line each. A resource's folder holds its descriptor (index.ts) and its
// views; the dataProvider's paths (dataProvider/resources.ts), the pages and redirects of the guard
// (routing/routes.ts), the mounted routes and <Resource>s (routing/mountPrivateRoutes.tsx) and the sidebars
// (layout/menuItems.ts) are derived from this list. The order is the order of the sidebars.
import type { Resource } from '../../contract/access';
import account from './account';
import acmeCredentials from './acme-credentials';
import adminDelegates from './admin-delegates';
import adminInvoices from './admin-invoices';
import adminPayments from './admin-payments';
import auditLog from './audit-log';
import certificates from './certificates';
import dashboard from './dashboard';
import delegates from './delegates';
import imports from './imports';
import invoices from './invoices';
import numbers from './numbers';
import payments from './payments';
import privateKeys from './private-keys';
import profile from './profile';
import resellerCompanies from './reseller-companies';
import resellerDelegates from './reseller-delegates';
import resellerInvites from './reseller-invites';
import resellerPayments from './reseller-payments';
import resellers from './resellers';
import serviceProviders from './service-providers';
import stiScas from './sti-scas';
import subscription from './subscription';
import subscriptionChangeLog from './subscription-change-log';
import type { ResourceDescriptor } from './descriptor';

export const RESOURCE_DESCRIPTORS: readonly ResourceDescriptor[] = [
  // service provider
  account,
  subscription,
  payments,
  invoices,
  imports,
  numbers,
  certificates,
  privateKeys,
  acmeCredentials,
  stiScas,
  delegates,
  // reseller
  resellerCompanies,
  resellerInvites,
  resellerPayments,
  resellerDelegates,
  // admin: the dashboard is the admin's home
  dashboard,
  resellers,
  serviceProviders,
  subscriptionChangeLog,
  adminPayments,
  adminInvoices,
  adminDelegates,
  auditLog,
  // every role: the signed-in user's own page
  profile,
];

export function descriptorOf(
  name: Resource | string,
  descriptors: readonly ResourceDescriptor[] = RESOURCE_DESCRIPTORS,
): ResourceDescriptor | undefined {
  return descriptors.find((descriptor) => descriptor.name === name);
}

export type { ResourceDescriptor } from './descriptor';
