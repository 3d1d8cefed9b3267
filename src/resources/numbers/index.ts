// The provider's assigned numbers (SPEC.md §2, Number listing); not in the sidebar. Its table arrives with a
// later release.
import { comingSoon } from '../../components/ComingSoon';
import { defineResource } from '../descriptor';

export default defineResource({
  name: 'numbers',
  api: { path: 'service_provider/tn/assigned', idField: 'tn_uuid' },
  routes: [{ path: '/number-listing', view: 'list' }],
  menu: null,
  texts: 'resources.numbers',
  views: { list: comingSoon('portal.pages.number_listing') },
});
