// The billing mails, and the invoice PDF travelling as their attachment through both mailers.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../../server/src/documents/invoicePdf';
import {
  paymentFailedMail,
  receiptMail,
  renewalReminderMail,
} from '../../../server/src/integrations/mail/billingTemplates';
import { createOutboxMailer } from '../../../server/src/integrations/mail/outbox';
import { createSmtpMailer } from '../../../server/src/integrations/mail/smtp';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const periodEnd = new Date('2027-03-05T00:00:00Z');

async function invoicePdf() {
  return renderInvoicePdf({
    invoice_number: 100042,
    created_on: new Date('2026-03-05T12:00:00Z'),
    company_name: 'Acme <Telecom>',
    ocn: '1A2B',
    address: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    description: 'Stir/Shaken Yearly Subscription',
    start_billing_cycle: new Date('2026-03-05T00:00:00Z'),
    end_billing_cycle: periodEnd,
    amount: 500,
    transaction_id: 'txn_1',
  });
}

/** The base64 body of the attachment part named `filename` in a raw message. */
function attachmentOf(message: string, filename: string): Buffer {
  const raw = message.replace(/\r\n/g, '\n');
  const start = raw.indexOf(`filename=${filename}`);
  expect(start).toBeGreaterThan(-1);
  const body = raw.slice(raw.indexOf('\n\n', start) + 2);
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\n/g, ''), 'base64');
}

describe('billing mails', () => {
  it('receipt: the amount, the paid-through date and the invoice attached', async () => {
    const pdf = await invoicePdf();
    const mail = receiptMail({
      to: 'ada@carrier.test',
      name: '<Ada>',
      invoiceNumber: 100042,
      amount: 500,
      periodEnd,
      pdf,
    });
    expect(mail.subject).toBe('Your payment receipt — invoice 100042');
    expect(mail.text).toContain('Hello <Ada>,');
    expect(mail.text).toContain('$500.00');
    expect(mail.text).toContain('3/5/2027');
    expect(mail.html).toContain('Hello &lt;Ada&gt;,');
    expect(mail.html).not.toContain('<Ada>');
    expect(mail.attachments).toEqual([
      { filename: 'invoice-100042.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
  });

  it('renewal reminder: says whether the card is charged or the service lapses', () => {
    const input = {
      to: 'a@b.test',
      name: 'Ada',
      periodEnd,
      amount: 500,
      accountUrl: 'https://portal.test/account?x=1&y=2',
    };
    const auto = renewalReminderMail({ ...input, autoCharge: true });
    expect(auto.subject).toBe('Your STIR/SHAKEN subscription renews on 3/5/2027');
    expect(auto.text).toContain('your saved card will be charged $500.00');
    expect(auto.text).toContain('https://portal.test/account?x=1&y=2');
    expect(auto.html).toContain('href="https://portal.test/account?x=1&amp;y=2"');
    const manual = renewalReminderMail({ ...input, autoCharge: false });
    expect(manual.text).toContain('the service will lapse on that day');
    expect(manual.text).not.toContain('saved card');
  });

  it('payment failed: the reason and where to pay', () => {
    const mail = paymentFailedMail({
      to: 'a@b.test',
      name: '',
      amount: 100,
      reason: 'Your card was declined <script>',
      payUrl: 'https://portal.test/account/extend',
    });
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.text).toContain('We could not charge $100.00');
    expect(mail.text).toContain('Pay now: https://portal.test/account/extend');
    expect(mail.html).toContain('declined &lt;script&gt;');
    expect(mail.attachments).toBeUndefined();
  });
});

describe('attachments through the mailers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the outbox keeps the invoice PDF in the .eml', async () => {
    const pdf = await invoicePdf();
    const mailer = createOutboxMailer({ dir, from: 'billing@portal.test', log });
    await mailer.send(
      receiptMail({ to: 'a@b.test', name: 'Ada', invoiceNumber: 100042, amount: 500, periodEnd, pdf }),
    );
    await mailer.close();
    const [file] = fs.readdirSync(dir);
    const raw = fs.readFileSync(path.join(dir, file), 'utf8');
    expect(raw).toMatch(/multipart\/mixed/);
    expect(raw).toContain('Content-Type: application/pdf; name=invoice-100042.pdf');
    expect(attachmentOf(raw, 'invoice-100042.pdf').equals(pdf)).toBe(true);
  });

  it('SMTP delivers the invoice PDF', async () => {
    const pdf = await invoicePdf();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'billing@portal.test' });
    try {
      await mailer.send(
        receiptMail({ to: 'a@b.test', name: 'Ada', invoiceNumber: 7, amount: 100, periodEnd, pdf }),
      );
    } finally {
      await mailer.close();
    }
    expect(attachmentOf(received.at(-1)!, 'invoice-7.pdf').equals(pdf)).toBe(true);
  });
});
