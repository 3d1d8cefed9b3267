// The STI-SCAs and delegate certificates of a reseller's providers (docs/screens.md, Reseller delegate CAs), at
// /reseller/delegates.
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'reseller-delegates',
  api: { path: 'reseller/delegate_certificates' },
  routes: [{ path: '/reseller/delegates', view: 'list' }],
  menu: { label: 'portal.delegate_list.menu' },
  texts: 'resources.reseller-delegates',
  views: { list: preloadable(() => import('./ResellerDelegateList')), icon: VerifiedUserIcon },
});
