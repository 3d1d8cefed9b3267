// SQL of resellers as the admin manages them and of the signed-in reseller's own rows. Parameterized statements
// only; the list parts (`where`, `params`, `orderBy`) come from http/list.ts and bind after the fixed parameters.
import type { Queryable } from '../db';
import { PAYMENT_FOR_COLUMNS, PAYMENT_FOR_JOINS, paymentForSql } from '../billing/paymentFor';
import type { ListQuery } from '../http/list';
import {
  ResellerCompanyDetails,
  ResellerCompanyRow,
  ResellerInviteRow,
  ResellerPaymentRow,
  ResellerRow,
} from '../../../contract/wire/resellers';
import { isoTime, jsonPage, jsonRecord, jsonRow } from '../http/jsonPage';

/**
 * One page of `from` (a source as a derived table `x`, made once: rowsOf) written as JSON by the database
 * (http/jsonPage.ts), `fixed` bound before the list's.
 */
function jsonPageOf(q: Queryable, from: string, rowJson: string, fixed: unknown[], list: ListQuery) {
  return jsonPage(q, from, rowJson, list.where, [...fixed, ...list.params], list);
}

/** `source` (a SELECT) as the derived table `x`. */
const rowsOf = (source: string) => `(${source}) x`;

/**
 * The id of the active reseller of the account bound to $1: the signed-in reseller's lists bind its account, not
 * its reseller id, so that a page is one statement with no read of the reseller before it (docs/performance.md).
 */
export const OWN_RESELLER = '(SELECT own.id FROM resellers own WHERE own.account_id = $1 AND own.is_active)';

/**
 * A source of one reseller's rows (its id bound to $1) as the derived table `x`, for the active reseller of the
 * account bound to $1.
 */
const ofAccount = (source: string) => rowsOf(source.replace(/\$1(?!\d)/g, OWN_RESELLER));

export interface ResellerDbRow {
  id: string;
  account_id: string;
  name: string;
  email: string;
  company_name: string;
  url_token: string;
  is_active: boolean;
  is_confirmed: boolean;
  companies_count: number;
  created_on: Date;
}

/**
 * Every reseller with its account and the number of companies it brought in; the account joined left, though every
 * reseller has one, so that a total leaves it out (docs/performance.md, "Joins a total can leave out").
 */
export const RESELLERS_SOURCE = `
  SELECT r.id, r.account_id, btrim(a.first_name || ' ' || a.last_name) AS name, a.email, r.company_name,
         r.url_token, r.is_active, a.is_confirmed,
         (SELECT count(*) FROM service_providers sp WHERE sp.reseller_id = r.id)::int AS companies_count,
         r.created_on
    FROM resellers r LEFT JOIN accounts a ON a.id = r.account_id`;

const RESELLERS = rowsOf(RESELLERS_SOURCE);

/** A reseller as the database writes it for the admin's list: every field of its wire shape. */
const RESELLER_ROW = jsonRow(ResellerRow, {
  id: 'x.id',
  name: 'x.name',
  email: 'x.email',
  company_name: 'x.company_name',
  url_token: 'x.url_token',
  is_active: 'x.is_active',
  is_confirmed: 'x.is_confirmed',
  companies_count: 'x.companies_count',
  created_on: isoTime('x.created_on'),
});

/** One page of the resellers, written as JSON by the database; `list` binds from $1. */
export function listResellers(q: Queryable, list: ListQuery) {
  return jsonPageOf(q, RESELLERS, RESELLER_ROW, [], list);
}

/** One reseller as its list writes it. */
export function readReseller(q: Queryable, id: string) {
  return jsonRecord<ResellerRow>(q, `(${RESELLERS_SOURCE}) x`, RESELLER_ROW, ['x.id = $1'], [id]);
}

/** The active reseller of an account as the admin's list writes it (the reseller's own profile). */
export function readActiveResellerOfAccount(q: Queryable, accountId: string) {
  return jsonRecord<ResellerRow>(
    q,
    `(${RESELLERS_SOURCE}) x`,
    RESELLER_ROW,
    ['x.account_id = $1', 'x.is_active'],
    [accountId],
  );
}

export async function findReseller(q: Queryable, id: string): Promise<ResellerDbRow | undefined> {
  const rows = await q.query<ResellerDbRow>(`SELECT * FROM (${RESELLERS_SOURCE}) x WHERE x.id = $1`, [id]);
  return rows[0];
}

export async function findResellerOfAccount(
  q: Queryable,
  accountId: string,
): Promise<ResellerDbRow | undefined> {
  const rows = await q.query<ResellerDbRow>(`SELECT * FROM (${RESELLERS_SOURCE}) x WHERE x.account_id = $1`, [
    accountId,
  ]);
  return rows[0];
}

