// SQL of the admin's provider screens: the list with its derived status, one provider's details, and the writes of
// the admin's actions (activation, reseller, extension) with their change-log rows.
import type { Queryable } from '../db';
import type { ListQuery } from '../http/list';
import { AdminProviderRow } from '../../../contract/wire/admin';
import { isoTime, jsonPage, jsonRow } from '../http/jsonPage';

/**
 * One row per provider with what the list filters and sorts on. `$1` is the clock (the status and the expiring
 * filter read it), so a list's own parameters start at `$2`. Joined left, though every provider has its account:
 * a total that reads no column of a join leaves it out (docs/performance.md, "Joins a total can leave out").
 */
export const PROVIDER_ROWS = `(
  SELECT sp.id, sp.company_name, sp.ocn, a.email, a.first_name, a.last_name, a.is_confirmed,
         NOT a.is_disabled AS is_active, sp.reseller_id, r.company_name AS reseller_name,
         st.expired_on AS subscription_expired_on, sp.created_on, sp.account_id,
         CASE WHEN a.is_disabled THEN 'deactivated'
              WHEN NOT a.is_confirmed THEN 'unconfirmed'
              WHEN st.running THEN 'active'
              WHEN st.past_due THEN 'past_due'
              WHEN st.periods > 0 THEN 'expired'
              ELSE 'no_subscription' END AS status
    FROM service_providers sp
    LEFT JOIN accounts a ON a.id = sp.account_id
    LEFT JOIN resellers r ON r.id = sp.reseller_id
    LEFT JOIN LATERAL (
      SELECT max(s.current_period_end) FILTER (WHERE s.status <> 'incomplete') AS expired_on,
             coalesce(bool_or(s.status = 'active' AND s.current_period_end > $1::timestamptz), false) AS running,
             coalesce(bool_or(s.status = 'past_due'), false) AS past_due,
             count(*) FILTER (WHERE s.status <> 'incomplete') AS periods
        FROM subscriptions s WHERE s.service_provider_id = sp.id
    ) st ON true
) p`;

const ROW_COLUMNS = `p.id, p.company_name, p.ocn, p.email, p.first_name, p.last_name, p.status, p.is_active,
  p.is_confirmed, p.reseller_id, p.reseller_name, p.subscription_expired_on, p.created_on`;

/** A provider's row as read: the wire's row (contract/wire/admin.ts) with its moments still Dates. */
export type ProviderListRow = Omit<AdminProviderRow, 'subscription_expired_on' | 'created_on'> & {
  subscription_expired_on: Date | null;
  created_on: Date;
};

/** One page of providers; `list` binds its parameters from $2. */
/** A provider as the database writes it for the admin's list: every field of its wire shape. */
const PROVIDER_ROW = jsonRow(AdminProviderRow, {
  id: 'p.id',
  company_name: 'p.company_name',
  ocn: 'p.ocn',
  email: 'p.email',
  first_name: 'p.first_name',
  last_name: 'p.last_name',
  status: 'p.status',
  is_active: 'p.is_active',
  is_confirmed: 'p.is_confirmed',
  reseller_id: 'p.reseller_id',
  reseller_name: 'p.reseller_name',
  subscription_expired_on: isoTime('p.subscription_expired_on'),
  created_on: isoTime('p.created_on'),
});

/** One page of the admin's providers, written as JSON by the database; $1 is the clock, `list` binds from $2. */
export function listProviders(q: Queryable, now: Date, list: ListQuery) {
  return jsonPage(q, PROVIDER_ROWS, PROVIDER_ROW, list.where, [now, ...list.params], list);
}

export interface ProviderRecord extends ProviderListRow {
  account_id: string;
  phone_number: string;
  title: string;
  address: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  filer_id: string | null;
  frn_number: string | null;
}

