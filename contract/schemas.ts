// Validation rules (docs/screens.md, Input rules), written once and used by the forms and by the server.
import * as yup from 'yup';
import { COUNTRIES, LIMITS, US_STATES } from './constants';

/** optional leading 1, area code, prefix, line, optional extension 'x' plus four digits */
export const US_PHONE_RE = /^(?:\+?1[\s.-]?)?\(?[2-9]\d{2}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?:\s?x\d{4})?$/;
/** three digits followed by one letter or digit */
export const OCN_RE = /^\d{3}[A-Za-z0-9]$/;
const DIGITS_RE = /^\d+$/;
/** A pragmatic address check, the same in browser and server. */
export const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

const unknownField = 'Unknown field: ${unknown}';

/** Free text (names, titles, addresses): no markup brackets and no control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this rejects
export const SAFE_TEXT_RE = /^[^<>\u0000-\u001f\u007f]*$/;

const text = (label: string, required = `${label} is a required field`, max: number = LIMITS.textMax) =>
  yup
    .string()
    .trim()
    .required(required)
    .max(max, `${label} must be at most ${max} characters`)
    .matches(SAFE_TEXT_RE, { message: `${label} is not valid.`, excludeEmptyString: true });

const usPhone = (required: string) =>
  yup
    .string()
    .trim()
    .required(required)
    .max(LIMITS.phoneMax, `phone number must be at most ${LIMITS.phoneMax} characters`)
    .matches(US_PHONE_RE, 'phone numbers only from US are allowed');

const isUS = (country: unknown) => country === 'US';
/** yup checks oneOf before required: an empty choice must read as missing, not as 'not valid'. */
const emptyAsMissing = (v: unknown) => (v === '' ? undefined : v);

export const registrationStep1Schema = yup
  .object({
    ocn: yup
      .string()
      .trim()
      .required('OCN is required')
      .matches(OCN_RE, 'OCN must be a valid format')
      .transform((v: string) => (typeof v === 'string' ? v.toUpperCase() : v)),
    email: yup
      .string()
      .trim()
      .required('email is a required field')
      .max(LIMITS.emailMax, `email must be at most ${LIMITS.emailMax} characters`)
      .matches(EMAIL_RE, 'email must be a valid email'),
    first_name: text('first name'),
    last_name: text('last name'),
    phone_number: usPhone('phone number is a required field'),
    title: text('title'),
    company_name: text('company name'),
    address: text('address', undefined, 200),
    country: yup
      .string()
      .trim()
      .transform(emptyAsMissing)
      .required('country is required field')
      .oneOf([...COUNTRIES], 'country is not valid.'),
    state: yup
      .string()
      .trim()
      .transform(emptyAsMissing)
      .required('state is a required field')
      .oneOf([...US_STATES], 'state is not valid.'),
    city: text('city'),
    zipcode: yup
      .string()
      .trim()
      .required('zipcode is a required field')
      .max(LIMITS.zipcodeMax, `zipcode must be at most ${LIMITS.zipcodeMax} characters`)
      .when('country', {
        is: isUS,
        then: (s) => s.matches(DIGITS_RE, 'zipcode must contain numbers only'),
      }),
    filer_id: yup
      .string()
      .trim()
      .max(20, '499 Filer ID must be at most 20 characters')
      .when('country', {
        is: isUS,
        then: (s) => s.required('499 Filer ID is required').matches(DIGITS_RE, '499 Filer ID is not valid.'),
        otherwise: (s) => s.optional(),
      }),
    frn_number: yup
      .string()
      .trim()
      .max(20, 'FRN must be at most 20 characters')
      .when('country', {
        is: isUS,
        then: (s) => s.required('FRN is required').matches(DIGITS_RE, 'FRN is not valid.'),
        otherwise: (s) => s.optional(),
      }),
  })
  .noUnknown(true, unknownField);

const printedName = text('Printed Name', 'Printed Name is a required field');

export const registrationStep2Schema = yup
  .object({
    printed_name: printedName,
    phone_number: usPhone('Phone Number is a required field'),
    title: text('Title', 'Title is a required field'),
    company_name: text('Company Name', 'Company Name is a required field'),
  })
  .noUnknown(true, unknownField);

const password = yup
  .string()
  .required('Password is a required field')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

const confirmPassword = yup
  .string()
  .required('Confirm password is a required field')
  .oneOf([yup.ref('password')], 'Passwords do not match');

export const registrationStep3Schema = yup
  .object({
    password,
    confirm_password: confirmPassword,
  })
  .noUnknown(true, unknownField);

/** What POST /api/auth/register accepts (sign_file travels as a file part beside these fields). */
export const registrationSchema = registrationStep1Schema
  .shape({
    // the same rules as steps 2 and 3 (their `.fields` would lose the types)
    printed_name: printedName,
    password,
    confirm_password: confirmPassword,
    reseller_url_token: yup.string().trim().max(64).optional(),
  })
  .noUnknown(true, unknownField);

const loginEmail = yup
  .string()
  .trim()
  .required('Email is a required field')
  .max(LIMITS.emailMax, 'Invalid email')
  .matches(EMAIL_RE, 'Invalid email');

