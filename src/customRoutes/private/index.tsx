// The signed-in pages of each role (SPEC.md §2), mounted by App.tsx inside the layout. The paths come from
// routing/routes.ts, so the guard and the router agree; TypeScript checks that every path has a page.
import { lazy, type ReactElement } from 'react';
import type { Role } from '../../../contract/constants';
import { ROLE_PAGES, type PrivatePath } from '../../routing/routes';
import { ComingSoon } from './ComingSoon';

const AccountSummary = lazy(() => import('../../billing/AccountSummary'));
const ExtendPage = lazy(() => import('../../billing/ExtendPage'));
const RenewalPage = lazy(() => import('../../billing/RenewalPage'));
const AccountPaymentStep = lazy(() =>
  import('../../billing/PaymentStep').then((m) => ({ default: m.AccountPaymentStep })),
);
const PaymentList = lazy(() => import('../../resources/payments/PaymentList'));
const InvoiceList = lazy(() => import('../../resources/invoices/InvoiceList'));
const InvoiceShow = lazy(() => import('../../resources/invoices/InvoiceShow'));
const CertificateList = lazy(() => import('../../resources/certificates/CertificateList'));
const PrivateKeyList = lazy(() => import('../../resources/private-keys/PrivateKeyList'));

const soon = (titleKey: string) => <ComingSoon titleKey={titleKey} />;

export const PRIVATE_PAGES: Record<PrivatePath, ReactElement> = {
  '/account/summary': <AccountSummary />,
  '/account/extend': <ExtendPage />,
  '/account/renewal': <RenewalPage />,
  '/account/payment': <AccountPaymentStep />,
  '/payment-listing': <PaymentList />,
  '/invoice-listing': <InvoiceList />,
  '/invoice-listing/:id': <InvoiceShow />,
  '/import-history': soon('portal.menu.import_history'),
  '/number-listing': soon('portal.pages.number_listing'),
  '/sti-certificate/certificate': <CertificateList />,
  '/sti-certificate/private-key': <PrivateKeyList />,
  '/reseller/sp': soon('portal.menu.companies'),
  '/reseller/sp-invite': soon('portal.pages.sp_invite'),
  '/reseller/payment-listing': soon('portal.menu.payment_listing'),
  '/admin/resellers': soon('portal.menu.resellers'),
  '/admin/service-provider': soon('portal.menu.service_provider'),
  '/admin/service-provider-details/:uuid': soon('portal.pages.service_provider_details'),
  '/admin/subscription-change-log/:uuid': soon('portal.pages.subscription_change_log'),
  '/admin/payment/:uuid?': soon('portal.menu.payment'),
  '/admin/invoice/:uuid?': soon('portal.menu.invoice'),
};

export interface PrivateRoute {
  path: PrivatePath;
  element: ReactElement;
}

/** The pages a role may open, in the order of SPEC.md §2. */
export function privateRoutesFor(role: Role): PrivateRoute[] {
  return ROLE_PAGES[role].map((path) => ({ path, element: PRIVATE_PAGES[path] }));
}
