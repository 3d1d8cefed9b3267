// SQL of the delegate certificates (docs/delegates.md): their customers, their rows of `certificates` (kind
// 'delegate') and of delegate_certificates (their numbers one multirange). Every read is scoped by the provider.
import type { Queryable } from '../db';
import { type ListQuery, pageClause, whereClause } from '../http/list';
import { type Interval, intervalRows } from './selection';

export interface DelegateRecord {
  id: string;
  serial_number: string;
  status: 'issued' | 'revoked';
  customer_id: string;
  customer_name: string;
  customer_contact: string | null;
  number_count: number;
  sti_sca_serial: string;
  issuing_sti_sca_id: string;
  not_before: Date;
  not_after: Date;
  created_on: Date;
  revoked_on: Date | null;
  revocation_reason: string | null;
  /** The serial of the delegate certificate that renewed this one, if one did. */
  replaced_by: string | null;
  /** Its first blocks as `first-last` (four at most: a fourth says that more follow). */
  first_blocks: string[];
}

/** The SQL of a replacement of `c` (a renewal), whatever its state. */
const REPLACEMENT = `SELECT 1 FROM certificates r WHERE r.replaces_id = c.id AND r.kind = 'delegate'`;

const FROM = `certificates c
  JOIN delegate_certificates d ON d.certificate_id = c.id
  JOIN delegate_customers cu ON cu.id = d.customer_id
  JOIN certificates s ON s.id = c.issuing_sti_sca_id`;

const COLUMNS = `c.id, c.serial_number, c.status, d.customer_id, cu.name AS customer_name,
  cu.contact AS customer_contact, d.number_count::int AS number_count, s.serial_number AS sti_sca_serial,
  c.issuing_sti_sca_id, c.not_before, c.not_after, c.created_on, c.revoked_on, c.revocation_reason,
  (SELECT r.serial_number FROM certificates r WHERE r.replaces_id = c.id AND r.kind = 'delegate'
    ORDER BY r.created_on DESC LIMIT 1) AS replaced_by,
  ARRAY(SELECT lower(b)::text || '-' || (upper(b) - 1)::text FROM unnest(d.numbers) b LIMIT 4) AS first_blocks`;

/** The list's sorts and filters; `$1` is the provider and `$2` the clock (the states depend on it). */
export const STATE_SQL: Record<string, string> = {
  issued: `c.status = 'issued'`,
  revoked: `c.status = 'revoked'`,
  expired: `c.status = 'issued' AND c.not_after <= $2`,
  current: `c.status = 'issued' AND c.not_after > $2 AND NOT EXISTS (${REPLACEMENT})`,
  replaced: `c.status = 'issued' AND c.not_after > $2 AND EXISTS (${REPLACEMENT})`,
};

/** Held until the transaction ends: one delegate issuance of a provider at a time, on every server. */
export async function lockProviderDelegates(tx: Queryable, spId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`delegates:${spId}`]);
}

/**
 * The provider's STI-SCA that signs: its certificate and chain, validity and key (a reference into the CA's key
 * store). Read FOR SHARE: its revocation (FOR UPDATE) waits for this transaction, and then revokes what it signed.
 */
export interface SigningStiSca {
  id: string;
  spc: string;
  status: string;
  chain_pem: string;
  serial_number: string;
  issuer_id: string;
  not_after: Date;
  certificate_der: Uint8Array;
  key_id: string;
  key_ref: string;
  key_store: string;
}

export async function stiScaForSigning(q: Queryable, id: string): Promise<SigningStiSca> {
  const [row] = await q.query<SigningStiSca>(
    `SELECT c.id, c.spc, c.status, c.chain_pem, c.serial_number, c.issuer_id, c.not_after, c.certificate_der,
            k.id AS key_id, k.key_ref, k.key_store
       FROM certificates c JOIN sti_sca_keys k ON k.id = c.sti_sca_key_id
      WHERE c.id = $1 AND c.kind = 'sti_sca' FOR SHARE OF c`,
    [id],
  );
  return row;
}

/** The provider's customer of this name (any case): its id, its contact updated when one is given; else added. */
export async function upsertCustomer(
  q: Queryable,
  c: { spId: string; name: string; contact: string | undefined; now: Date },
): Promise<string> {
  const found = await findCustomer(q, c.spId, c.name);
  if (found) {
    if (c.contact)
      await q.query('UPDATE delegate_customers SET contact = $2 WHERE id = $1', [found, c.contact]);
    return found;
  }
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO delegate_customers (service_provider_id, name, contact, created_on)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [c.spId, c.name, c.contact || null, c.now],
  );
  return row.id;
}

export async function findCustomer(q: Queryable, spId: string, name: string): Promise<string | null> {
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM delegate_customers WHERE service_provider_id = $1 AND lower(name) = lower($2)',
    [spId, name],
  );
  return rows[0]?.id ?? null;
}

