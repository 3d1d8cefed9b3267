// The toast text of a failed billing call (docs/screens.md, Messages from the server): the server's message
// (a list joined by a comma), else the failure's own text, which the HTTP client already makes 'Request
// failed with status code N'.
import type { PortalHttpError } from '../dataProvider/types';

export function billingErrorMessage(error: unknown): string {
  const e = error as Partial<PortalHttpError> | null | undefined;
  const message = (e?.body as { message?: unknown } | undefined)?.message;
  if (Array.isArray(message) && message.length) return message.map(String).join(', ');
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof e?.message === 'string' && e.message) return e.message;
  if (typeof e?.status === 'number') return `Request failed with status code ${e.status}`;
  return typeof error === 'string' ? error : 'Request failed';
}

type Notify = (message: string, options: { type: 'error'; messageArgs: { _: string } }) => void;

/** Toast a failed call; the server's sentence is shown as is (the `_` default keeps it out of the translator). */
export function notifyFailure(notify: Notify, error: unknown): void {
  const message = billingErrorMessage(error);
  notify(message, { type: 'error', messageArgs: { _: message } });
}
