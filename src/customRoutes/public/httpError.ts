// Reading the failures the data and auth providers reject with (PortalHttpError).
import type { PortalHttpError } from '../../dataProvider/types';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export type PortalFailure = Partial<PortalHttpError> | undefined | null;

/** The server's sentence, else the error's own message (e.g. 'Network Error'). */
export function failureMessage(error: unknown): string {
  const e = error as PortalFailure;
  const fromBody = e?.body?.message;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  if (typeof e?.message === 'string' && e.message) return e.message;
  return typeof error === 'string' ? error : '';
}

export function failureBody(error: unknown): NonNullable<PortalHttpError['body']> {
  const body = (error as PortalFailure)?.body;
  return body && typeof body === 'object' ? body : {};
}

export function failureStatus(error: unknown): number | undefined {
  const status = (error as PortalFailure)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's field errors of a failed submit shown on the form's own fields (the first focused); answers false
 * when none of them is a field of the form, so that the caller shows the failure another way.
 */
export function showFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly string[],
): boolean {
  const errors = failureBody(error).errors ?? {};
  const mine = fields.filter((f) => errors[f]);
  mine.forEach((f, i) =>
    form.setError(f as Path<T>, { type: 'server', message: errors[f] }, { shouldFocus: i === 0 }),
  );
  return mine.length > 0;
}
