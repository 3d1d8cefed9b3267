import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfData } from '../../../server/src/documents/invoicePdf';

const invoice: InvoicePdfData = {
  invoice_number: 100042,
  created_on: new Date('2026-03-05T12:00:00Z'),
  company_name: 'Acme Telecom, Inc.',
  ocn: '1A2B',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  description: 'Stir/Shaken Yearly Subscription',
  start_billing_cycle: new Date('2026-03-05T00:00:00Z'),
  end_billing_cycle: new Date('2027-03-05T00:00:00Z'),
  amount: 500,
  transaction_id: 'txn_123',
};

/** pdfkit writes Helvetica text as hex strings in TJ arrays: decode the hex runs of a page to search it. */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)]
    .map((m) =>
      [...m[1].matchAll(/<([0-9a-f]+)>/gi)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
    )
    .join('\n');
}

describe('renderInvoicePdf', () => {
  it('renders a one-page PDF with the invoice data', async () => {
    const pdf = await renderInvoicePdf(invoice, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pageText(pdf);
    for (const s of [
      'SHAKEN CA Portal',
      'Invoice number: 100042',
      'Date: 3/5/2026',
      'Acme Telecom, Inc.',
      'OCN: 1A2B',
      'Springfield, IL 62701',
      'Stir/Shaken Yearly Subscription',
      '3/5/2027',
      '$500.00',
      'PAID',
      'Transaction: txn_123',
    ]) {
      expect(text).toContain(s);
    }
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    // The creation date is the invoice's: the same invoice renders to the same bytes.
    expect(pdf.toString('latin1')).toContain('(D:20260305120000Z)');
    expect((await renderInvoicePdf(invoice, { compress: false })).equals(pdf)).toBe(true);
  });

  it('shows an unpaid invoice as due and compresses by default', async () => {
    const due = await renderInvoicePdf({ ...invoice, transaction_id: null }, { compress: false });
    expect(pageText(due)).toContain('DUE');
    expect(pageText(due)).not.toContain('Transaction');
    const compressed = await renderInvoicePdf(invoice);
    expect(compressed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
  });
});
