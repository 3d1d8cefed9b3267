// The calls of sign-up, sign-in and the profile (docs/api.md).
import type { AvailabilityResponse, ResellerProfile, ServiceProviderProfile } from '../../contract/api';
import { apiUrl, getJson, httpClient, messageOf, postIdempotent, postJson, type MessageAnswer } from './http';
import type { PromoCodeCheck } from '../../contract/resellers';
import type { PortalDataProvider, RegisterPayload } from './types';

const SIGNATURE_FILE_NAME = 'sign.png';

export type AccountCalls = Pick<
  PortalDataProvider,
  | 'checkAvailability'
  | 'register'
  | 'resendConfirmationEmail'
  | 'confirmEmail'
  | 'checkPasswordLink'
  | 'forgotPassword'
  | 'setNewPassword'
  | 'validateResellerCode'
  | 'getProfile'
  | 'updateProfile'
  | 'changePassword'
  | 'logoutEverywhere'
  | 'getResellerProfile'
  | 'getPastDuePaymentUrl'
>;

export function accountCalls(): AccountCalls {
  return {
    checkAvailability({ email, ocn }) {
      return getJson<AvailabilityResponse>('service_provider/check_availability', {
        email: email.trim(),
        ocn: ocn.trim().toUpperCase(),
      });
    },

    async register({ fields, signature }: RegisterPayload) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined && value !== null) form.append(name, value);
      }
      const file =
        typeof File !== 'undefined'
          ? new File([signature], SIGNATURE_FILE_NAME, { type: signature.type || 'image/png' })
          : signature;
      form.append('sign_file', file, SIGNATURE_FILE_NAME);
      const { json } = await httpClient<{ service_provider_uuid: string }>(apiUrl('auth/register'), {
        method: 'POST',
        body: form,
      });
      return json;
    },

    async updateProfile(fields) {
      const { json } = await httpClient<ServiceProviderProfile>(apiUrl('service_provider'), {
        method: 'PATCH',
        body: JSON.stringify(fields),
      });
      return json;
    },

    async changePassword(input) {
      return messageOf(await postJson<MessageAnswer>('auth/password', input));
    },

    async logoutEverywhere() {
      await postJson<undefined>('auth/logout_all');
    },

    async resendConfirmationEmail(email) {
      return messageOf(
        await postIdempotent<MessageAnswer>('service_provider/resend_confirmation_email', { email }),
      );
    },

    async confirmEmail(token) {
      const answer = await postJson<MessageAnswer & { already_confirmed?: boolean }>(
        `service_provider/confirm/${encodeURIComponent(token)}`,
      );
      return { ...messageOf(answer), ...(answer?.already_confirmed ? { already_confirmed: true } : {}) };
    },

    async checkPasswordLink(token, purpose) {
      await postJson<MessageAnswer>('auth/link_status', { token, purpose });
    },

    async forgotPassword(email) {
      return messageOf(await postIdempotent<MessageAnswer>('auth/forgot_password', { email }));
    },

    async setNewPassword(params) {
      return messageOf(await postJson<MessageAnswer>('auth/forgot_password/confirm', params));
    },

    validateResellerCode(code) {
      return postJson<PromoCodeCheck>(`auth/reseller_token/${encodeURIComponent(code)}`);
    },

    getProfile() {
      return getJson<ServiceProviderProfile>('service_provider');
    },

    getResellerProfile() {
      return getJson<ResellerProfile>('reseller');
    },

    getPastDuePaymentUrl(serviceProviderUuid) {
      return getJson<{ url: string }>('payment/old_subscription_invoice', {
        service_provider_uuid: serviceProviderUuid,
      });
    },
  };
}
