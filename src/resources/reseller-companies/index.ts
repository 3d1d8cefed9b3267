// A reseller's companies (SPEC.md §2, /reseller/sp) and the invitation of a new one (/reseller/sp-invite).
// Their screens arrive with a later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'reseller-companies',
  api: { path: 'reseller/service_provider', createPath: 'reseller/service_provider/invite' },
  routes: [
    { path: '/reseller/sp', view: 'list' },
    // inviting a company is how a reseller creates one
    { path: '/reseller/sp-invite', view: 'create', action: 'invite' },
  ],
  section: '/reseller',
  menu: { label: 'portal.menu.companies' },
  texts: 'resources.reseller-companies',
  views: { list: comingSoon('portal.menu.companies'), create: comingSoon('portal.pages.sp_invite') },
});
