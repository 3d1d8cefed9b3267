// The built-in stand-in for a mail server: each message becomes an RFC 5322 .eml file in $DATA_DIR/outbox.
// The log names the file; the message, with its links, is only in the file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

let sequence = 0;

/** Names sort by time: UTC timestamp to the millisecond, then a per-process counter, then a random tail. */
function fileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

export function createOutboxMailer(opts: { dir: string; from: string; log: FastifyBaseLogger }): Mailer {
  // The stream transport only composes the message (text and HTML alternatives); nothing leaves the machine.
  // nodemailer is loaded with the first message, not at start.
  let composer: Promise<Transporter> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await (composer ??= open())).sendMail({ from: opts.from, ...message });
      fs.mkdirSync(opts.dir, { recursive: true });
      const name = fileName(new Date());
      const file = path.join(opts.dir, name);
      // Written aside then renamed, so whoever watches the folder never reads half a message.
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      fs.renameSync(`${file}.tmp`, file);
      // That a mail was written, never what it says: its links carry single-use tokens (password reset,
      // confirmation), which the file holds and the log must not.
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
    async close() {
      if (composer) (await composer).close();
    },
  };
}
