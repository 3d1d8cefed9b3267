// The provider's STI-SCA (docs/delegates.md), written once for the future screen and the server: the request and
// revoke payloads, the texts of the refusals and the toasts of the request's error causes.
import * as yup from 'yup';
import { generateCertificateSchema, revokeCertificateSchema } from './certificates';

/** POST /api/service_provider/sti_sca: the STI-PA username and password, as a certificate's generation asks. */
export const requestStiScaSchema = generateCertificateSchema
  .pick(['sti_pa_username', 'sti_pa_password'])
  .noUnknown(true, 'Unknown field: ${unknown}');
export type RequestStiScaInput = yup.InferType<typeof requestStiScaSchema>;

/** POST /api/service_provider/sti_sca/{id}/renew: the STI-PA username and password again, for a new SPC token. */
export const renewStiScaSchema = requestStiScaSchema;

/** POST /api/service_provider/sti_sca/{id}/revoke: an optional reason, the reasons of a certificate. */
export const revokeStiScaSchema = revokeCertificateSchema;
export type RevokeStiScaInput = yup.InferType<typeof revokeStiScaSchema>;

export const STI_SCA_MESSAGES = {
  notFound: 'STI-SCA not found',
  alreadyHeld:
    'This account already has a valid STI-SCA. Revoke it before requesting another one, or wait until it expires.',
  alreadyRevoked: 'This STI-SCA is already revoked',
  notCurrent:
    'Only the current STI-SCA can be renewed: this one has expired or has already been renewed. Renew its newest one instead.',
  unavailable: 'This CA cannot issue STI-SCAs: it holds no intermediate for them.',
  revoked: 'STI-SCA revoked',
} as const;

/** The toast of each error_cause of the request that a certificate's generation does not have. */
export const STI_SCA_ERROR_CAUSE_MESSAGES: Readonly<Record<string, string>> = {
  sti_pa_ca_not_allowed:
    'The STI-PA does not allow this user to request an SPC token for a subordinate CA (an STI-SCA).',
};
