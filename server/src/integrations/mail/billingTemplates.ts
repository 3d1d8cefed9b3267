// The billing mails: the receipt with its invoice PDF, the renewal reminder and the failed-payment notice.
// Each has a text and an HTML body; every value that comes from a user is escaped.
import { dateText, moneyText } from '../../../../contract/format';
import type { MailMessage } from './mailer';
import { noticeMail } from './templates';

/** $1,234.50 — amounts are in dollars (docs/formats.md). */
export const formatDollars = (amount: number): string => moneyText(amount);

/** 11/21/2026 — billing dates are calendar dates in UTC. */
export const formatBillingDate = (date: Date): string => dateText(date);

export const invoiceFileName = (invoiceNumber: number) => `invoice-${invoiceNumber}.pdf`;

export interface ReceiptMailInput {
  to: string;
  /** The addressee's name, as they typed it. */
  name: string;
  invoiceNumber: number;
  /** Dollars. */
  amount: number;
  /** The end of the period paid for. */
  periodEnd: Date;
  /** The invoice, from renderInvoicePdf. */
  pdf: Buffer;
}

export function receiptMail(input: ReceiptMailInput): MailMessage {
  const mail = noticeMail({
    to: input.to,
    subject: `Your payment receipt — invoice ${input.invoiceNumber}`,
    name: input.name,
    blocks: [
      `Thank you for your payment of ${formatDollars(input.amount)}.`,
      `Your STIR/SHAKEN service is paid through ${formatBillingDate(input.periodEnd)}.`,
      `Invoice ${input.invoiceNumber} is attached to this message as a PDF; you also find it under Invoice Listing in the portal.`,
    ],
  });
  return {
    ...mail,
    attachments: [
      { filename: invoiceFileName(input.invoiceNumber), content: input.pdf, contentType: 'application/pdf' },
    ],
  };
}

export interface RenewalReminderMailInput {
  to: string;
  name: string;
  /** When the current period ends (the reminder goes out 7 days before). */
  periodEnd: Date;
  /** Dollars of the next period. */
  amount: number;
  /** Whether automatic renewal is on with a saved card. */
  autoCharge: boolean;
  /** The account page (extend, auto renewal, card). */
  accountUrl: string;
}

export function renewalReminderMail(input: RenewalReminderMailInput): MailMessage {
  const end = formatBillingDate(input.periodEnd);
  const amount = formatDollars(input.amount);
  return noticeMail({
    to: input.to,
    subject: `Your STIR/SHAKEN subscription renews on ${end}`,
    name: input.name,
    blocks: input.autoCharge
      ? [
          `Your STIR/SHAKEN subscription ends on ${end}.`,
          `Automatic renewal is on: your saved card will be charged ${amount} on that day and the service continues without interruption.`,
          'To change the card or turn automatic renewal off, visit your account.',
          { action: 'Manage your subscription', link: input.accountUrl },
        ]
      : [
          `Your STIR/SHAKEN subscription ends on ${end}.`,
          `Automatic renewal is off: unless you extend it (${amount}), the service will lapse on that day and you will not be able to obtain or renew certificates.`,
          { action: 'Extend your subscription', link: input.accountUrl },
        ],
  });
}

export interface PaymentFailedMailInput {
  to: string;
  name: string;
  /** Dollars that could not be charged. */
  amount: number;
  /** Why, as the payment service put it (card declined, expired...). */
  reason: string;
  /** Where to pay by hand. */
  payUrl: string;
}

export function paymentFailedMail(input: PaymentFailedMailInput): MailMessage {
  return noticeMail({
    to: input.to,
    subject: 'Your STIR/SHAKEN subscription payment failed',
    name: input.name,
    blocks: [
      `We could not charge ${formatDollars(input.amount)} for your STIR/SHAKEN subscription.`,
      `Reason: ${input.reason.trim() || 'the payment was declined'}.`,
      'Please pay with another card to keep your service active.',
      { action: 'Pay now', link: input.payUrl },
    ],
  });
}
