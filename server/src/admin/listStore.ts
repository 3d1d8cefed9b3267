// SQL of the admin's read-only lists: a provider's change log, every payment and invoice with its company, the CA
// audit log, and a provider's certificates. Each takes a parsed list query whose parameters it binds after its own.
import type { Queryable } from '../db';
import { PAYMENT_FOR_COLUMNS, PAYMENT_FOR_JOINS, paymentForSql } from '../billing/paymentFor';
import type { ListQuery } from '../http/list';
import { OWN_RESELLER } from '../resellers/store';
import { UUID_RE } from '../../../contract/ids';
import {
  AdminInvoiceRow,
  AdminPaymentRow,
  AuditLogRow,
  ChangeLogRow,
  ProviderCertificateRow,
  ResellerInvoiceRow,
} from '../../../contract/wire/admin';
import { isoTime, jsonPage, jsonRow } from '../http/jsonPage';

/**
 * Who acted, as the log shows it: the admin's email for an account id, else the word stored ('system'). The account
 * is joined by its primary key when the text has the uuid pattern (matched case-sensitively by `~`: an id is stored
 * as uuid's own text, lower case). A page looks up its few rows' accounts, and the total, which reads no column of
 * it, leaves the join out; joined on `a.id::text`, both hashed every account on each request. The provider is joined
 * left for the same reason, though every change has one (docs/performance.md, "Joins a total can leave out").
 */
const CHANGES = `(
  SELECT c.id, c.service_provider_id, c.created_on, coalesce(a.email, c.actor) AS actor, c.change,
         c.from_value AS "from", c.to_value AS "to", c.reason, sp.company_name
    FROM subscription_changes c
    LEFT JOIN service_providers sp ON sp.id = c.service_provider_id
    LEFT JOIN accounts a ON a.id = CASE
      WHEN c.actor ~ '${UUID_RE.source}' THEN c.actor::uuid END
) c`;
/** A change as the database writes it: every field of its wire shape (contract/wire/admin.ts). */
const CHANGE_ROW = jsonRow(ChangeLogRow, {
  id: 'c.id',
  service_provider_uuid: 'c.service_provider_id',
  company_name: 'c.company_name',
  created_on: isoTime('c.created_on'),
  actor: 'c.actor',
  change: 'c.change',
  from: 'c."from"',
  to: 'c."to"',
  reason: 'c.reason',
});

/** One page of a provider's change log, written as JSON by the database; `list` binds from $2. */
export function listChanges(q: Queryable, spId: string, list: ListQuery) {
  return jsonPage(
    q,
    CHANGES,
    CHANGE_ROW,
    ['c.service_provider_id = $1', ...list.where],
    [spId, ...list.params],
    list,
  );
}

/** One page of every provider's changes (filter service_provider_uuid for one's); `list` binds from $1. */
export function listAllChanges(q: Queryable, list: ListQuery) {
  return jsonPage(q, CHANGES, CHANGE_ROW, list.where, list.params, list);
}

/**
 * Joined left, though every payment has its provider: the total then leaves the provider out (docs/performance.md,
 * "Joins a total can leave out").
 */
const PAYMENTS = `(
  SELECT p.id, p.service_provider_id, p.amount, p.transaction_id, p.created_on, sp.company_name, sp.ocn,
         ${PAYMENT_FOR_COLUMNS}
    FROM payments p LEFT JOIN service_providers sp ON sp.id = p.service_provider_id
    ${PAYMENT_FOR_JOINS}
) p`;

/** A payment as the database writes it for the admin's list: every field of its wire shape. */
const PAYMENT_ROW = jsonRow(AdminPaymentRow, {
  id: 'p.id',
  service_provider_uuid: 'p.service_provider_id',
  company_name: 'p.company_name',
  ocn: 'p.ocn',
  amount: 'p.amount::float8',
  transaction_id: 'p.transaction_id',
  created_on: isoTime('p.created_on'),
  for: paymentForSql('p'),
});

/** One page of every payment with its company and what it was for; `list` binds from $1. */
export function listPayments(q: Queryable, list: ListQuery) {
  return jsonPage(q, PAYMENTS, PAYMENT_ROW, list.where, list.params, list);
}

/**
 * Joined left, though every invoice has its provider: the total then leaves the provider out (docs/performance.md,
 * "Joins a total can leave out").
 */
