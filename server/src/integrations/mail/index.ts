// The mailer of the app: SMTP when SMTP_URL is set, else the outbox folder.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export type { MailMessage, Mailer } from './mailer';

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailer({ dir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log });
}
