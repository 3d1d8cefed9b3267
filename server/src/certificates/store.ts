// The storage side of the CA for providers: their keys, their certificates and used SPC token ids. Every query
// is scoped by the provider's id, so another provider's row is simply not found.
import type { Queryable } from '../db';
import type { ListQuery } from '../http/list';
import { isoTime, jsonPage, jsonRow } from '../http/jsonPage';
import { PrivateKeyRow } from '../../../contract/wire/certificates';

export interface KeyRow {
  id: string;
  key_ref: string;
  /** client: an ACME client's key, of which the portal holds the public half only (never listed or served). */
  key_store: 'software' | 'pkcs11' | 'client';
  public_key_spki: Uint8Array;
  created_on: Date;
}

export interface CertificateRecord {
  id: string;
  serial_number: string;
  service_provider_id: string;
  private_key_id: string;
  issuer_id: string;
  status: 'pending' | 'issued' | 'failed' | 'revoked';
  not_before: Date;
  not_after: Date;
  created_on: Date;
  revoked_on: Date | null;
  /** The reason recorded with the revocation (published in the CRL), once revoked. */
  revocation_reason: string | null;
  /** Set by a renewal that asked to revoke this certificate later; cleared when it is revoked. */
  revocation_scheduled_on: Date | null;
}

/** A certificate as the list shows it: with the certificate that renewed it. */
export interface ListedCertificate extends CertificateRecord {
  /**
   * The serial of the newest certificate that renewed this one and is still issued: a replacement revoked since (or
   * never issued) replaces nothing, and the certificate it renewed is the one to sign with again.
   */
  replaced_by: string | null;
  /** Opted in to automatic renewal. */
  auto_renew: boolean;
}

/** Written for keys no longer kept: the sealed blob is gone, nothing in the row can open anything. */
export const DESTROYED_KEY_REF = 'destroyed';

export async function insertKey(
  q: Queryable,
  k: {
    id: string;
    spId: string;
    keyRef: string;
    keyStore: string;
    spki: Uint8Array;
    origin: 'generated' | 'imported' | 'acme';
    now: Date;
  },
): Promise<{ id: string; created_on: Date }> {
  const [row] = await q.query<{ id: string; created_on: Date }>(
    `INSERT INTO private_keys (id, service_provider_id, key_ref, key_store, public_key_spki, origin, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_on`,
    [k.id, k.spId, k.keyRef, k.keyStore, Buffer.from(k.spki), k.origin, k.now],
  );
  return row;
}

/** A key as the database writes it for the provider's list: every field of its wire shape. */
const KEY_ROW = jsonRow(PrivateKeyRow, { priv_key_uuid: 'id', created_on: isoTime('created_on') });

/**
 * One page of the provider's keys kept by the portal, each written by `rowJson` (from `jsonRow`, KEY_ROW for the
 * provider's list), as JSON by the database; `list` binds its parameters from $2.
 */
export function listKeys(q: Queryable, spId: string, list: ListQuery, rowJson = KEY_ROW) {
  const where = ['service_provider_id = $1', 'deleted_on IS NULL', "key_store <> 'client'", ...list.where];
  return jsonPage(q, 'private_keys', rowJson, where, [spId, ...list.params], list);
}

