// The mails the portal sends. Each has a text and an HTML body; every value that comes from a user is escaped.
import { PRODUCT_NAME } from '../../../../contract/constants';
import type { MailMessage } from './mailer';

// The product's one name (the MAIL_FROM default says the same), in every subject, body and footer.
const PORTAL = PRODUCT_NAME;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface LinkMailInput {
  publicUrl: string;
  to: string;
  /** The addressee's first name, as they typed it. */
  firstName: string;
  token: string;
  /** How long the link works, in hours (the accounts module decides). */
  validHours: number;
}

function duration(hours: number): string {
  if (hours > 72 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const confirmationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/email-verify?token=${encodeURIComponent(token)}`;
export const passwordResetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
/** The invitation's own page (open whether or not someone is signed in in that browser). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;

/** One call to action: a greeting, some lines, the link as a button and as plain text, and a closing line. */
function linkMail(opts: {
  to: string;
  subject: string;
  firstName: string;
  lines: string[];
  action: string;
  link: string;
  closing: string;
}): MailMessage {
  const greeting = opts.firstName.trim() ? `Hello ${opts.firstName.trim()},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...opts.lines,
    '',
    `${opts.action}: ${opts.link}`,
    '',
    opts.closing,
    '',
    `— ${PORTAL}`,
    '',
  ].join('\n');
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
<p>${escapeHtml(greeting)}</p>
${opts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #1565c0; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(opts.action)}</a></p>
<p style="font-size: 13px; color: #52606d;">If the button does not work, copy this address into your browser:<br><a href="${link}">${link}</a></p>
<p style="font-size: 13px; color: #52606d;">${escapeHtml(opts.closing)}</p>
<p>${PORTAL}</p>
</body>
</html>
`;
  return { to: opts.to, subject: opts.subject, text, html };
}

export function confirmationMail(input: LinkMailInput): MailMessage {
  return linkMail({
    to: input.to,
    subject: 'Confirm your email address',
    firstName: input.firstName,
    lines: [
      `Thank you for registering with the ${PORTAL}.`,
      'Please confirm your email address to activate your account.',
    ],
    action: 'Confirm email address',
    link: confirmationLink(input.publicUrl, input.token),
    closing: `This link is valid for ${duration(input.validHours)}. If you did not register, you can ignore this message.`,
  });
}

export function passwordResetMail(input: LinkMailInput): MailMessage {
  return linkMail({
    to: input.to,
    subject: 'Reset your password',
    firstName: input.firstName,
    lines: ['We received a request to set a new password for your account.'],
    action: 'Set a new password',
    link: passwordResetLink(input.publicUrl, input.token),
    closing: `This link is valid for ${duration(input.validHours)} and can be used once. If you did not ask for it, you can ignore this message.`,
  });
}

export function invitationMail(input: LinkMailInput & { role: 'admin' | 'reseller' }): MailMessage {
  return linkMail({
    to: input.to,
    subject: `You are invited to the ${PORTAL}`,
    firstName: input.firstName,
    lines: [
      `An account has been created for you as ${input.role === 'admin' ? 'an administrator' : 'a reseller'}.`,
      'Choose a password to start using it.',
    ],
    action: 'Choose your password',
    link: invitationLink(input.publicUrl, input.token),
    closing: `This link is valid for ${duration(input.validHours)} and can be used once.`,
  });
}

/** A paragraph of a notice: plain text, or a call to action rendered as a button. */
type Block = string | { action: string; link: string };

/** A notice: a greeting, paragraphs and buttons, and the portal's name (billing and certificate mails). */
export function noticeMail(opts: {
  to: string;
  subject: string;
  name: string;
  blocks: Block[];
}): MailMessage {
  const name = opts.name.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...opts.blocks.flatMap((b) => [typeof b === 'string' ? b : `${b.action}: ${b.link}`, '']),
    `— ${PORTAL}`,
    '',
  ].join('\n');
  const body = opts.blocks
    .map((b) => {
      if (typeof b === 'string') return `<p>${escapeHtml(b)}</p>`;
      const link = escapeHtml(b.link);
      return `<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #1565c0; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(b.action)}</a></p>
<p style="font-size: 13px; color: #52606d;">If the button does not work, copy this address into your browser:<br><a href="${link}">${link}</a></p>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
<p>${escapeHtml(greeting)}</p>
${body}
<p>${PORTAL}</p>
</body>
</html>
`;
  return { to: opts.to, subject: opts.subject, text, html };
}
