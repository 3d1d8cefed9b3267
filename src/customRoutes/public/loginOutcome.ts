// What the login page does with each failure message of the server (docs/screens.md, Sign in).
import { LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import { failureBody, failureMessage } from './httpError';
import { paymentStepPath } from './paths';

export type LoginOutcome =
  /** 'Wrong password' under the password field, 'Service provider not found' under the email field. */
  | { kind: 'field'; field: 'email' | 'password'; message: string }
  /** Not confirmed: the message and a link that resends the confirmation mail. */
  | { kind: 'notConfirmed'; message: string }
  /** Not active, or no active subscription: the message, then the payment step after a delay. */
  | { kind: 'redirect'; message: string; to: string }
  /** Past due: the message and a link that fetches the payment page of the provider. */
  | { kind: 'pastDue'; message: string; serviceProviderUuid: string }
  /** Past due with a new invoice: a short message, and the payment page the server sent opens at once. */
  | { kind: 'pastDueNewInvoice'; url?: string }
  /** Deactivated by an administrator: the message, and what to do about it (ask support). */
  | { kind: 'disabled'; message: string }
  /** Anything else, shown as is. */
  | { kind: 'message'; message: string };

export function loginOutcome(error: unknown): LoginOutcome {
  const message = failureMessage(error);
  const { service_provider_uuid: uuid, url } = failureBody(error);
  switch (message) {
    case LOGIN_MESSAGES.wrongPassword:
      return { kind: 'field', field: 'password', message };
    case LOGIN_MESSAGES.notFound:
      return { kind: 'field', field: 'email', message };
    case LOGIN_MESSAGES.notConfirmed:
      return { kind: 'notConfirmed', message };
    case LOGIN_MESSAGES.notActive:
      return uuid ? { kind: 'redirect', message, to: paymentStepPath(uuid) } : { kind: 'message', message };
    case LOGIN_MESSAGES.noActiveSubscription:
      return uuid
        ? { kind: 'redirect', message, to: paymentStepPath(uuid, true) }
        : { kind: 'message', message };
    case LOGIN_MESSAGES.pastDue:
      return uuid ? { kind: 'pastDue', message, serviceProviderUuid: uuid } : { kind: 'message', message };
    case LOGIN_MESSAGES.pastDueNewInvoice:
      return { kind: 'pastDueNewInvoice', url };
    case MESSAGES.accountDisabled:
      return { kind: 'disabled', message };
    default:
      return { kind: 'message', message };
  }
}

/** Where each role lands after signing in (docs/screens.md, Sign in). */
export function homeOfRole(role: string | undefined): string {
  if (role === 'reseller') return '/reseller';
  if (role === 'admin') return '/admin';
  return '/';
}

/** The role in what authProvider.login or getPermissions answered, when it is there. */
export function roleIn(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { user?: { type?: unknown } | null; type?: unknown; role?: unknown };
  const candidate = v.user?.type ?? v.type ?? v.role;
  return typeof candidate === 'string' ? candidate : undefined;
}
