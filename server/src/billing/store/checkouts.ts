// SQL of checkouts: the payment pages opened at the provider, from open to paid or expired.
import type { RecurringInterval } from '../../../../contract/constants';
import type { Queryable } from '../../db';
import type { CheckoutPurpose } from '../../integrations/payments/gateway';

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
  /** Keep the card paid with for automatic renewal (docs/billing.md). */
  save_card: boolean;
}

const CHECKOUT_COLUMNS =
  'id, service_provider_id, subscription_id, purpose, recurring_interval, amount, status, provider_ref, url, invoice_id, save_card';

export async function insertCheckout(
  q: Queryable,
  c: {
    spId: string;
    subscriptionId: string | null;
    purpose: CheckoutPurpose;
    interval: RecurringInterval;
    amount: number;
    invoiceId?: string | null;
    saveCard?: boolean;
    now: Date;
  },
): Promise<CheckoutRow> {
  const rows = await q.query<CheckoutRow>(
    `INSERT INTO checkouts (service_provider_id, subscription_id, purpose, recurring_interval, amount, invoice_id,
       save_card, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${CHECKOUT_COLUMNS}`,
    [
      c.spId,
      c.subscriptionId,
      c.purpose,
      c.interval,
      c.amount,
      c.invoiceId ?? null,
      c.saveCard ?? false,
      c.now,
    ],
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

/**
 * The open checkout of a provider for a purpose, with its page, not past its own expiry nor older than `maxAgeMs`;
 * read under the provider's lock (lockProvider).
 */
export async function openCheckoutFor(
  q: Queryable,
  spId: string,
  purpose: CheckoutPurpose,
  now: Date,
  maxAgeMs: number,
): Promise<CheckoutRow | undefined> {
  const rows = await q.query<CheckoutRow>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkouts
      WHERE service_provider_id = $1 AND purpose = $2 AND status = 'open' AND url IS NOT NULL
        AND created_on > $3::timestamptz - $4::int * interval '1 millisecond'
        AND (expires_on IS NULL OR expires_on > $3::timestamptz)
      ORDER BY created_on DESC LIMIT 1`,
    [spId, purpose, now, maxAgeMs],
  );
  return rows[0];
}

/** Closes one open checkout (another one replaces it). */
export async function expireCheckout(q: Queryable, id: string): Promise<void> {
  await q.query(`UPDATE checkouts SET status = 'expired' WHERE id = $1 AND status = 'open'`, [id]);
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

export async function checkoutByRef(q: Queryable, ref: string): Promise<CheckoutRow | undefined> {
  const rows = await q.query<CheckoutRow>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkouts WHERE provider_ref = $1`,
    [ref],
  );
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
