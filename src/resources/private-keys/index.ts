// The provider's private keys (docs/screens.md, Private keys): listed 10 a page with skip/take, under
// STI-Certificate in the sidebar.
import KeyIcon from '@mui/icons-material/Key';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'private-keys',
  api: { path: 'service_provider/sti_priv_key', idField: 'priv_key_uuid', paging: 'skip-take' },
  routes: [{ path: '/sti-certificate/private-key', view: 'list' }],
  menu: { label: 'portal.menu.private_key', parent: 'certificates' },
  texts: 'resources.private-keys',
  views: {
    list: preloadable(() => import('./PrivateKeyList')),
    icon: KeyIcon,
    recordRepresentation: 'priv_key_uuid',
  },
});