const INVOICES = `(
  SELECT i.id, i.service_provider_id, i.invoice_number, i.amount, i.status, i.created_on, i.start_billing_cycle,
         i.end_billing_cycle, i.billing_cycle_months, sp.company_name, sp.ocn, sp.reseller_id
    FROM invoices i LEFT JOIN service_providers sp ON sp.id = i.service_provider_id
) i`;

/** An invoice as the database writes it for the admin (with its PDF's path) or a reseller (without). */
const invoiceFields = {
  id: 'i.id',
  service_provider_uuid: 'i.service_provider_id',
  company_name: 'i.company_name',
  ocn: 'i.ocn',
  invoice_number: 'i.invoice_number',
  amount: 'i.amount::float8',
  status: 'i.status',
  created_on: isoTime('i.created_on'),
  start_billing_cycle: isoTime('i.start_billing_cycle'),
  end_billing_cycle: isoTime('i.end_billing_cycle'),
  billing_cycle_months: 'i.billing_cycle_months',
};
const ADMIN_INVOICE_ROW = jsonRow(AdminInvoiceRow, {
  ...invoiceFields,
  invoice_path: `'/api/admin/invoice/' || i.id || '/file'`,
});
const RESELLER_INVOICE_ROW = jsonRow(ResellerInvoiceRow, invoiceFields);

/**
 * One page of every invoice with its company, written as JSON by the database; `list` binds from $1. With a
 * reseller's account, only the invoices of the companies of its active reseller: the account binds $1 and `list`
 * from $2.
 */
export function listInvoices(q: Queryable, list: ListQuery, resellerAccountId?: string) {
  if (resellerAccountId === undefined)
    return jsonPage(q, INVOICES, ADMIN_INVOICE_ROW, list.where, list.params, list);
  return jsonPage(
    q,
    INVOICES,
    RESELLER_INVOICE_ROW,
    [`i.reseller_id = ${OWN_RESELLER}`, ...list.where],
    [resellerAccountId, ...list.params],
    list,
  );
}

/** The provider an invoice belongs to, or undefined. */
export async function invoiceOwner(q: Queryable, id: string): Promise<string | undefined> {
  const rows = await q.query<{ sp: string }>('SELECT service_provider_id AS sp FROM invoices WHERE id = $1', [
    id,
  ]);
  return rows[0]?.sp;
}

const AUDIT = `(
  SELECT l.id, l.occurred_on, l.action, l.actor_email, l.actor_ip, l.service_provider_id, l.subject, l.detail,
         sp.company_name
    FROM audit_log l LEFT JOIN service_providers sp ON sp.id = l.service_provider_id
) l`;

/** An audit row as the database writes it: every field of its wire shape (contract/wire/admin.ts). */
const AUDIT_ROW = jsonRow(AuditLogRow, {
  id: 'l.id::text',
  occurred_on: isoTime('l.occurred_on'),
  action: 'l.action',
  actor_email: 'l.actor_email',
  actor_ip: 'l.actor_ip',
  service_provider_uuid: 'l.service_provider_id',
  company_name: 'l.company_name',
  subject: 'l.subject',
  detail: 'l.detail',
});

/** One page of the CA audit log, written as JSON by the database; `list` binds from $1. */
export function listAudit(q: Queryable, list: ListQuery) {
  return jsonPage(q, AUDIT, AUDIT_ROW, list.where, list.params, list);
}

/** A certificate as the database writes it for the admin's page of its provider: every field of its wire shape. */
const PROVIDER_CERTIFICATE_ROW = jsonRow(ProviderCertificateRow, {
  id: 'id',
  serial_number: 'serial_number',
  private_key_id: 'private_key_id',
  status: 'status',
  not_before: isoTime('not_before'),
  not_after: isoTime('not_after'),
  created_on: isoTime('created_on'),
  revoked_on: isoTime('revoked_on'),
  revocation_reason: 'revocation_reason',
});

/**
 * One page of a provider's SHAKEN certificates, every key's (no STI-SCA), written as JSON by the database; `list`
 * binds from $2.
 */
export function listCertificates(q: Queryable, spId: string, list: ListQuery) {
  return jsonPage(
    q,
    'certificates',
    PROVIDER_CERTIFICATE_ROW,
    ['service_provider_id = $1', "kind = 'shaken'", ...list.where],
    [spId, ...list.params],
    list,
  );
}
