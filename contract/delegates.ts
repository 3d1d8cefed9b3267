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

/** Delegate certificates (docs/delegates.md): what a request may hold. */
export const DELEGATE_LIMITS = {
  customerNameMax: 100,
  customerContactMax: 200,
  /** Lines (a number or a block each) in one request's `numbers`. */
  numberLinesMax: 10_000,
  /** Numbers one delegate certificate may cover, whatever the selection. */
  numbersMax: 1_000_000,
  csrMax: 16_384,
} as const;

export const DELEGATE_MESSAGES = {
  customerNameRequired: 'Customer name is required',
  customerNameMax: `Customer name must be at most ${DELEGATE_LIMITS.customerNameMax} characters`,
  customerContactMax: `Contact must be at most ${DELEGATE_LIMITS.customerContactMax} characters`,
  nothingPicked: 'Pick at least one number: type numbers or blocks, or choose a filtered selection.',
  numberLinesMax: `At most ${DELEGATE_LIMITS.numberLinesMax} numbers or blocks at a time`,
  numberLineInvalid:
    'Each line is a 10-digit number (2015550100) or a block of them (2015550100-2015550199): ${value} is neither',
  tooManyNumbers: `A delegate certificate covers at most ${DELEGATE_LIMITS.numbersMax.toLocaleString('en-US')} numbers`,
  csrMax: 'The CSR is too long',
  notInInventory: 'These numbers are not in your inventory: ${numbers}',
  delegatedElsewhere: 'These numbers are delegated to another customer: ${numbers}',
  noStiSca: 'Request your delegate CA (STI-SCA) first: it signs the delegate certificates.',
  subscriptionInactive:
    'Your subscription is not active: delegate certificates can be issued only while it is paid and current.',
  notFound: 'Delegate certificate not found',
  alreadyRevoked: 'This delegate certificate is already revoked',
  notCurrent:
    'Only the current delegate certificate can be renewed: this one has expired or has already been renewed.',
  revoked: 'Delegate certificate revoked',
} as const;

/** A line of `numbers`: a 10-digit NANP number, or a block `first-last` of them (spaces around the dash allowed). */
export const DELEGATE_LINE_RE = /^([2-9]\d{2}[2-9]\d{6})(?:\s*-\s*([2-9]\d{2}[2-9]\d{6}))?$/;

/** The lines of a `numbers` text: split on new lines, commas and semicolons, trimmed, blanks dropped. */
export const delegateLines = (text: string) =>
  text
    .split(/[\n\r,;]+/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The number listing's filter, which picks every inventory number it matches (all keys optional). */
const numbersFilterSchema = yup
  .object({
    q: yup.string().max(100),
    voip_user: yup.string().max(100),
    organization: yup.string().max(100),
    import_id: yup.string().uuid(),
  })
  .noUnknown(true, 'Unknown field: ${unknown}')
  .default(undefined);

/**
 * POST /api/service_provider/delegates: for whom (a customer of the provider, found by name or added), which
 * numbers (typed lines, a filter of the number listing, or both: their union), and the key (a CSR in PEM, or none:
 * the portal makes the key and answers it once).
 */
export const createDelegateSchema = yup
  .object({
    customer_name: yup
      .string()
      .trim()
      .required(DELEGATE_MESSAGES.customerNameRequired)
      .max(DELEGATE_LIMITS.customerNameMax, DELEGATE_MESSAGES.customerNameMax),
    customer_contact: yup
      .string()
      .trim()
      .max(DELEGATE_LIMITS.customerContactMax, DELEGATE_MESSAGES.customerContactMax),
    numbers: yup
      .string()
      .test(
        'lines',
        DELEGATE_MESSAGES.numberLinesMax,
        (v) => !v || delegateLines(v).length <= DELEGATE_LIMITS.numberLinesMax,
      )
      .test('line', (v, ctx) => {
        const bad = v ? delegateLines(v).find((l) => !DELEGATE_LINE_RE.test(l)) : undefined;
        return (
          bad === undefined ||
          ctx.createError({ message: DELEGATE_MESSAGES.numberLineInvalid.replace('${value}', bad) })
        );
      }),
    filter: numbersFilterSchema,
    csr: yup.string().trim().max(DELEGATE_LIMITS.csrMax, DELEGATE_MESSAGES.csrMax),
  })
  .test('picked', DELEGATE_MESSAGES.nothingPicked, (v) => Boolean(v?.numbers?.trim() || v?.filter))
  .noUnknown(true, 'Unknown field: ${unknown}');
export type CreateDelegateInput = yup.InferType<typeof createDelegateSchema>;

/**
 * POST /api/service_provider/acme/eab with a body: an ACME credential handed to a customer, bound to numbers picked
 * as a delegate certificate's are. Its account orders delegate certificates for those numbers, and nothing else.
 */
export const customerAcmeCredentialSchema = createDelegateSchema
  .omit(['csr'])
  .noUnknown(true, 'Unknown field: ${unknown}');
export type CustomerAcmeCredentialInput = yup.InferType<typeof customerAcmeCredentialSchema>;

/** POST /api/service_provider/delegates/{id}/renew: a new CSR, or none (a new key made and answered once). */
export const renewDelegateSchema = yup
  .object({ csr: yup.string().trim().max(DELEGATE_LIMITS.csrMax, DELEGATE_MESSAGES.csrMax) })
  .noUnknown(true, 'Unknown field: ${unknown}');

/** POST /api/service_provider/delegates/{id}/revoke: an optional reason, the reasons of a certificate. */
export const revokeDelegateSchema = revokeCertificateSchema;
