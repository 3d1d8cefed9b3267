// The data of the registration wizard, kept between its steps (docs/screens.md, Registration) and turned into
// the register payload.
import { DEFAULT_COUNTRY, MESSAGES } from '../../../../contract/constants';
import { failureBody, failureMessage, failureStatus } from '../httpError';

/** The wizard has four steps; the fourth, plan and payment, is its own page. */
export const REGISTRATION_STEPS = 4;

export const STEP1_FIELDS = [
  'ocn',
  'email',
  'first_name',
  'last_name',
  'phone_number',
  'title',
  'company_name',
  'address',
  'country',
  'state',
  'city',
  'zipcode',
  'filer_id',
  'frn_number',
] as const;
/** Step 2 shows phone_number, title and company_name again, pre-filled from step 1 under the same names. */
export const STEP2_FIELDS = ['printed_name', 'phone_number', 'title', 'company_name'] as const;
export const STEP3_FIELDS = ['password', 'confirm_password'] as const;

export type Step1Field = (typeof STEP1_FIELDS)[number];
export type Step2Field = (typeof STEP2_FIELDS)[number];
export type Step3Field = (typeof STEP3_FIELDS)[number];
export type RegistrationField = Step1Field | Step2Field | Step3Field;
export type RegistrationStep = 1 | 2 | 3;

export type RegistrationData = Record<RegistrationField, string> & {
  /** The drawn signature as a PNG data URL, '' when none. */
  signature: string;
};

/** The server's name for the signature part. */
export const SIGNATURE_FIELD = 'sign_file';

export function emptyRegistration(): RegistrationData {
  const data = { signature: '' } as RegistrationData;
  for (const field of [...STEP1_FIELDS, ...STEP2_FIELDS, ...STEP3_FIELDS]) data[field] = '';
  data.country = DEFAULT_COUNTRY;
  return data;
}

/** Only the given fields of the data, for a step's form. */
export function pickFields<F extends RegistrationField>(
  data: RegistrationData,
  fields: readonly F[],
): Record<F, string> {
  const picked = {} as Record<F, string>;
  for (const field of fields) picked[field] = data[field] ?? '';
  return picked;
}

/** Merges what a step's form holds into the wizard data, as strings. */
export function mergeFields(
  data: RegistrationData,
  values: Partial<Record<string, unknown>>,
): RegistrationData {
  const next = { ...data };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'signature') next.signature = typeof value === 'string' ? value : '';
    else if (key in next) (next as Record<string, string>)[key] = value == null ? '' : String(value);
  }
  return next;
}

/** The text fields of POST /api/auth/register, with the reseller code when one is stored. */
export function registrationFields(
  data: RegistrationData,
  resellerCode?: string | null,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of [...STEP1_FIELDS, 'printed_name', ...STEP3_FIELDS] as const)
    fields[field] = data[field] ?? '';
  fields.ocn = fields.ocn.toUpperCase();
  if (resellerCode) fields.reseller_url_token = resellerCode;
  return fields;
}

export interface RegistrationFailure {
  /** The step the wizard returns to. */
  step: RegistrationStep;
  /** The server's message, shown under the form. */
  message: string;
  /** Field errors, shown on their fields (sign_file on the signature). */
  errors: Record<string, string>;
}

const STEP1_ONLY = new Set<string>(
  STEP1_FIELDS.filter((f) => !(STEP2_FIELDS as readonly string[]).includes(f)),
);
const STEP2_ALL = new Set<string>([...STEP2_FIELDS, SIGNATURE_FIELD]);

/**
 * Where a failed registration goes back to: a message about the company returns to step 2;
 * otherwise the earliest step holding a field the server refused (an OCN or email conflict is step 1).
 */
export function registrationFailure(error: unknown): RegistrationFailure {
  const message = failureMessage(error);
  const body = failureBody(error);
  const errors: Record<string, string> = { ...(body.errors ?? {}) };
  if (failureStatus(error) === 409 || message === MESSAGES.ocnTaken || message === MESSAGES.emailTaken) {
    if (message === MESSAGES.ocnTaken && !errors.ocn) errors.ocn = message;
    if (message === MESSAGES.emailTaken && !errors.email) errors.email = message;
  }
  let step: RegistrationStep = 3;
  if (message.toLowerCase().includes('company')) step = 2;
  else if (Object.keys(errors).some((f) => STEP1_ONLY.has(f))) step = 1;
  else if (Object.keys(errors).some((f) => STEP2_ALL.has(f))) step = 2;
  return { step, message, errors };
}
