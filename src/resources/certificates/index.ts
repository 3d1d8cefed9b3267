// The provider's certificates (docs/screens.md, Certificates). They are listed per private key through
// PortalDataProvider.lastCertificates, so no list path.
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'certificates',
  api: null,
  routes: [{ path: '/sti-certificate/certificate', view: 'list' }],
  section: '/sti-certificate',
  menu: { label: 'portal.menu.sti_certificate' },
  texts: 'resources.certificates',
  views: { list: preloadable(() => import('./CertificateList')), icon: VerifiedUserIcon },
});
