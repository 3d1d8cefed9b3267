// The invoice of a subscription payment as a one-page PDF (pdfkit, built-in Helvetica: no font files).
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '../../../contract/constants';
import { dateText, moneyText } from '../../../contract/format';

export interface InvoicePdfData {
  invoice_number: number;
  created_on: Date;
  company_name: string;
  ocn: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  /** The line item, e.g. 'Stir/Shaken Yearly Subscription'. */
  description: string;
  start_billing_cycle: Date;
  end_billing_cycle: Date;
  /** Dollars. */
  amount: number;
  /** The payment's transaction id when it is paid. */
  transaction_id?: string | null;
}

export interface InvoicePdfOptions {
  /** Compress the page streams (default true); tests turn it off to read the text. */
  compress?: boolean;
}

/** Who issues the invoice: the product's one name, as on every screen and mail. */
export const INVOICE_ISSUER = PRODUCT_NAME;

const formatDate = (d: Date) => dateText(d);

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const ACCENT = '#1565c0';

/** Renders the invoice; the PDF's creation date is the invoice's, so one invoice always renders the same. */
export function renderInvoicePdf(data: InvoicePdfData, options: InvoicePdfOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      compress: options.compress ?? true,
      info: {
        Title: `Invoice ${data.invoice_number}`,
        Author: INVOICE_ISSUER,
        Subject: data.description,
        Creator: INVOICE_ISSUER,
        Producer: INVOICE_ISSUER,
        CreationDate: data.created_on,
        ModDate: data.created_on,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, data);
      doc.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

function draw(doc: PDFKit.PDFDocument, data: InvoicePdfData) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Header: the issuer on the left, the invoice's number and date on the right.
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text(INVOICE_ISSUER, left, 56);
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text('STIR/SHAKEN Certificate Authority', left, 84);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text('INVOICE', left, 56, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Invoice number: ${data.invoice_number}`, left, 84, { width, align: 'right' })
    .text(`Date: ${formatDate(data.created_on)}`, { width, align: 'right' });

  doc.moveTo(left, 124).lineTo(right, 124).strokeColor(RULE).lineWidth(1).stroke();

  // Bill to.
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text('BILL TO', left, 144);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(data.company_name, left, 158, { width: width / 2 })
    .font('Helvetica')
    .fontSize(10)
    .text(`OCN: ${data.ocn}`, { width: width / 2 })
    .text(data.address, { width: width / 2 })
    .text(`${data.city}, ${data.state} ${data.zipcode}`, { width: width / 2 });

  // The one line item.
  const tableTop = 260;
  const cols = { description: left, period: left + 230, amount: right - 100 };
  doc.rect(left, tableTop, width, 22).fill('#f0f4f8');
  doc
    .fillColor(MUTED)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('DESCRIPTION', cols.description + 8, tableTop + 7)
    .text('SERVICE PERIOD', cols.period, tableTop + 7)
    .text('AMOUNT', cols.amount, tableTop + 7, { width: 92, align: 'right' });
  const rowTop = tableTop + 32;
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(10)
    .text(data.description, cols.description + 8, rowTop, { width: 214 })
    .text(
      `${formatDate(data.start_billing_cycle)} – ${formatDate(data.end_billing_cycle)}`,
      cols.period,
      rowTop,
      {
        width: cols.amount - cols.period - 8,
      },
    )
    .text(moneyText(data.amount), cols.amount, rowTop, { width: 92, align: 'right' });
  const rowBottom = rowTop + 30;
  doc.moveTo(left, rowBottom).lineTo(right, rowBottom).strokeColor(RULE).stroke();

  // Total and payment status.
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total', cols.period, rowBottom + 14)
    .text(moneyText(data.amount), cols.amount, rowBottom + 14, { width: 92, align: 'right' });
  const paid = Boolean(data.transaction_id);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(paid ? '#2e7d32' : '#c62828')
    .text(paid ? 'PAID' : 'DUE', left, rowBottom + 50);
  if (paid) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(`Transaction: ${data.transaction_id}`, left, rowBottom + 64);
  }

  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(
      `${INVOICE_ISSUER} · Thank you for your business. Amounts are in US dollars.`,
      left,
      doc.page.height - doc.page.margins.bottom - 20,
      { width, align: 'center', lineBreak: false },
    );
}