export async function findKey(
  q: Queryable,
  spId: string,
  keyId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<KeyRow | undefined> {
  const rows = await q.query<KeyRow>(
    `SELECT id, key_ref, key_store, public_key_spki, created_on FROM private_keys
      WHERE id = $1 AND service_provider_id = $2 AND deleted_on IS NULL${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [keyId, spId],
  );
  return rows[0];
}

/**
 * A provider's standing, and whose account acts for it: what the one judge of issuance (certificateBlocker) decides
 * on, read here only (providerStanding, issuanceFacts), for every path that issues or renews.
 */
export interface ProviderStanding {
  service_provider_id: string;
  account_id: string;
  email: string;
  ocn: string;
  company_name: string;
  /** A subscription is active (paid) now. */
  is_active: boolean;
  is_confirmed: boolean;
  /** An administrator deactivated the account. */
  is_disabled: boolean;
  subscription_started_on: Date | null;
  subscription_expired_on: Date | null;
}

const STANDING_COLUMNS = `sp.id AS service_provider_id, a.id AS account_id, a.email, sp.ocn, sp.company_name,
       st.is_active, a.is_confirmed, a.is_disabled, st.subscription_started_on, st.subscription_expired_on`;
const STANDING_FROM = `service_providers sp
       JOIN accounts a ON a.id = sp.account_id
       JOIN service_provider_state st ON st.service_provider_id = sp.id`;

/** The standing of the provider `spId` (ACME, which acts for the provider through the account it names). */
export async function providerStanding(q: Queryable, spId: string): Promise<ProviderStanding | null> {
  const rows = await q.query<ProviderStanding>(
    `SELECT ${STANDING_COLUMNS} FROM ${STANDING_FROM} WHERE sp.id = $1`,
    [spId],
    { prepare: true },
  );
  return rows[0] ?? null;
}

/** What the RA decides an issuance on, read in one round trip: the provider's standing and its key. */
export interface IssuanceFacts extends ProviderStanding {
  /** The key, when it is this provider's and not deleted. */
  key: KeyRow | undefined;
}

/**
 * The provider's standing (only through its own account), and the key `keyId` if it is the provider's own and not
 * deleted. Undefined when the provider does not belong to the account.
 */
export async function issuanceFacts(
  q: Queryable,
  spId: string,
  accountId: string,
  keyId: string,
): Promise<IssuanceFacts | undefined> {
  const rows = await q.query<
    ProviderStanding & { key_id: string | null; key_created_on: Date | null } & Pick<
        KeyRow,
        'key_ref' | 'key_store' | 'public_key_spki'
      >
  >(
    `SELECT ${STANDING_COLUMNS},
            k.id AS key_id, k.key_ref, k.key_store, k.public_key_spki, k.created_on AS key_created_on
       FROM ${STANDING_FROM}
       LEFT JOIN private_keys k ON k.id = $3 AND k.service_provider_id = sp.id AND k.deleted_on IS NULL
      WHERE sp.id = $1 AND sp.account_id = $2`,
    [spId, accountId, keyId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const { key_id, key_ref, key_store, public_key_spki, key_created_on, ...standing } = r;
  return {
    ...standing,
    key:
      key_id === null
        ? undefined
        : { id: key_id, key_ref, key_store, public_key_spki, created_on: key_created_on! },
  };
}

export async function markKeyDeleted(q: Queryable, keyId: string, now: Date): Promise<void> {
  await q.query(`UPDATE private_keys SET deleted_on = $2, key_ref = $3 WHERE id = $1`, [
    keyId,
    now,
    DESTROYED_KEY_REF,
  ]);
}

/** A certificate that still vouches for this key: issued (not revoked) and not expired. */
export async function validCertificateOfKey(
  q: Queryable,
  keyId: string,
  now: Date,
): Promise<string | undefined> {
  const rows = await q.query<{ serial_number: string }>(
    `SELECT serial_number FROM certificates
      WHERE private_key_id = $1 AND status = 'issued' AND not_after > $2
      ORDER BY created_on DESC LIMIT 1`,
    [keyId, now],
  );
  return rows[0]?.serial_number;
}

const CERT_COLUMNS = `id, serial_number, service_provider_id, private_key_id, issuer_id, status, not_before, not_after,
  created_on, revoked_on, revocation_reason, revocation_scheduled_on`;

export async function certificatesOfKey(
  q: Queryable,
  spId: string,
  keyId: string,
): Promise<ListedCertificate[]> {
  return q.query<ListedCertificate>(
    `SELECT ${CERT_COLUMNS},
            (SELECT r.serial_number FROM certificates r
              WHERE r.replaces_id = c.id AND r.status = 'issued'
              ORDER BY r.created_on DESC, r.id DESC LIMIT 1) AS replaced_by,
            EXISTS (SELECT 1 FROM auto_renewals ar WHERE ar.certificate_id = c.id) AS auto_renew
       FROM certificates c
      WHERE private_key_id = $1 AND service_provider_id = $2
      ORDER BY created_on DESC, id DESC`,
    [keyId, spId],
  );
}

/** A certificate by its id, whoever's it is: for the jobs, which act for no provider. */
export async function certificateById(
  q: Queryable,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CertificateRecord | undefined> {
  const rows = await q.query<CertificateRecord>(
    `SELECT ${CERT_COLUMNS} FROM certificates WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

export async function certificateBySerial(
  q: Queryable,
  spId: string,
  serial: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CertificateRecord | undefined> {
  const rows = await q.query<CertificateRecord>(
    `SELECT ${CERT_COLUMNS} FROM certificates
      WHERE serial_number = $1 AND service_provider_id = $2 AND kind = 'shaken'${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [serial, spId],
  );
  return rows[0];
}

/** A pending issuance younger than this still runs; an older one died with its server (recovery settles it). */
export const PENDING_ISSUANCE_MS = 60_000;

/** What stands in the way of another certificate of a key: one being made, one valid, or an earlier renewal. */
export interface IssuanceObstacles {
  pending: boolean;
  valid: boolean;
  renewed: boolean;
}

/**
 * Read under the key's lock (findKey forUpdate): an issuance of the key still running, a valid certificate of
 * the key, and, for a renewal of `replacesId`, a certificate that already renewed it (issued or being issued).
 */
export async function issuanceObstacles(
  q: Queryable,
  keyId: string,
  replacesId: string | null,
  now: Date,
): Promise<IssuanceObstacles> {
  const [row] = await q.query<IssuanceObstacles>(
    `SELECT
       EXISTS (SELECT 1 FROM certificates WHERE private_key_id = $1 AND status = 'pending'
                  AND created_on > $3::timestamptz - $4::integer * interval '1 millisecond') AS pending,
       EXISTS (SELECT 1 FROM certificates WHERE private_key_id = $1 AND status = 'issued'
                  AND not_after > $3::timestamptz) AS valid,
       EXISTS (SELECT 1 FROM certificates WHERE replaces_id = $2 AND (status = 'issued' OR (status = 'pending'
                  AND created_on > $3::timestamptz - $4::integer * interval '1 millisecond'))) AS renewed`,
    [keyId, replacesId, now, PENDING_ISSUANCE_MS],
  );
  return row;
}

/** The serial and the intent are recorded before anything is signed. */
export async function insertPendingCertificate(
  q: Queryable,
  c: {
    serial: string;
    spId: string;
    keyId: string;
    issuerId: string;
    spc: string;
    notBefore: Date;
    notAfter: Date;
    replacesId: string | null;
    /** A renewal's choice for the certificate it replaces (recovery completes the renewal with it). */
    revokeOld: string | null;
    now: Date;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
                               not_before, not_after, replaces_id, renewal_revoke_old, created_on)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10) RETURNING id`,
    [c.serial, c.spId, c.keyId, c.issuerId, c.spc, c.notBefore, c.notAfter, c.replacesId, c.revokeOld, c.now],
  );
  return row.id;
}

/**
 * The signed certificate kept on its still pending row, before it is recorded as issued: what recovery completes
 * the issuance from after a crash. false when the row is not pending any more (recovery settled it meanwhile).
 */
export async function storeSigned(
  q: Queryable,
  id: string,
  der: Uint8Array,
  chainPem: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET certificate_der = $2, chain_pem = $3 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, Buffer.from(der), chainPem],
  );
  return rows.length > 0;
}

/** The pending certificate, signed and stored by storeSigned, becomes issued; false when it was not pending. */
export async function markIssued(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET status = 'issued'
      WHERE id = $1 AND status = 'pending' AND certificate_der IS NOT NULL AND chain_pem IS NOT NULL RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** The longest failure cause kept (the column's limit). */
const MAX_FAILURE_CAUSE = 300;

export async function markFailed(q: Queryable, id: string, cause: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET status = 'failed', failure_cause = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, cause.slice(0, MAX_FAILURE_CAUSE)],
  );
  return rows.length > 0;
}

/**
 * true when this call revoked it (an already revoked certificate stays as it was). A revocation scheduled for
 * it is over: its time is cleared.
 */
export async function revokeCertificate(
  q: Queryable,
  id: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET status = 'revoked', revoked_on = $2, revocation_reason = $3,
                             revocation_scheduled_on = NULL
      WHERE id = $1 AND status = 'issued' RETURNING id`,
    [id, now, reason],
  );
  return rows.length > 0;
}

/** true when the issued certificate now has its revocation scheduled at `at`. */
export async function scheduleRevocation(q: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET revocation_scheduled_on = $2 WHERE id = $1 AND status = 'issued' RETURNING id`,
    [id, at],
  );
  return rows.length > 0;
}

/** Atomically: true when `jti` was used before; otherwise records it until `exp`. */
export async function jtiSeen(q: Queryable, jti: string, exp: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO spc_token_jtis (jti, expires_on) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING jti`,
    [jti, exp],
  );
  return rows.length === 0;
}

/** Deletes SPC token ids that expired before `before` (a replay of such a token already fails on its exp). */
export async function deleteExpiredJtis(q: Queryable, before: Date): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM spc_token_jtis WHERE expires_on < $1 RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [before],
  );
  return row.n;
}
