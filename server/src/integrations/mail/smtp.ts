// The real mail client: nodemailer over SMTP_URL (smtp:// or smtps://, credentials and options in the URL).
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: opts.url,
      // A request waits for its mail: a silent server must fail it in seconds, not nodemailer's minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: opts.from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(message);
    },
    async close() {
      transport.close();
    },
  };
}
