// A reseller's companies (docs/screens.md, Companies), at /reseller/sp, with its promo code, and one
// company's page (/reseller/sp/{uuid}: its details and payments). Inviting a company has its own page
// (/reseller/sp-invite, the reseller-invites resource).
import BusinessIcon from '@mui/icons-material/Business';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { CompanyRecord } from './CompanyList';

export default defineResource({
  name: 'reseller-companies',
  api: { path: 'reseller/service_provider', createPath: 'reseller/service_provider/invite' },
  routes: [
    { path: '/reseller/sp', view: 'list' },
    // one company's details and payments, opened from the list (its name links here)
    { path: '/reseller/sp/:id', view: 'show' },
  ],
  section: '/reseller',
  menu: { label: 'portal.menu.companies' },
  texts: 'resources.reseller-companies',
  views: {
    list: preloadable(() => import('./CompanyList')),
    show: preloadable(() => import('./CompanyShow')),
    icon: BusinessIcon,
    recordRepresentation: 'company_name',
  },
});