/** Locks a reseller's row for an edit; its account id and whether it is active now. */
export async function lockReseller(
  q: Queryable,
  id: string,
): Promise<{ account_id: string; is_active: boolean } | undefined> {
  const rows = await q.query<{ account_id: string; is_active: boolean }>(
    'SELECT account_id, is_active FROM resellers WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

export async function insertReseller(
  q: Queryable,
  r: { accountId: string; companyName: string; urlToken: string; now: Date },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO resellers (account_id, company_name, url_token, created_on) VALUES ($1, $2, $3, $4) RETURNING id`,
    [r.accountId, r.companyName, r.urlToken, r.now],
  );
  return row.id;
}

export async function updateReseller(
  q: Queryable,
  id: string,
  change: { companyName?: string; isActive?: boolean },
): Promise<void> {
  await q.query(
    `UPDATE resellers SET company_name = coalesce($2, company_name), is_active = coalesce($3, is_active)
      WHERE id = $1`,
    [id, change.companyName ?? null, change.isActive ?? null],
  );
}

/** The whole name goes into first_name (the form has one name field); last_name is emptied. */
export async function renameAccount(q: Queryable, accountId: string, name: string, now: Date): Promise<void> {
  await q.query(`UPDATE accounts SET first_name = $2, last_name = '', updated_on = $3 WHERE id = $1`, [
    accountId,
    name,
    now,
  ]);
}

/** The reseller a promo code (in its stored form) names, when that reseller may still bring in companies. */
export async function findPromoCodeOwner(
  q: Queryable,
  code: string,
): Promise<{ id: string; company_name: string } | undefined> {
  const rows = await q.query<{ id: string; company_name: string }>(
    `SELECT r.id, r.company_name FROM resellers r JOIN accounts a ON a.id = r.account_id
      WHERE r.url_token = $1 AND r.is_active AND NOT a.is_disabled`,
    [code],
  );
  return rows[0];
}

export async function setUrlToken(q: Queryable, id: string, urlToken: string): Promise<boolean> {
  const rows = await q.query('UPDATE resellers SET url_token = $2 WHERE id = $1 RETURNING id', [
    id,
    urlToken,
  ]);
  return rows.length === 1;
}

/** A company's standing (contract/resellers.ts COMPANY_STATUSES), from its account and subscription state. */
const COMPANY_STATUS = `
  CASE WHEN a.is_disabled THEN 'disabled'
       WHEN NOT a.is_confirmed THEN 'unconfirmed'
       WHEN st.is_active THEN 'active'
       WHEN st.is_past_due THEN 'past_due'
       WHEN st.subscriptions_count > 0 THEN 'expired'
       ELSE 'awaiting_payment' END`;

/**
 * The companies of the reseller bound to $1. Their subscription state is service_provider_state's (001), computed
 * per company through the subscriptions index: the view itself would aggregate every provider for each page. Both
 * joined left, though each gives every company exactly one row: a total that reads neither leaves both out
 * (docs/performance.md, "Joins a total can leave out").
 */
export const COMPANIES_SOURCE = `
  SELECT sp.id, sp.company_name, sp.ocn, a.email, ${COMPANY_STATUS} AS status, st.subscription_expired_on,
         sp.created_on, a.first_name, a.last_name, sp.phone_number, sp.city, sp.state
    FROM service_providers sp
    LEFT JOIN accounts a ON a.id = sp.account_id
    LEFT JOIN LATERAL (
      SELECT max(s.current_period_end) FILTER (WHERE s.status <> 'incomplete') AS subscription_expired_on,
             coalesce(bool_or(s.status = 'active' AND s.current_period_end > now()), false) AS is_active,
             coalesce(bool_or(s.status = 'past_due'), false) AS is_past_due,
             count(s.id) FILTER (WHERE s.status <> 'incomplete') AS subscriptions_count
        FROM subscriptions s WHERE s.service_provider_id = sp.id) st ON true
   WHERE sp.reseller_id = $1`;

const OWN_COMPANIES = ofAccount(COMPANIES_SOURCE);

/** The fields of a company in the reseller's list; its page (ResellerCompanyDetails) adds the contact's. */
const COMPANY_FIELDS = {
  id: 'x.id',
  company_name: 'x.company_name',
  ocn: 'x.ocn',
  email: 'x.email',
  status: 'x.status',
  subscription_expired_on: isoTime('x.subscription_expired_on'),
  created_on: isoTime('x.created_on'),
};

/** A company as the database writes it for the reseller's list: every field of its wire shape. */
const COMPANY_ROW = jsonRow(ResellerCompanyRow, COMPANY_FIELDS);

const COMPANY_DETAILS = jsonRow(ResellerCompanyDetails, {
  ...COMPANY_FIELDS,
  first_name: 'x.first_name',
  last_name: 'x.last_name',
  phone_number: 'x.phone_number',
  city: 'x.city',
  state: 'x.state',
});

/** One page of the reseller's companies, written as JSON by the database; the account binds $1. */
export function listCompanies(q: Queryable, accountId: string, list: ListQuery) {
  return jsonPageOf(q, OWN_COMPANIES, COMPANY_ROW, [accountId], list);
}

/** One company with its contact, only when it is this reseller's. */
export function readCompany(q: Queryable, resellerId: string, id: string) {
  return jsonRecord<ResellerCompanyDetails>(
    q,
    rowsOf(COMPANIES_SOURCE),
    COMPANY_DETAILS,
    ['x.id = $2'],
    [resellerId, id],
  );
}

/** The invitations of the reseller bound to $1, each with whether that address registered through it. */
export const INVITES_SOURCE = `
  SELECT i.id, i.email, i.company_name, i.first_name, i.last_name, i.sent_count, i.sent_on, i.created_on,
         CASE WHEN EXISTS (SELECT 1 FROM service_providers sp JOIN accounts a ON a.id = sp.account_id
                            WHERE sp.reseller_id = i.reseller_id AND a.email = i.email)
              THEN 'registered' ELSE 'sent' END AS status
    FROM reseller_invites i
   WHERE i.reseller_id = $1`;

const OWN_INVITES = ofAccount(INVITES_SOURCE);

/** An invitation as the database writes it for the reseller's list: every field of its wire shape. */
const INVITE_ROW = jsonRow(ResellerInviteRow, {
  id: 'x.id',
  email: 'x.email',
  company_name: 'x.company_name',
  first_name: 'x.first_name',
  last_name: 'x.last_name',
  status: 'x.status',
  sent_count: 'x.sent_count',
  sent_on: isoTime('x.sent_on'),
  created_on: isoTime('x.created_on'),
});

/** One page of the reseller's invitations, written as JSON by the database; the account binds $1. */
export function listInvites(q: Queryable, accountId: string, list: ListQuery) {
  return jsonPageOf(q, OWN_INVITES, INVITE_ROW, [accountId], list);
}

/** Records an invitation, or counts one more mail to an address invited before; returns the row as listed. */
export async function upsertInvite(
  q: Queryable,
  i: {
    resellerId: string;
    email: string;
    companyName: string | null;
    firstName: string | null;
    lastName: string | null;
    now: Date;
  },
): Promise<ResellerInviteRow> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO reseller_invites (reseller_id, email, company_name, first_name, last_name, sent_on, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (reseller_id, email) DO UPDATE
        SET sent_on = EXCLUDED.sent_on, sent_count = reseller_invites.sent_count + 1,
            company_name = coalesce(EXCLUDED.company_name, reseller_invites.company_name),
            first_name = coalesce(EXCLUDED.first_name, reseller_invites.first_name),
            last_name = coalesce(EXCLUDED.last_name, reseller_invites.last_name)
     RETURNING id`,
    [i.resellerId, i.email, i.companyName, i.firstName, i.lastName, i.now],
  );
  const invite = await jsonRecord<ResellerInviteRow>(
    q,
    rowsOf(INVITES_SOURCE),
    INVITE_ROW,
    ['x.id = $2'],
    [i.resellerId, row.id],
  );
  if (!invite) throw new Error(`invitation ${row.id} not found after it was written`);
  return invite;
}

/** The payments of the reseller's companies (bound to $1), each with its company. */
export const PAYMENTS_SOURCE = `
  SELECT p.id, p.amount, p.transaction_id, p.created_on, sp.id AS service_provider_uuid, sp.company_name,
         ${PAYMENT_FOR_COLUMNS}
    FROM payments p JOIN service_providers sp ON sp.id = p.service_provider_id
    ${PAYMENT_FOR_JOINS}
   WHERE sp.reseller_id = $1`;

const OWN_PAYMENTS = ofAccount(PAYMENTS_SOURCE);

/** A payment as the database writes it for the reseller's list: every field of its wire shape. */
const PAYMENT_ROW = jsonRow(ResellerPaymentRow, {
  id: 'x.id',
  amount: 'x.amount::float8',
  transaction_id: 'x.transaction_id',
  created_on: isoTime('x.created_on'),
  service_provider_uuid: 'x.service_provider_uuid',
  company_name: 'x.company_name',
  for: paymentForSql('x'),
});

/** One page of the rows of the active reseller of the account `accountId` (none when it is not active). */
export function listPayments(q: Queryable, accountId: string, list: ListQuery) {
  return jsonPageOf(q, OWN_PAYMENTS, PAYMENT_ROW, [accountId], list);
}
