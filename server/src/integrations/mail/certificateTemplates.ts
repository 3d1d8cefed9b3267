// The certificate mails: the notice that a certificate was revoked (the subscriber agreement, clause 7.3).
import { dateText, utcDateTimeText } from '../../../../contract/format';
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

const formatTime = (date: Date) => utcDateTimeText(date);

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

const formatDate = (date: Date) => dateText(date);

interface CertificateMailBase {
  to: string;
  name: string;
  ocn: string;
  /** The certificate listing in the portal. */
  link: string;
}

/** Automatic renewal: the new certificate is issued; the old one stays valid until it expires. */
export function certificateAutoRenewedMail(
  input: CertificateMailBase & { oldSerial: string; newSerial: string; notAfter: Date; crUrl: string },
): MailMessage {
  return noticeMail({
    to: input.to,
    subject: 'Your STI certificate was renewed',
    name: input.name,
    blocks: [
      `Your STI certificate for SHAKEN ${input.ocn}, serial number ${input.oldSerial}, was renewed automatically with the same key. The new certificate, serial number ${input.newSerial}, is valid until ${formatDate(input.notAfter)}.`,
      `Sign calls with the new certificate's URL (x5u): ${input.crUrl}. The old certificate stays valid until it expires, so calls in flight keep verifying.`,
      { action: 'Open your certificates', link: input.link },
    ],
  });
}

/** Automatic renewal failed: it is tried again the next day, until the certificate expires. */
export function certificateAutoRenewalFailedMail(
  input: CertificateMailBase & { serial: string; notAfter: Date; reason: string },
): MailMessage {
  return noticeMail({
    to: input.to,
    subject: 'Your STI certificate could not be renewed',
    name: input.name,
    blocks: [
      `We could not renew your STI certificate for SHAKEN ${input.ocn}, serial number ${input.serial}, automatically: ${input.reason}.`,
      `It expires on ${formatDate(input.notAfter)}. We will try again tomorrow. If your STI-PA credentials changed, enter them again for automatic renewal, or renew the certificate in the portal.`,
      { action: 'Open your certificates', link: input.link },
    ],
  });
}

/** What an expiry notice says of each kind of certificate: its name, what stops working, how to renew it. */
function expiringWords(input: { kind?: string; ocn: string; serial: string; customerName?: string | null }) {
  if (input.kind === 'sti_sca')
    return {
      subject: 'Your delegate CA (STI-SCA)',
      what: `Your delegate CA (STI-SCA) for SHAKEN ${input.ocn}, serial number ${input.serial},`,
      then: 'The delegate certificates it signed fail verification once it has expired. Renew it in the portal: the new STI-SCA signs new delegate certificates.',
      action: 'Renew your delegate CA',
    };
  if (input.kind === 'delegate')
    return {
      subject: `The delegate certificate for ${input.customerName}`,
      what: `The delegate certificate for your customer ${input.customerName}, serial number ${input.serial},`,
      then: "Calls your customer signs with it fail verification once it has expired. Renew it in the portal, with a new CSR from your customer or a key the portal makes, and send your customer the new certificate's URL.",
      action: 'Renew the delegate certificate',
    };
  return {
    subject: 'Your STI certificate',
    what: `Your STI certificate for SHAKEN ${input.ocn}, serial number ${input.serial},`,
    then: 'Calls signed with it fail verification once it has expired. Renew it in the portal, or turn on automatic renewal for it.',
    action: 'Renew your certificate',
  };
}

/** A certificate that will not be renewed expires soon (30, 7 and 1 day before): a SHAKEN, STI-SCA or delegate one. */
export function certificateExpiringMail(
  input: CertificateMailBase & {
    serial: string;
    notAfter: Date;
    days: number;
    kind?: 'shaken' | 'sti_sca' | 'delegate';
    customerName?: string | null;
  },
): MailMessage {
  const when = input.days === 1 ? 'tomorrow' : `in ${input.days} days`;
  const words = expiringWords(input);
  return noticeMail({
    to: input.to,
    subject: `${words.subject} expires ${when}`,
    name: input.name,
    blocks: [
      `${words.what} expires on ${formatDate(input.notAfter)}.`,
      words.then,
      { action: words.action, link: input.link },
    ],
  });
}
