// The provider's assigned numbers (docs/screens.md, Number listing), at /number-listing, in the sidebar after
// Import History (and linked from each completed import). The total of a filter matching very many numbers is
// not counted: the list pages by "next page" (paging: 'partial').
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { NumberRecord } from './NumberList';

export default defineResource({
  name: 'numbers',
  api: { path: 'service_provider/tn/assigned', idField: 'tn_uuid', paging: 'partial' },
  routes: [{ path: '/number-listing', view: 'list' }],
  menu: { label: 'portal.menu.number_listing' },
  texts: 'resources.numbers',
  views: { list: preloadable(() => import('./NumberList')), recordRepresentation: 'tn' },
});
