// SQL of billing: subscriptions, checkouts, payments, gap-free invoices, provider events and the change log.
import type { CheckoutPurpose } from '../integrations/payments/gateway';
import type { RecurringInterval, SubscriptionStatus } from '../../../contract/constants';
import type { Queryable } from '../db';

export interface ProviderRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  ocn: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  payment_customer_ref: string | null;
}

export async function findProvider(q: Queryable, id: string): Promise<ProviderRow | undefined> {
  const rows = await q.query<ProviderRow>(
    `SELECT sp.id, a.email, a.first_name, a.last_name, sp.company_name, sp.ocn, sp.address, sp.city, sp.state,
            sp.zipcode, sp.payment_customer_ref
       FROM service_providers sp JOIN accounts a ON a.id = sp.account_id
      WHERE sp.id = $1`,
    [id],
  );
  return rows[0];
}

export async function setCustomerRef(q: Queryable, id: string, ref: string): Promise<void> {
  await q.query(
    'UPDATE service_providers SET payment_customer_ref = $2 WHERE id = $1 AND payment_customer_ref IS NULL',
    [id, ref],
  );
}

export async function isActive(q: Queryable, spId: string): Promise<boolean> {
  const rows = await q.query<{ is_active: boolean }>(
    'SELECT is_active FROM service_provider_state WHERE service_provider_id = $1',
    [spId],
  );
  return rows[0]?.is_active ?? false;
}

export interface SubscriptionRow {
  id: string;
  service_provider_id: string;
  status: SubscriptionStatus;
  recurring_interval: RecurringInterval;
  recurring_interval_count: number;
  current_period_start: Date;
  current_period_end: Date;
  auto_charge: boolean;
  provider_ref: string | null;
  reminder_sent_for: Date | null;
  /** Set when the provider (or a newer subscription) canceled it; it may still run to its period end. */
  canceled_on: Date | null;
}

const SUB_COLUMNS = `id, service_provider_id, status, recurring_interval, recurring_interval_count, current_period_start,
  current_period_end, auto_charge, provider_ref, reminder_sent_for, canceled_on`;

/** The provider's current subscription: the newest one that ever started. */
export async function currentSubscription(
  q: Queryable,
  spId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE service_provider_id = $1 AND status <> 'incomplete'
      ORDER BY created_on DESC, id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [spId],
  );
  return rows[0];
}

/** By the provider's ref (or, for rows made before refs existed, our id). Not locked: see lockProvider. */
export async function subscriptionByRef(q: Queryable, ref: string): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE provider_ref = $1 OR (provider_ref IS NULL AND id::text = $1)`,
    [ref],
  );
  return rows[0];
}

/**
 * Every billing change of a provider takes this lock first (then checkout, then subscription): changes of one
 * provider run one after the other and never deadlock. NO KEY UPDATE leaves inserts that reference the row free.
 */
export async function lockProvider(q: Queryable, spId: string): Promise<void> {
  await q.query('SELECT id FROM service_providers WHERE id = $1 FOR NO KEY UPDATE', [spId]);
}

export async function checkoutByRef(q: Queryable, ref: string): Promise<CheckoutRow | undefined> {
  const rows = await q.query<CheckoutRow>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkouts WHERE provider_ref = $1`,
    [ref],
  );
  return rows[0];
}

