// The provider's hosted STI-SCA (docs/delegates.md, docs/screens.md, Delegate CA) at /sti-certificate/sti-sca,
// under STI-Certificate in the sidebar. Its list route answers a plain array, not the list protocol, so it has no
// list path here: the dataProvider reads it through PortalDataProvider.listStiScas (dataProvider/stiScaCalls.ts).
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'sti-scas',
  api: null,
  routes: [{ path: '/sti-certificate/sti-sca', view: 'list' }],
  menu: { label: 'portal.menu.sti_sca', parent: 'certificates' },
  texts: 'resources.sti-scas',
  views: {
    list: preloadable(() => import('./StiScaList')),
    icon: AccountTreeIcon,
    recordRepresentation: 'serial_number',
  },
});
