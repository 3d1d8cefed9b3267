// The mail interface. Two implementations: the outbox (files in $DATA_DIR/outbox) and SMTP through nodemailer.
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (an invoice PDF). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
