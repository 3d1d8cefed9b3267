// A reseller's companies (SPEC.md §2, /reseller/sp), with its promo code. Inviting a company has its own page
// (/reseller/sp-invite, the reseller-invites resource).
import BusinessIcon from '@mui/icons-material/Business';
import { lazy } from 'react';
import { defineResource } from '../descriptor';

export type { CompanyRecord } from './CompanyList';

export default defineResource({
  name: 'reseller-companies',
  api: { path: 'reseller/service_provider', createPath: 'reseller/service_provider/invite' },
  routes: [{ path: '/reseller/sp', view: 'list' }],
  section: '/reseller',
  menu: { label: 'portal.menu.companies' },
  texts: 'resources.reseller-companies',
  views: {
    list: lazy(() => import('./CompanyList')),
    icon: BusinessIcon,
    recordRepresentation: 'company_name',
  },
});
