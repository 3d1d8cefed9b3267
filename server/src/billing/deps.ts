// What billing needs from the app, and nothing more: the database, the clock, the payments provider, the mailer,
// the job queue's send, the config it reads and a log. Every billing function takes these first, then the
// acting user where there is one.
import type { TokenClaims } from '../../../contract/api';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import type { MailMessage, Mailer } from '../integrations/mail/mailer';
import type { PaymentGateway } from '../integrations/payments/gateway';
import type { JobQueue } from '../jobs/queue';

type LogFn = (details: object, message: string) => void;

export interface BillingLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface BillingDeps {
  db: Database;
  now: () => Date;
  payments: PaymentGateway;
  mailer: Pick<Mailer, 'send'>;
  jobs: Pick<JobQueue, 'send'>;
  /** publicUrl for return and account links; authRateLimit for the public payment routes. */
  config: Pick<Config, 'publicUrl' | 'authRateLimit'>;
  log: BillingLog;
}

/** Billing's part of the app's services. */
export function billingDepsOf(ctx: AppContext): BillingDeps {
  const { db, now, payments, mailer, jobs, config, log } = ctx;
  return { db, now, payments, mailer, jobs, config, log };
}

/** The signed-in user a billing call acts for. */
export type Actor = Pick<TokenClaims, 'sub' | 'email' | 'service_provider_uuid'>;

export function providerIdOf(user: Actor): string {
  if (!user.service_provider_uuid) throw new HttpError(403, 'You are not allowed to do this');
  return user.service_provider_uuid;
}

/** A mail that must not fail the change it reports: a failure is logged. */
export async function sendMail(deps: BillingDeps, message: MailMessage, about: Record<string, unknown>) {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, ...about, subject: message.subject }, 'could not send mail');
  }
}
