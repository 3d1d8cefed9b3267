// The provider's ACME credentials: External Account Binding key ids and HMAC keys for its ACME clients,
// listed with the list protocol at /sti-certificate/acme, under STI-Certificate in the sidebar. Created and revoked
// through the dataProvider's create and delete; the key id is the row's id.
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'acme-credentials',
  api: { path: 'service_provider/acme/eab', idField: 'key_id' },
  routes: [{ path: '/sti-certificate/acme', view: 'list' }],
  menu: { label: 'portal.menu.acme', parent: 'certificates' },
  texts: 'resources.acme-credentials',
  views: {
    list: preloadable(() => import('./AcmeCredentialList')),
    icon: VpnKeyIcon,
    recordRepresentation: 'key_id',
  },
});
