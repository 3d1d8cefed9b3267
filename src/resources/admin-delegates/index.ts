// Every provider's STI-SCAs and delegate certificates, for the admin (docs/screens.md, Delegate CAs and
// certificates), at /admin/delegates.
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'admin-delegates',
  api: { path: 'admin/delegate_certificates' },
  routes: [{ path: '/admin/delegates', view: 'list' }],
  menu: { label: 'portal.delegate_list.menu' },
  texts: 'resources.admin-delegates',
  views: { list: preloadable(() => import('./DelegateList')), icon: VerifiedUserIcon },
});
