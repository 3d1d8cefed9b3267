// The provider's number imports (docs/screens.md, Import history), at /import-history: the list, the Import
// button with its upload progress, and each import's error report.
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { ImportRecord } from './ImportList';

export default defineResource({
  name: 'imports',
  api: { path: 'service_provider/tn/import-history' },
  routes: [{ path: '/import-history', view: 'list' }],
  menu: { label: 'portal.menu.import_history' },
  texts: 'resources.imports',
  views: { list: preloadable(() => import('./ImportList')), recordRepresentation: 'filename' },
});