/** The customer's name as first written (its case kept). */
export async function customerName(q: Queryable, id: string): Promise<string> {
  const [row] = await q.query<{ name: string }>('SELECT name FROM delegate_customers WHERE id = $1', [id]);
  return row.name;
}

/** The signed delegate certificate, its customer, key and numbers, recorded as issued. */
export async function insertDelegate(
  q: Queryable,
  c: {
    serial: string;
    spId: string;
    issuerId: string;
    stiScaId: string;
    spc: string;
    customerId: string;
    spki: Uint8Array;
    /** Its numbers: the intervals' `boundsParams`. */
    bounds: string[];
    numberCount: number;
    /** The issuing request's Idempotency-Key (scope and key), if it had one. */
    requestKey: string | null;
    notBefore: Date;
    notAfter: Date;
    der: Uint8Array;
    chainPem: string;
    replacesId: string | null;
    now: Date;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO certificates (kind, serial_number, service_provider_id, issuer_id, issuing_sti_sca_id, status,
                               spc, not_before, not_after, certificate_der, chain_pem, replaces_id, created_on)
     VALUES ('delegate', $1, $2, $3, $4, 'issued', $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      c.serial,
      c.spId,
      c.issuerId,
      c.stiScaId,
      c.spc,
      c.notBefore,
      c.notAfter,
      Buffer.from(c.der),
      c.chainPem,
      c.replacesId,
      c.now,
    ],
  );
  await q.query(
    `INSERT INTO delegate_certificates (certificate_id, service_provider_id, customer_id, public_key_spki,
                                        number_count, numbers, created_on, request_key)
     VALUES ($1, $2, $3, $4, $5,
             (SELECT range_agg(int8range(lo, hi, '[]')) FROM ${intervalRows(6, 7)} AS r(lo, hi)), $8, $9)`,
    [row.id, c.spId, c.customerId, Buffer.from(c.spki), c.numberCount, ...c.bounds, c.now, c.requestKey],
  );
  return row.id;
}

/** A delegate certificate of the provider, without its chain (a 10,000-entry certificate's is 240 kB). */
export async function delegateById(
  q: Queryable,
  spId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<DelegateRecord | undefined> {
  if (opts.forUpdate)
    await q.query(
      `SELECT 1 FROM certificates WHERE id = $1 AND service_provider_id = $2 AND kind = 'delegate' FOR UPDATE`,
      [id, spId],
    );
  const rows = await q.query<DelegateRecord>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1 AND c.service_provider_id = $2 AND c.kind = 'delegate'`,
    [id, spId],
  );
  return rows[0];
}

/** A delegate certificate of the provider with its chain, for its detail. */
export async function delegateWithChain(
  q: Queryable,
  spId: string,
  id: string,
): Promise<(DelegateRecord & { chain_pem: string }) | undefined> {
  const rows = await q.query<DelegateRecord & { chain_pem: string }>(
    `SELECT ${COLUMNS}, c.chain_pem FROM ${FROM}
      WHERE c.id = $1 AND c.service_provider_id = $2 AND c.kind = 'delegate'`,
    [id, spId],
  );
  return rows[0];
}

/** A delegate certificate's numbers, in order. */
export async function intervalsOf(q: Queryable, id: string): Promise<Interval[]> {
  const rows = await q.query<{ lo: string; hi: string }>(
    `SELECT lower(b)::text AS lo, (upper(b) - 1)::text AS hi
       FROM delegate_certificates d, unnest(d.numbers) b WHERE d.certificate_id = $1`,
    [id],
  );
  return rows.map((r) => ({ lo: Number(r.lo), hi: Number(r.hi) }));
}

/** True when a delegate certificate renewed this one. */
export async function isReplaced(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM certificates c WHERE c.id = $1 AND EXISTS (${REPLACEMENT})`, [
    id,
  ]);
  return rows.length > 0;
}

/** One page of the provider's delegate certificates and the filtered total; `list` binds from $3. */
export async function listDelegates(q: Queryable, spId: string, now: Date, list: ListQuery) {
  // $2 is the clock of the state filters, named here so that it has a type when no filter uses it
  const base = ['c.service_provider_id = $1', "c.kind = 'delegate'", '$2::timestamptz IS NOT NULL'];
  const where = whereClause([...base, ...list.where]);
  const params = [spId, now, ...list.params];
  const rows = await q.query<DelegateRecord>(
    `SELECT ${COLUMNS} FROM ${FROM}${where}${pageClause(list)}`,
    params,
  );
  const [{ total }] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${FROM}${where}`,
    params,
  );
  return { rows, total };
}

/** The delegate certificate a request with this Idempotency-Key (scope and key) issued, if one did. */
export async function issuedByRequest(
  q: Queryable,
  spId: string,
  requestKey: string,
): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    'SELECT certificate_id AS id FROM delegate_certificates WHERE service_provider_id = $1 AND request_key = $2',
    [spId, requestKey],
  );
  return rows[0]?.id;
}
