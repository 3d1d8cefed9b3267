// The calls of the reseller areas beside the CRUD verbs (docs/api.md, resellers): the invitation's password, the
// admin's promo-code rotation and the invitation sent again.
import type { ResellerRow } from '../../contract/resellers';
import { messageOf, postIdempotent, postJson, type MessageAnswer } from './http';
import type { PortalDataProvider } from './types';

export type ResellerCalls = Pick<
  PortalDataProvider,
  'acceptInvitation' | 'rotateResellerCode' | 'resendResellerInvitation'
>;

export function resellerCalls(): ResellerCalls {
  return {
    async acceptInvitation(params) {
      return messageOf(await postJson<MessageAnswer>('auth/reseller/password', params));
    },
    async rotateResellerCode(id) {
      return postIdempotent<ResellerRow>(`admin/reseller/${encodeURIComponent(id)}/rotate_token`);
    },
    async resendResellerInvitation(id) {
      return messageOf(
        await postIdempotent<MessageAnswer>(`admin/reseller/${encodeURIComponent(id)}/invite`),
      );
    },
  };
}
