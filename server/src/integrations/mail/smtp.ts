// The real mail client: nodemailer over SMTP_URL (smtp:// or smtps://, credentials and options in the URL).
import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  // nodemailer is loaded with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport(
      {
        url: opts.url,
        // A silent server must fail a send in seconds, not nodemailer's minutes, and within a mail job's 30 s
        // expiry (5 + 5 + 15 s at worst): a job still sending at its expiry would be run again, and the mail sent twice.
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 15_000,
      },
      { from: opts.from },
    );
  };
  return {
    kind: 'smtp',
    async send(message) {
      await (await (transport ??= open())).sendMail(message);
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
