// The signed-in user's own page: details, password, sessions. Every role holds `session` (contract/
// access.ts), so every role opens it; it has no sidebar entry (each role's sidebar is fixed): the header
// links to it.
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

const ProfilePage = preloadable(() => import('./ProfilePage'));

export const PROFILE_PATH = '/profile';

export default defineResource({
  name: 'session',
  api: null,
  routes: [{ path: PROFILE_PATH, page: ProfilePage, action: 'edit' }],
  menu: null,
  texts: 'portal.profile',
  views: {},
});
