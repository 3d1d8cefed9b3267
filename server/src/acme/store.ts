// SQL of the ACME server: nonces, External Account Binding credentials, accounts. Nothing but statements here.
import type { JWK } from 'jose';
import type { Queryable } from '../db';
import type { ListQuery } from '../http/list';
import { isoTime, jsonPage, jsonRow } from '../http/jsonPage';
import { AcmeCredentialRow } from '../../../contract/wire/acme';

/** Records a nonce as spent (until it would have expired); false when it was spent before. */
/**
 * What spending a nonce found: whether it was fresh (not spent before), and since when spent nonces are kept (the
 * epoch: null when acme_nonces was emptied by a crash or a failover, and no server has started a new one yet).
 */
export interface NonceSpent {
  fresh: boolean;
  since: Date | null;
}

/** Records a nonce as spent, once (ON CONFLICT: spent before, on any server). */
export async function recordSpentNonce(q: Queryable, nonce: string, expiresOn: Date): Promise<NonceSpent> {
  const [row] = await q.query<{ fresh: boolean; since: Date | null }>(
    `WITH spent AS (
       INSERT INTO acme_nonces (nonce, expires_on) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM spent) AS fresh, (SELECT since FROM acme_nonce_epoch) AS since`,
    [nonce, expiresOn],
    { prepare: true },
  );
  return row;
}

/** A new epoch from `since`, unless another server started one first: the epoch in force. */
export async function startNonceEpoch(q: Queryable, since: Date): Promise<Date> {
  await q.query('INSERT INTO acme_nonce_epoch (since) VALUES ($1) ON CONFLICT DO NOTHING', [since]);
  const [row] = await q.query<{ since: Date }>('SELECT since FROM acme_nonce_epoch');
  return row.since;
}

export async function deleteExpiredNonces(q: Queryable, now: Date): Promise<number> {
  const rows = await q.query('DELETE FROM acme_nonces WHERE expires_on <= $1 RETURNING 1', [now]);
  return rows.length;
}

export interface EabKeyRow {
  key_id: string;
  service_provider_id: string;
  hmac_key_sealed: Uint8Array;
  created_on: Date;
  revoked_on: Date | null;
  account_id: string | null;
}

/** Numbers `lo` to `hi` inclusive, as 10-digit integers (a delegate customer's, docs/acme.md). */
export interface NumberInterval {
  lo: number;
  hi: number;
}

/** The SQL of intervals given as two bigint arrays ($lo, $hi) as one int8multirange. */
export const multirangeOf = (lo: string, hi: string) =>
  `(SELECT range_agg(int8range(lo, hi, '[]')) FROM unnest(${lo}::bigint[], ${hi}::bigint[]) AS r(lo, hi))`;

export const boundsOf = (intervals: readonly NumberInterval[]) => [
  intervals.map((i) => String(i.lo)),
  intervals.map((i) => String(i.hi)),
];

export async function insertEabKey(
  q: Queryable,
  k: {
    keyId: string;
    spId: string;
    sealed: Uint8Array;
    now: Date;
    /** A credential handed to a delegate customer: whose, and the numbers its account may order. */
    customer?: { id: string; intervals: readonly NumberInterval[]; numberCount: number };
  },
): Promise<void> {
  const [lo, hi] = boundsOf(k.customer?.intervals ?? []);
  await q.query(
    `INSERT INTO acme_eab_keys (key_id, service_provider_id, hmac_key_sealed, created_on, delegate_customer_id,
                                numbers, number_count)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5::uuid IS NULL THEN NULL ELSE ${multirangeOf('$6', '$7')} END, $8)`,
    [k.keyId, k.spId, k.sealed, k.now, k.customer?.id ?? null, lo, hi, k.customer?.numberCount ?? null],
  );
}

/** What a customer's credential binds its account to: the customer, and the numbers it may order. */
export interface CustomerBinding {
  customer_id: string;
  customer_name: string;
}

/** The customer a credential was handed to; null for a provider's own credential. */
export async function customerBinding(q: Queryable, keyId: string): Promise<CustomerBinding | null> {
  const rows = await q.query<CustomerBinding>(
    `SELECT k.delegate_customer_id AS customer_id, c.name AS customer_name
       FROM acme_eab_keys k JOIN delegate_customers c ON c.id = k.delegate_customer_id WHERE k.key_id = $1`,
    [keyId],
    { prepare: true },
  );
  return rows[0] ?? null;
}

