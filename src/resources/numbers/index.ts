// The provider's assigned numbers (docs/screens.md, Number listing), at /number-listing, in the sidebar after
// Import History (and linked from each completed import, filtered by it). The total of a filter matching very many
// numbers is not counted: the list pages by "next page" (paging: 'partial').
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { NumberRecord } from './NumberList';

/** The listing's query filtered by one import, in react-admin's list URL format (`?filter=<JSON>`). */
export function numbersOfImportSearch(importId: string): string {
  return `?filter=${encodeURIComponent(JSON.stringify({ import_id: importId }))}`;
}

export default defineResource({
  name: 'numbers',
  api: { path: 'service_provider/tn/assigned', idField: 'tn_uuid', paging: 'partial' },
  routes: [{ path: '/number-listing', view: 'list' }],
  menu: { label: 'portal.menu.number_listing' },
  texts: 'resources.numbers',
  views: { list: preloadable(() => import('./NumberList')), recordRepresentation: 'tn' },
});
