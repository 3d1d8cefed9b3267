// The mail interface. Two implementations: the outbox (files in $DATA_DIR/outbox) and SMTP through nodemailer.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
