// The certificate mails: the notice that a certificate was revoked (the subscriber agreement, clause 7.3).
import type { MailMessage } from './mailer';
import { noticeMail } from './templates';

const REASONS: Record<string, string> = {
  unspecified: 'at your request',
  key_compromise: 'because its private key is compromised',
  superseded: 'because it was replaced by a renewed certificate',
  cessation_of_operation: 'because you ceased the operations it was issued for',
  affiliation_changed: 'because your affiliation changed',
};

export interface CertificateRevokedMailInput {
  to: string;
  name: string;
  serial: string;
  ocn: string;
  reason: string;
  revokedOn: Date;
  /** The certificate listing in the portal. */
  link: string;
}

const formatTime = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(date);

export function certificateRevokedMail(input: CertificateRevokedMailInput): MailMessage {
  const why = REASONS[input.reason] ?? `(${input.reason})`;
  return noticeMail({
    to: input.to,
    subject: 'Your STI certificate was revoked',
    name: input.name,
    blocks: [
      `Your STI certificate for SHAKEN ${input.ocn}, serial number ${input.serial}, was revoked on ${formatTime(input.revokedOn)} ${why}.`,
      'Its serial number is published in the certificate revocation list: calls signed with its private key now fail verification. Sign calls only with a valid certificate.',
      'If you did not expect this, contact us at once.',
      { action: 'Open your certificates', link: input.link },
    ],
  });
}