export async function subscriptionById(q: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function insertSubscription(
  q: Queryable,
  s: {
    spId: string;
    interval: RecurringInterval;
    start: Date;
    end: Date;
    providerRef: string;
    autoCharge: boolean;
    now: Date;
  },
): Promise<SubscriptionRow> {
  const rows = await q.query<SubscriptionRow>(
    `INSERT INTO subscriptions (service_provider_id, status, recurring_interval, current_period_start, current_period_end,
       auto_charge, provider_ref, created_on, updated_on)
     VALUES ($1, 'active', $2, $3, $4, $5, $6, $7, $7) RETURNING ${SUB_COLUMNS}`,
    [s.spId, s.interval, s.start, s.end, s.autoCharge, s.providerRef, s.now],
  );
  return rows[0];
}

export async function updateSubscription(
  q: Queryable,
  id: string,
  set: Partial<{
    status: SubscriptionStatus;
    start: Date;
    end: Date;
    interval: RecurringInterval;
    autoCharge: boolean;
    canceledOn: Date;
    reminderFor: Date;
  }>,
  now: Date,
): Promise<void> {
  const cols: Record<string, unknown> = {
    status: set.status,
    current_period_start: set.start,
    current_period_end: set.end,
    recurring_interval: set.interval,
    auto_charge: set.autoCharge,
    canceled_on: set.canceledOn,
    reminder_sent_for: set.reminderFor,
  };
  const entries = Object.entries(cols).filter(([, v]) => v !== undefined);
  const params: unknown[] = [id, now, ...entries.map(([, v]) => v)];
  const assigns = entries.map(([k], i) => `${k} = $${i + 3}`);
  await q.query(
    `UPDATE subscriptions SET ${[...assigns, 'updated_on = $2'].join(', ')} WHERE id = $1`,
    params,
  );
}

/** Older subscriptions left past due are closed when a new one starts: one standing per provider. */
export async function cancelPastDue(q: Queryable, spId: string, now: Date): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE subscriptions SET status = 'canceled', canceled_on = $2, updated_on = $2
      WHERE service_provider_id = $1 AND status = 'past_due' RETURNING id`,
    [spId, now],
  );
  return rows.map((r) => r.id);
}

export interface CheckoutRow {
  id: string;
  service_provider_id: string;
  subscription_id: string | null;
  purpose: CheckoutPurpose;
  recurring_interval: RecurringInterval;
  amount: number;
  status: 'open' | 'paid' | 'expired' | 'failed';
  provider_ref: string | null;
  url: string | null;
  invoice_id: string | null;
}

const CHECKOUT_COLUMNS =
  'id, service_provider_id, subscription_id, purpose, recurring_interval, amount, status, provider_ref, url, invoice_id';

export async function insertCheckout(
  q: Queryable,
  c: {
    spId: string;
    subscriptionId: string | null;
    purpose: CheckoutPurpose;
    interval: RecurringInterval;
    amount: number;
    invoiceId?: string | null;
    now: Date;
  },
): Promise<CheckoutRow> {
  const rows = await q.query<CheckoutRow>(
    `INSERT INTO checkouts (service_provider_id, subscription_id, purpose, recurring_interval, amount, invoice_id, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${CHECKOUT_COLUMNS}`,
    [c.spId, c.subscriptionId, c.purpose, c.interval, c.amount, c.invoiceId ?? null, c.now],
  );
  return rows[0];
}

export async function setCheckoutSession(
  q: Queryable,
  id: string,
  ref: string,
  url: string,
  expiresOn?: Date | null,
): Promise<void> {
  await q.query('UPDATE checkouts SET provider_ref = $2, url = $3, expires_on = $4 WHERE id = $1', [
    id,
    ref,
    url,
    expiresOn ?? null,
  ]);
}

/**
 * Closes payment pages left open: older than `maxAgeMs`, or past the provider's own expiry. A provider's invoice
 * page (a past-due checkout without an invoice of ours) stays: the provider keeps that invoice payable. The open
 * invoice of an expired past-due checkout is void; the next request for the page makes a new one.
 */
export async function expireOpenCheckouts(q: Queryable, now: Date, maxAgeMs: number): Promise<string[]> {
  const rows = await q.query<{ id: string; invoice_id: string | null }>(
    `UPDATE checkouts SET status = 'expired'
      WHERE status = 'open' AND NOT (purpose = 'past_due' AND invoice_id IS NULL)
        AND (created_on <= $1::timestamptz - $2::int * interval '1 millisecond' OR expires_on <= $1::timestamptz)
      RETURNING id, invoice_id`,
    [now, maxAgeMs],
  );
  const invoices = rows.map((r) => r.invoice_id).filter((x): x is string => Boolean(x));
  for (const id of invoices) {
    await q.query(`UPDATE invoices SET status = 'void' WHERE id = $1 AND status = 'open'`, [id]);
  }
  return rows.map((r) => r.id);
}

/** A checkout with url, made from a provider's own pay page (a past-due invoice at the provider). */
export async function insertExternalCheckout(
  q: Queryable,
  c: {
    spId: string;
    subscriptionId: string;
    interval: RecurringInterval;
    amount: number;
    ref: string | null;
    url: string;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO checkouts (service_provider_id, subscription_id, purpose, recurring_interval, amount, provider_ref, url, created_on)
     VALUES ($1, $2, 'past_due', $3, $4, $5, $6, $7) ON CONFLICT (provider_ref) DO NOTHING`,
    [c.spId, c.subscriptionId, c.interval, c.amount, c.ref, c.url, c.now],
  );
}

export async function checkoutById(q: Queryable, id: string): Promise<CheckoutRow | undefined> {
  const rows = await q.query<CheckoutRow>(`SELECT ${CHECKOUT_COLUMNS} FROM checkouts WHERE id = $1`, [id]);
  return rows[0];
}