/** One provider with its profile, or undefined; `forUpdate` locks its account row (the actions). */
export async function findProvider(
  q: Queryable,
  now: Date,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ProviderRecord | undefined> {
  if (opts.forUpdate) {
    await q.query(
      `SELECT 1 FROM accounts WHERE id = (SELECT account_id FROM service_providers WHERE id = $1) FOR UPDATE`,
      [id],
    );
  }
  const rows = await q.query<ProviderRecord>(
    `SELECT ${ROW_COLUMNS}, p.account_id, sp.phone_number, sp.title, sp.address, sp.address2, sp.city, sp.state,
            sp.zipcode, sp.country, sp.filer_id, sp.frn_number
       FROM ${PROVIDER_ROWS} JOIN service_providers sp ON sp.id = p.id
      WHERE p.id = $2`,
    [now, id],
  );
  return rows[0];
}

export interface SubscriptionRecord {
  id: string;
  status: string;
  recurring_interval: string;
  current_period_start: Date | null;
  current_period_end: Date | null;
  auto_charge: boolean;
}

/** The provider's latest subscription that ever ran (or the latest at all when none ran). */
export async function latestSubscription(
  q: Queryable,
  spId: string,
): Promise<SubscriptionRecord | undefined> {
  const rows = await q.query<SubscriptionRecord>(
    `SELECT id, status, recurring_interval, current_period_start, current_period_end, auto_charge
       FROM subscriptions WHERE service_provider_id = $1
      ORDER BY (status <> 'incomplete') DESC, current_period_end DESC NULLS LAST, created_on DESC LIMIT 1`,
    [spId],
  );
  return rows[0];
}

/** How many keys, certificates, numbers, imports, payments and invoices the provider has. */
export async function countsOf(q: Queryable, spId: string) {
  const [row] = await q.query<Record<string, number>>(
    `SELECT
       (SELECT count(*)::int FROM private_keys
         WHERE service_provider_id = $1 AND deleted_on IS NULL AND key_store <> 'client') AS keys,
       (SELECT count(*)::int FROM certificates WHERE service_provider_id = $1 AND kind = 'shaken') AS certificates,
       coalesce((SELECT total::int FROM number_counts WHERE service_provider_id = $1), 0) AS numbers,
       (SELECT count(*)::int FROM number_imports WHERE service_provider_id = $1) AS imports,
       (SELECT count(*)::int FROM payments WHERE service_provider_id = $1) AS payments,
       (SELECT count(*)::int FROM invoices WHERE service_provider_id = $1) AS invoices`,
    [spId],
  );
  return row as {
    keys: number;
    certificates: number;
    numbers: number;
    imports: number;
    payments: number;
    invoices: number;
  };
}

export async function setDisabled(q: Queryable, accountId: string, disabled: boolean, now: Date) {
  await q.query('UPDATE accounts SET is_disabled = $2, updated_on = $3 WHERE id = $1', [
    accountId,
    disabled,
    now,
  ]);
}

export async function setReseller(q: Queryable, spId: string, resellerId: string | null, now: Date) {
  await q.query('UPDATE service_providers SET reseller_id = $2, updated_on = $3 WHERE id = $1', [
    spId,
    resellerId,
    now,
  ]);
}

export async function resellerName(q: Queryable, id: string): Promise<string | undefined> {
  const rows = await q.query<{ name: string }>('SELECT company_name AS name FROM resellers WHERE id = $1', [
    id,
  ]);
  return rows[0]?.name;
}

/** The resellers for the "assign a reseller" dropdown, by name. */
export function resellerOptions(q: Queryable) {
  return q.query<{ id: string; name: string; is_active: boolean }>(
    'SELECT id, company_name AS name, is_active FROM resellers ORDER BY company_name, id',
  );
}

export async function moveSubscriptionEnd(q: Queryable, id: string, end: Date, now: Date): Promise<void> {
  await q.query(
    `UPDATE subscriptions SET status = 'active', current_period_end = $2, updated_on = $3,
            current_period_start = coalesce(current_period_start, $3)
      WHERE id = $1`,
    [id, end, now],
  );
}

/** A subscription an admin grants to a provider that never had one: it runs until `end`, nothing is charged. */
export async function insertGrantedSubscription(
  q: Queryable,
  spId: string,
  end: Date,
  now: Date,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO subscriptions (service_provider_id, status, recurring_interval, current_period_start,
       current_period_end, created_on, updated_on)
     VALUES ($1, 'active', 'month', $2, $3, $2, $2) RETURNING id`,
    [spId, now, end],
  );
  return row.id;
}

export interface ChangeEntry {
  spId: string;
  subscriptionId: string | null;
  /** The account id of the admin who acted. */
  actor: string;
  change: string;
  from: string | null;
  to: string | null;
  reason?: string | null;
  now: Date;
}

export async function logChange(q: Queryable, c: ChangeEntry): Promise<void> {
  await q.query(
    `INSERT INTO subscription_changes
       (service_provider_id, subscription_id, actor, change, from_value, to_value, reason, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [c.spId, c.subscriptionId, c.actor, c.change, c.from, c.to, c.reason ?? null, c.now],
  );
}
