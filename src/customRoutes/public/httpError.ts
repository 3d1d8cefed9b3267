// Reading the failures the data and auth providers reject with (PortalHttpError).
import type { PortalHttpError } from '../../dataProvider/types';

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