/** Whether every number of `intervals` is among those the credential `keyId` binds (false: not all, or none bound). */
export async function withinBinding(
  q: Queryable,
  keyId: string,
  intervals: readonly NumberInterval[],
): Promise<boolean> {
  const [lo, hi] = boundsOf(intervals);
  const rows = await q.query<{ within: boolean }>(
    `SELECT coalesce(numbers @> ${multirangeOf('$2', '$3')}, false) AS within FROM acme_eab_keys WHERE key_id = $1`,
    [keyId, lo, hi],
  );
  return rows[0]?.within === true;
}

/** Locks the provider's row: its credential creations queue on it. */
export async function lockProvider(q: Queryable, spId: string): Promise<void> {
  await q.query('SELECT 1 FROM service_providers WHERE id = $1 FOR UPDATE', [spId]);
}

/** Credentials of a provider that are not revoked (bound or not). */
export async function countLiveEabKeys(q: Queryable, spId: string): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM acme_eab_keys WHERE service_provider_id = $1 AND revoked_on IS NULL',
    [spId],
  );
  return n;
}

export async function eabKey(
  q: Queryable,
  keyId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<EabKeyRow | null> {
  const rows = await q.query<EabKeyRow>(
    `SELECT key_id, service_provider_id, hmac_key_sealed, created_on, revoked_on, account_id
       FROM acme_eab_keys WHERE key_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [keyId],
  );
  return rows[0] ?? null;
}

/** The provider's credentials with the account each bound, as a derived table the list protocol can sort and filter. */
const EAB_LIST_FROM = `(SELECT k.key_id AS id, k.key_id, k.service_provider_id, k.created_on, k.revoked_on,
       k.account_id, k.bound_on, a.status AS account_status, cu.name AS customer_name,
       k.number_count::int AS number_count,
       CASE WHEN k.revoked_on IS NOT NULL THEN 'revoked' WHEN k.account_id IS NOT NULL THEN 'bound' ELSE 'unused' END
         AS status
  FROM acme_eab_keys k LEFT JOIN acme_accounts a ON a.id = k.account_id
  LEFT JOIN delegate_customers cu ON cu.id = k.delegate_customer_id) AS eab`;

/** A credential as the database writes it for the provider's list: every field of its wire shape. */
const EAB_ROW = jsonRow(AcmeCredentialRow, {
  id: 'id',
  key_id: 'key_id',
  status: 'status',
  created_on: isoTime('created_on'),
  revoked_on: isoTime('revoked_on'),
  account_id: 'account_id',
  account_status: 'account_status',
  bound_on: isoTime('bound_on'),
  customer_name: 'customer_name',
  number_count: 'number_count',
});

/** One page of a provider's credentials, written as JSON by the database; `list` binds its parameters from $2. */
export function listEabKeys(q: Queryable, spId: string, list: ListQuery) {
  return jsonPage(
    q,
    EAB_LIST_FROM,
    EAB_ROW,
    ['service_provider_id = $1', ...list.where],
    [spId, ...list.params],
    list,
  );
}

/** Revokes a credential of the provider and deactivates the account it bound; null when it is not the provider's. */
export async function revokeEabKey(
  q: Queryable,
  spId: string,
  keyId: string,
  now: Date,
): Promise<{ alreadyRevoked: boolean; accountDeactivated?: boolean } | null> {
  const [row] = await q.query<{ revoked_on: Date | null; account_id: string | null }>(
    'SELECT revoked_on, account_id FROM acme_eab_keys WHERE key_id = $1 AND service_provider_id = $2 FOR UPDATE',
    [keyId, spId],
  );
  if (!row) return null;
  if (row.revoked_on) return { alreadyRevoked: true };
  await q.query('UPDATE acme_eab_keys SET revoked_on = $2 WHERE key_id = $1', [keyId, now]);
  const deactivated = row.account_id
    ? await q.query(
        `UPDATE acme_accounts SET status = 'deactivated', updated_on = $2 WHERE id = $1 AND status = 'valid' RETURNING 1`,
        [row.account_id, now],
      )
    : [];
  return { alreadyRevoked: false, accountDeactivated: deactivated.length > 0 };
}

export interface AccountRow {
  id: string;
  service_provider_id: string;
  eab_key_id: string;
  jwk: JWK;
  thumbprint: string;
  status: 'valid' | 'deactivated' | 'revoked';
  contact: string[];
  created_on: Date;
}

const ACCOUNT_COLUMNS = 'id, service_provider_id, eab_key_id, jwk, thumbprint, status, contact, created_on';

export async function accountById(q: Queryable, id: string): Promise<AccountRow | null> {
  const rows = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM acme_accounts WHERE id = $1`, [id], {
    prepare: true,
  });
  return rows[0] ?? null;
}

/** Spends a nonce (as recordSpentNonce) and reads account `id` as it is now (null: there is none), in one statement. */
export async function spendNonceReadingAccount(
  q: Queryable,
  nonce: string,
  expiresOn: Date,
  id: string,
): Promise<{ spent: NonceSpent; account: AccountRow | null }> {
  const [row] = await q.query<AccountRow & { nonce_fresh: boolean; nonces_since: Date | null }>(
    `WITH spent AS (
       INSERT INTO acme_nonces (nonce, expires_on) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM spent) AS nonce_fresh, (SELECT since FROM acme_nonce_epoch) AS nonces_since,
            ${ACCOUNT_COLUMNS.replace(/(\w+)/g, 'a.$1')}
       FROM (SELECT 1) AS one LEFT JOIN acme_accounts a ON a.id = $3`,
    [nonce, expiresOn, id],
    { prepare: true },
  );
  const { nonce_fresh: fresh, nonces_since: since, ...account } = row;
  return { spent: { fresh, since }, account: account.id ? account : null };
}

export async function accountByThumbprint(q: Queryable, thumbprint: string): Promise<AccountRow | null> {
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM acme_accounts WHERE thumbprint = $1`,
    [thumbprint],
  );
  return rows[0] ?? null;
}

/** A new account bound with `eabKeyId` (its row locked by the caller), and the credential marked as used. */
export async function insertAccount(
  q: Queryable,
  a: {
    id: string;
    spId: string;
    eabKeyId: string;
    jwk: JWK;
    thumbprint: string;
    contact: string[];
    now: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO acme_accounts (id, service_provider_id, eab_key_id, jwk, thumbprint, status, contact, created_on, updated_on)
     VALUES ($1, $2, $3, $4, $5, 'valid', $6, $7, $7)`,
    [a.id, a.spId, a.eabKeyId, JSON.stringify(a.jwk), a.thumbprint, JSON.stringify(a.contact), a.now],
  );
  await q.query('UPDATE acme_eab_keys SET account_id = $2, bound_on = $3 WHERE key_id = $1', [
    a.eabKeyId,
    a.id,
    a.now,
  ]);
}

export async function updateAccount(
  q: Queryable,
  id: string,
  change: { contact?: string[]; status?: 'deactivated' },
  now: Date,
): Promise<AccountRow | null> {
  const rows = await q.query<AccountRow>(
    `UPDATE acme_accounts SET contact = COALESCE($2::jsonb, contact), status = COALESCE($3, status), updated_on = $4
      WHERE id = $1 AND status = 'valid' RETURNING ${ACCOUNT_COLUMNS}`,
    [id, change.contact ? JSON.stringify(change.contact) : null, change.status ?? null, now],
  );
  return rows[0] ?? null;
}

/** A key change (RFC 8555 §7.3.5): false when another account holds the new key (or this one is no longer valid). */
export async function changeAccountKey(
  q: Queryable,
  id: string,
  jwk: JWK,
  thumbprint: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE acme_accounts SET jwk = $2, thumbprint = $3, updated_on = $4
      WHERE id = $1 AND status = 'valid'
        AND NOT EXISTS (SELECT 1 FROM acme_accounts WHERE thumbprint = $3) RETURNING id`,
    [id, JSON.stringify(jwk), thumbprint, now],
  );
  return rows.length === 1;
}