/** Locks the checkout a provider reports paid: concurrent reports of one checkout queue up here. */
export async function lockCheckoutByRef(q: Queryable, ref: string): Promise<CheckoutRow | undefined> {
  const rows = await q.query<CheckoutRow>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkouts WHERE provider_ref = $1 FOR UPDATE`,
    [ref],
  );
  return rows[0];
}

export async function markCheckoutPaid(
  q: Queryable,
  id: string,
  invoiceId: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE checkouts SET status = 'paid', paid_on = $3, invoice_id = $2
      WHERE id = $1 AND status IN ('open', 'expired') RETURNING id`,
    [id, invoiceId, now],
  );
  return rows.length === 1;
}

/**
 * The pay page of the newest open past-due checkout of a provider. `ownInvoice`: only a page of an invoice the
 * portal made (GET old_subscription_invoice), not the provider's own page of its failed invoice.
 */
export async function openPastDueUrl(q: Queryable, spId: string, ownInvoice = false): Promise<string | null> {
  const rows = await q.query<{ url: string }>(
    `SELECT c.url FROM checkouts c JOIN subscriptions s ON s.id = c.subscription_id
      WHERE c.service_provider_id = $1 AND c.purpose = 'past_due' AND c.status = 'open' AND c.url IS NOT NULL
        AND s.status = 'past_due' ${ownInvoice ? 'AND c.invoice_id IS NOT NULL' : ''}
      ORDER BY c.created_on DESC LIMIT 1`,
    [spId],
  );
  return rows[0]?.url ?? null;
}

/** Once the subscription is paid again, what was open for its past-due period is void. */
export async function closePastDue(
  q: Queryable,
  subscriptionId: string,
  keepInvoiceId: string | null,
): Promise<void> {
  await q.query(
    `UPDATE checkouts SET status = 'expired' WHERE subscription_id = $1 AND purpose = 'past_due' AND status = 'open'`,
    [subscriptionId],
  );
  await q.query(
    `UPDATE invoices SET status = 'void' WHERE subscription_id = $1 AND status = 'open' AND id IS DISTINCT FROM $2`,
    [subscriptionId, keepInvoiceId],
  );
}

/** The next invoice number, in the caller's transaction: rolled back with it, so there are no gaps. */
export async function nextInvoiceNumber(q: Queryable): Promise<number> {
  const rows = await q.query<{ last_number: number }>(
    'UPDATE invoice_counter SET last_number = last_number + 1 WHERE id RETURNING last_number',
  );
  return rows[0].last_number;
}

export interface NewInvoice {
  spId: string;
  subscriptionId: string | null;
  amount: number;
  status: 'open' | 'paid';
  description: string;
  start: Date;
  end: Date;
  months: number;
  transactionId: string | null;
  /** The provider's invoice (Stripe `in_...`), when it has one. */
  providerRef?: string | null;
  now: Date;
}

export async function insertInvoice(
  q: Queryable,
  i: NewInvoice,
): Promise<{ id: string; invoice_number: number }> {
  const number = await nextInvoiceNumber(q);
  const rows = await q.query<{ id: string; invoice_number: number }>(
    `INSERT INTO invoices (service_provider_id, subscription_id, invoice_number, amount, status, description,
       start_billing_cycle, end_billing_cycle, billing_cycle_months, transaction_id, created_on, paid_on, provider_ref)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id, invoice_number`,
    [
      i.spId,
      i.subscriptionId,
      number,
      i.amount,
      i.status,
      i.description,
      i.start,
      i.end,
      i.months,
      i.transactionId,
      i.now,
      i.status === 'paid' ? i.now : null,
      i.providerRef ?? null,
    ],
  );
  return rows[0];
}

export async function payInvoice(
  q: Queryable,
  id: string,
  p: { start: Date; end: Date; transactionId: string; now: Date },
): Promise<{ id: string; invoice_number: number } | undefined> {
  const rows = await q.query<{ id: string; invoice_number: number }>(
    `UPDATE invoices SET status = 'paid', paid_on = $5, transaction_id = $4, start_billing_cycle = $2,
            end_billing_cycle = $3, pdf = NULL
      WHERE id = $1 AND status = 'open' RETURNING id, invoice_number`,
    [id, p.start, p.end, p.transactionId, p.now],
  );
  return rows[0];
}

/**
 * Whether one paid invoice of the subscription already covers that period. An hour of slack: the checkout that
 * started a subscription dates its period from when we heard of it, the provider from its own clock.
 */