export const loginSchema = yup
  .object({
    email: loginEmail,
    password,
    remember: yup.boolean().optional(),
  })
  .noUnknown(true, unknownField);

export const forgotPasswordSchema = yup.object({ email: loginEmail }).noUnknown(true, unknownField);

/** The set-new-password form (fields password and confirm_password). */
export const setNewPasswordFormSchema = registrationStep3Schema;

/** POST /api/auth/forgot_password/confirm and /api/auth/reseller/password. */
export const setNewPasswordSchema = yup
  .object({
    token: yup.string().trim().required('This link is invalid or has expired').max(200),
    password,
    password_extra: yup
      .string()
      .required('Confirm password is a required field')
      .oneOf([yup.ref('password')], 'Passwords do not match'),
  })
  .noUnknown(true, unknownField);

/** The emailed links whose page checks them as it opens (POST /api/auth/link_status), before a form is filled. */
export const CHECKED_LINK_PURPOSES = ['password_reset', 'invitation'] as const;
export type CheckedLinkPurpose = (typeof CHECKED_LINK_PURPOSES)[number];

export const linkStatusSchema = yup
  .object({
    token: yup.string().trim().required('This link is invalid or has expired').max(200),
    purpose: yup
      .mixed<CheckedLinkPurpose>()
      .required('purpose is a required field')
      .oneOf([...CHECKED_LINK_PURPOSES], `purpose must be one of ${CHECKED_LINK_PURPOSES.join(', ')}`),
  })
  .noUnknown(true, unknownField);

/**
 * PATCH /api/service_provider: the provider edits its company and contact details, with the rules of registration.
 * The OCN and the email are not edited here (certificates name the OCN; an email change would need confirming).
 */
export const profileUpdateSchema = registrationStep1Schema
  .omit(['ocn', 'email'])
  .shape({ address2: yup.string().trim().max(200, 'address 2 must be at most 200 characters').optional() })
  .noUnknown(true, unknownField);

/** POST /api/auth/password: a signed-in user replaces the password, proving the current one. */
export const changePasswordSchema = yup
  .object({
    current_password: yup.string().required('Current password is a required field').max(LIMITS.passwordMax),
    password,
    password_extra: yup
      .string()
      .required('Confirm password is a required field')
      .oneOf([yup.ref('password')], 'Passwords do not match'),
  })
  .noUnknown(true, unknownField);

export const resendConfirmationSchema = forgotPasswordSchema;

export const availabilityQuerySchema = yup
  .object({
    email: yup.string().trim().max(LIMITS.emailMax).optional(),
    ocn: yup
      .string()
      .trim()
      .max(LIMITS.ocnLength * 2)
      .optional(),
  })
  .noUnknown(true, unknownField);

export type RegistrationStep1 = yup.InferType<typeof registrationStep1Schema>;
export type RegistrationStep2 = yup.InferType<typeof registrationStep2Schema>;
export type RegistrationStep3 = yup.InferType<typeof registrationStep3Schema>;
export type Registration = yup.InferType<typeof registrationSchema>;
export type LoginInput = yup.InferType<typeof loginSchema>;
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;
export type ProfileUpdate = yup.InferType<typeof profileUpdateSchema>;

/**
 * Validates like the server does: all errors, keyed by field, first message per field.
 * Returns the cast value or throws {@link ValidationFailure}.
 */
export class ValidationFailure extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(message);
  }
}

export const BODY_NOT_OBJECT = 'Request body must be a JSON object';

/**
 * What a form never sends but a hand-made request can: a body that is not an object, a number or an array
 * where text is expected (yup would quietly turn 123 into '123'), a NUL character (no database stores it).
 */
function checkShape(schema: yup.AnySchema, input: unknown): void {
  if (schema.type !== 'object') return;
  if (input === undefined) return;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ValidationFailure(BODY_NOT_OBJECT, { root: BODY_NOT_OBJECT });
  }
  const fields = (schema as yup.AnyObjectSchema).fields as Record<string, { type?: string }>;
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    const type = Object.prototype.hasOwnProperty.call(fields, key) ? fields[key].type : undefined;
    if (value === undefined || value === null || type === undefined) continue;
    if (type === 'string' && typeof value !== 'string') errors[key] = `${key} must be a string`;
    else if (type === 'string' && (value as string).includes('\u0000')) errors[key] = `${key} is not valid.`;
    else if (type === 'boolean' && typeof value !== 'boolean') errors[key] = `${key} must be true or false`;
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationFailure(first, errors);
}

export async function validate<S extends yup.AnySchema>(
  schema: S,
  input: unknown,
): Promise<yup.InferType<S>> {
  checkShape(schema, input);
  try {
    return await schema.validate(input, { abortEarly: false, stripUnknown: false });
  } catch (e) {
    if (e instanceof yup.ValidationError) {
      const errors: Record<string, string> = {};
      for (const inner of e.inner.length ? e.inner : [e]) {
        const key = inner.path || 'root';
        if (!(key in errors)) errors[key] = inner.message;
      }
      const first = Object.values(errors)[0] ?? e.message;
      throw new ValidationFailure(first, errors);
    }
    throw e;
  }
}
