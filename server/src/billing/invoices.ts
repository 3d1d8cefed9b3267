// Invoices: the provider's list, one invoice, its PDF (rendered once, then kept), and the job that mails the
// receipt with it.
import { invoiceLine } from '../../../contract/billing';
import { notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import { receiptMail } from '../integrations/mail/billingTemplates';
import { providerIdOf, type Actor, type BillingDeps } from './deps';
import { BILLING_MESSAGES } from './plans';
import * as store from './store';
import type { InvoiceRow } from '../../../contract/wire/billing';

/** The job that renders an invoice's PDF and mails the receipt with it. */
export const INVOICE_DOCUMENTS_JOB = 'billing-invoice-documents';

/** Queues the invoice's documents; a failure only delays the receipt (the sweep queues it again). */
export async function queueInvoiceDocuments(deps: BillingDeps, invoiceId: string) {
  try {
    await deps.jobs.send(INVOICE_DOCUMENTS_JOB, { invoiceId }, { singletonKey: invoiceId, retryLimit: 5 });
  } catch (err) {
    // The PDF is also rendered when first downloaded; only the receipt mail waits for a retry.
    deps.log.error({ err, invoiceId }, 'could not queue the invoice documents');
  }
}

async function invoicePdf(deps: BillingDeps, inv: store.InvoiceFileRow): Promise<Buffer> {
  if (inv.pdf) return Buffer.from(inv.pdf);
  const provider = await store.findProvider(deps.db, inv.service_provider_id);
  // pdfkit (a third of a second of module loading) is loaded at the first invoice, not at start.
  const { renderInvoicePdf } = await import('../documents/invoicePdf');
  const pdf = await renderInvoicePdf({
    invoice_number: inv.invoice_number,
    created_on: new Date(inv.created_on),
    company_name: provider?.company_name ?? '',
    ocn: provider?.ocn ?? '',
    address: provider?.address ?? '',
    city: provider?.city ?? '',
    state: provider?.state ?? '',
    zipcode: provider?.zipcode ?? '',
    // The line the single-invoice view shows too (not the stored description, which names an extension's length).
    description: invoiceLine(inv.billing_cycle_months),
    start_billing_cycle: new Date(inv.start_billing_cycle),
    end_billing_cycle: new Date(inv.end_billing_cycle),
    amount: inv.amount,
    transaction_id: inv.transaction_id,
  });
  await store.setInvoicePdf(deps.db, inv.id, pdf);
  return pdf;
}

/** One page of the provider's invoices, each with the path of its PDF, written as JSON by the database. */
export function listInvoices(deps: BillingDeps, user: Actor, list: ListQuery) {
  return store.listInvoices(deps.db, providerIdOf(user), list);
}

/**
 * One invoice row, as the list shows it (the single-invoice view opened directly). The invoice ids of this module's
 * reads come from a route's path, a UUID its params schema checked.
 */
export async function showInvoice(deps: BillingDeps, user: Actor, invoiceId: string): Promise<InvoiceRow> {
  const page = await listInvoices(deps, user, {
    where: ['id = $2'],
    params: [invoiceId],
    orderBy: 'created_on DESC',
    limit: 1,
    offset: 0,
    range: null,
  });
  const [row] = JSON.parse(page.json) as InvoiceRow[];
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return row;
}

/** The PDF of one of the provider's own invoices. */
export async function invoiceFile(deps: BillingDeps, user: Actor, invoiceId: string) {
  const spId = providerIdOf(user);
  const inv = await store.invoiceById(deps.db, invoiceId, spId);
  if (!inv) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return { filename: `invoice-${inv.invoice_number}.pdf`, pdf: await invoicePdf(deps, inv) };
}

/** The PDF of any provider's invoice, for the admin (the route's role decides who may ask). */
export async function anyInvoiceFile(deps: BillingDeps, invoiceId: string) {
  const inv = await store.invoiceById(deps.db, invoiceId);
  if (!inv) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return { filename: `invoice-${inv.invoice_number}.pdf`, pdf: await invoicePdf(deps, inv) };
}

/** The job: the invoice's PDF, then the receipt with it, once. */
export async function issueInvoiceDocuments(deps: BillingDeps, invoiceId: string): Promise<void> {
  const inv = await store.invoiceById(deps.db, invoiceId);
  if (!inv) return;
  const pdf = await invoicePdf(deps, inv);
  if (inv.receipt_sent_on) return;
  const provider = await store.findProvider(deps.db, inv.service_provider_id);
  if (!provider) return;
  await deps.mailer.send(
    receiptMail({
      to: provider.email,
      name: `${provider.first_name} ${provider.last_name}`,
      invoiceNumber: inv.invoice_number,
      amount: inv.amount,
      periodEnd: new Date(inv.end_billing_cycle),
      pdf,
    }),
  );
  await store.markReceiptSent(deps.db, inv.id, deps.now());
}
