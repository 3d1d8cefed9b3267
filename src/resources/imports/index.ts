// The provider's number imports (SPEC.md §2, Import history). Its table arrives with a later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'imports',
  api: { path: 'service_provider/tn/import-history' },
  routes: [{ path: '/import-history', view: 'list' }],
  menu: { label: 'portal.menu.import_history' },
  texts: 'resources.imports',
  views: { list: comingSoon('portal.menu.import_history') },
});
