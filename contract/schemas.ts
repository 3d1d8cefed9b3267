// Validation rules of SPEC.md §5, written once and used by the forms and by the server.
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

const text = (label: string, required = `${label} is a required field`, max: number = LIMITS.textMax) =>
  yup.string().trim().required(required).max(max, `${label} must be at most ${max} characters`);

const usPhone = (required: string) =>
  yup
    .string()
    .trim()
    .required(required)
    .max(LIMITS.phoneMax, `phone number must be at most ${LIMITS.phoneMax} characters`)
    .matches(US_PHONE_RE, 'phone numbers only from US are allowed');

const isUS = (country: unknown) => country === 'US';

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
      .required('country is required field')
      .oneOf([...COUNTRIES], 'country is not valid.'),
    state: yup.string().trim().required('state is a required field').oneOf([...US_STATES], 'state is not valid.'),
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

export const registrationStep2Schema = yup
  .object({
    printed_name: text('Printed Name', 'Printed Name is a required field'),
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

export const registrationStep3Schema = yup
  .object({
    password,
    confirm_password: yup
      .string()
      .required('Confirm password is a required field')
      .oneOf([yup.ref('password')], 'Passwords do not match'),
  })
  .noUnknown(true, unknownField);

/** What POST /api/auth/register accepts (sign_file travels as a file part beside these fields). */
export const registrationSchema = registrationStep1Schema
  .shape({
    printed_name: registrationStep2Schema.fields.printed_name,
    password: registrationStep3Schema.fields.password,
    confirm_password: registrationStep3Schema.fields.confirm_password,
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

export const resendConfirmationSchema = forgotPasswordSchema;

export const availabilityQuerySchema = yup
  .object({
    email: yup.string().trim().max(LIMITS.emailMax).optional(),
    ocn: yup.string().trim().max(LIMITS.ocnLength * 2).optional(),
  })
  .noUnknown(true, unknownField);

export type RegistrationStep1 = yup.InferType<typeof registrationStep1Schema>;
export type RegistrationStep2 = yup.InferType<typeof registrationStep2Schema>;
export type RegistrationStep3 = yup.InferType<typeof registrationStep3Schema>;
export type Registration = yup.InferType<typeof registrationSchema>;
export type LoginInput = yup.InferType<typeof loginSchema>;

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

export async function validate<S extends yup.AnySchema>(schema: S, input: unknown): Promise<yup.InferType<S>> {
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