export async function periodInvoiced(
  q: Queryable,
  subscriptionId: string,
  start: Date,
  end: Date,
): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM invoices WHERE subscription_id = $1 AND status = 'paid'
        AND start_billing_cycle <= $2::timestamptz + interval '1 hour'
        AND end_billing_cycle >= $3::timestamptz - interval '1 hour' LIMIT 1`,
    [subscriptionId, start, end],
  );
  return rows.length > 0;
}

/** A payment, once per provider transaction; false when that transaction was already recorded. */
export async function insertPayment(
  q: Queryable,
  p: {
    spId: string;
    subscriptionId: string | null;
    invoiceId: string | null;
    checkoutId: string | null;
    amount: number;
    transactionId: string;
    now: Date;
  },
): Promise<string | null> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO payments (service_provider_id, subscription_id, invoice_id, checkout_id, amount, transaction_id, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [p.spId, p.subscriptionId, p.invoiceId, p.checkoutId, p.amount, p.transactionId, p.now],
  );
  return rows[0]?.id ?? null;
}

export async function invoiceByProviderRefExists(q: Queryable, ref: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM invoices WHERE provider_ref = $1', [ref])).length > 0;
}

export async function paymentExists(q: Queryable, transactionId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM payments WHERE transaction_id = $1', [transactionId])).length > 0;
}

export async function logChange(
  q: Queryable,
  c: {
    spId: string;
    subscriptionId: string | null;
    actor: string;
    change: string;
    from?: string | null;
    to?: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO subscription_changes (service_provider_id, subscription_id, actor, change, from_value, to_value, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.spId, c.subscriptionId, c.actor, c.change, c.from ?? null, c.to ?? null, c.now],
  );
}

/** Claims an event id; false when it was handled before (or is being handled by a concurrent delivery). */
export async function claimEvent(q: Queryable, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO payment_events (event_id, type, received_on) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
    [id, type, now],
  );
  return rows.length === 1;
}

export async function markEventProcessed(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE payment_events SET processed_on = $2 WHERE event_id = $1', [id, now]);
}

export interface InvoiceFileRow {
  id: string;
  invoice_number: number;
  amount: number;
  description: string;
  start_billing_cycle: Date;
  end_billing_cycle: Date;
  transaction_id: string | null;
  created_on: Date;
  pdf: Uint8Array | null;
  receipt_sent_on: Date | null;
  service_provider_id: string;
}

export async function invoiceById(
  q: Queryable,
  id: string,
  spId?: string,
): Promise<InvoiceFileRow | undefined> {
  const rows = await q.query<InvoiceFileRow>(
    `SELECT id, invoice_number, amount, description, start_billing_cycle, end_billing_cycle, transaction_id, created_on,
            pdf, receipt_sent_on, service_provider_id
       FROM invoices WHERE id = $1 ${spId ? 'AND service_provider_id = $2' : ''}`,
    spId ? [id, spId] : [id],
  );
  return rows[0];
}

export async function setInvoicePdf(q: Queryable, id: string, pdf: Buffer): Promise<void> {
  await q.query('UPDATE invoices SET pdf = $2 WHERE id = $1 AND pdf IS NULL', [id, pdf]);
}

export async function markReceiptSent(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE invoices SET receipt_sent_on = $2 WHERE id = $1', [id, now]);
}

export async function countAndRows<T>(
  q: Queryable,
  from: string,
  columns: string,
  where: string[],
  params: unknown[],
  orderBy: string,
  limit: number | null,
  offset: number,
): Promise<{ rows: T[]; total: number }> {
  const w = ` WHERE ${where.join(' AND ')}`;
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}${w}`, params);
  const page = limit === null ? '' : ` LIMIT ${limit} OFFSET ${offset}`;
  const rows = await q.query<T>(
    `SELECT ${columns} FROM ${from}${w} ORDER BY ${orderBy}, id DESC${page}`,
    params,
  );
  return { rows, total: n };
}

/** Active subscriptions whose period has ended. */
export async function dueSubscriptions(q: Queryable, now: Date): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `SELECT ${SUB_COLUMNS} FROM subscriptions WHERE status = 'active' AND current_period_end <= $1
      ORDER BY current_period_end LIMIT 500`,
    [now],
  );
}

/** Claims the reminder of each active subscription ending before `until`: one per period. */
export async function claimReminders(q: Queryable, now: Date, until: Date): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `UPDATE subscriptions SET reminder_sent_for = current_period_end
      WHERE status = 'active' AND current_period_end > $1 AND current_period_end <= $2
        AND reminder_sent_for IS DISTINCT FROM current_period_end
      RETURNING ${SUB_COLUMNS}`,
    [now, until],
  );
}

/** Paid invoices whose receipt never went out (a job lost before the queue ran): the sweep queues them again. */
export async function invoicesWithoutReceipt(q: Queryable, paidBefore: Date): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM invoices WHERE status = 'paid' AND receipt_sent_on IS NULL AND paid_on < $1 ORDER BY paid_on LIMIT 100`,
    [paidBefore],
  );
  return rows.map((r) => r.id);
}
