// The provider's account (docs/screens.md, Account summary): a page of its own, no react-admin view; the
// profile is read with getProfile, not as a list. The extend, renewal and payment pages are `subscription`'s.
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

const AccountSummary = preloadable(() => import('../../billing/AccountSummary'));

export default defineResource({
  name: 'account',
  api: null,
  routes: [{ path: '/account/summary', page: AccountSummary, action: 'show' }],
  section: '/account',
  menu: { label: 'portal.menu.account' },
  texts: 'portal.account',
  views: {},
});
