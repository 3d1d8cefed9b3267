// Inviting a company (docs/screens.md, Inviting a company), at /reseller/sp-invite: the form and the
// invitations sent, sent or registered. Reached from the Companies page; no sidebar entry of its own (the
// reseller's are Companies and Payment Listing).
import { preloadable } from '../../routing/preloadable';
import { defineResource } from '../descriptor';

export type { InviteRecord } from './InviteList';

export default defineResource({
  name: 'reseller-invites',
  api: { path: 'reseller/service_provider/invite' },
  routes: [{ path: '/reseller/sp-invite', view: 'list' }],
  menu: null,
  texts: 'resources.reseller-invites',
  views: { list: preloadable(() => import('./InviteList')), recordRepresentation: 'email' },
});
