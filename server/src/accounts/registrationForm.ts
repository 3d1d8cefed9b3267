// Reads the multipart registration form: text fields, and the drawn signature as the file part sign_file.
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/constants';
import {
  registrationSchema,
  validate,
  ValidationFailure,
  type Registration,
} from '../../../contract/schemas';
import { declaredBody } from '../http/body';
import { HttpError } from '../http/errors';

export interface RegistrationForm {
  input: Registration;
  signature: Buffer;
}

const MALFORMED = 'Malformed multipart body';

/** What @fastify/multipart refuses, in the words of this form. */
function multipartRefusal(e: unknown): Error {
  if (e instanceof HttpError || e instanceof ValidationFailure) return e;
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, MESSAGES.signatureTooLarge, {
        errors: { sign_file: MESSAGES.signatureTooLarge },
      });
    case 'FST_FILES_LIMIT':
      return new HttpError(400, 'Send a single file: sign_file');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'Too many form fields');
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'Form field name is not allowed');
    default:
      // busboy's parse errors (no boundary, truncated parts, bad headers) are the client's
      return new HttpError(400, MALFORMED);
  }
}

export async function readRegistrationForm(request: FastifyRequest): Promise<RegistrationForm> {
  declaredBody(request, registrationSchema);
  if (!request.isMultipart()) throw new HttpError(415, 'Registration must be sent as multipart/form-data');
  const fields = new Map<string, string>();
  const partErrors: Record<string, string> = {};
  let signature: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (name !== 'sign_file') {
          part.file.resume();
          partErrors[name] = `Unknown field: ${name}`;
        } else {
          signature = await part.toBuffer();
        }
        continue;
      }
      if (name === 'sign_file') {
        partErrors.sign_file = MESSAGES.signatureNotPng;
      } else if (part.fieldnameTruncated || part.valueTruncated) {
        partErrors[name] = `${name} is too long`;
      } else if (fields.has(name)) {
        partErrors[name] = `${name} must be sent once`;
      } else {
        fields.set(name, String(part.value));
      }
    }
  } catch (e) {
    throw multipartRefusal(e);
  }

  let input: Registration | undefined;
  let errors: Record<string, string> = {};
  try {
    input = await validate(registrationSchema, Object.fromEntries(fields));
  } catch (e) {
    if (!(e instanceof ValidationFailure)) throw e;
    errors = e.errors;
  }
  Object.assign(errors, partErrors);
  if (!signature?.length && !errors.sign_file) errors.sign_file = MESSAGES.signatureRequired;
  const first = Object.values(errors)[0];
  if (first || !input || !signature) throw new ValidationFailure(first ?? MALFORMED, errors);
  return { input, signature };
}
