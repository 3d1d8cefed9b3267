// SQL of the hosted STI-SCAs: their keys (sti_sca_keys, a reference into the CA's key store, never the key) and
// their certificates, rows of `certificates` of kind 'sti_sca'. Every read is scoped by the provider.
import type { Queryable } from '../db';

export interface StiScaRecord {
  id: string;
  serial_number: string;
  service_provider_id: string;
  issuer_id: string;
  status: 'issued' | 'revoked';
  spc: string;
  not_before: Date;
  not_after: Date;
  created_on: Date;
  revoked_on: Date | null;
  revocation_reason: string | null;
  /** The serial of the STI-SCA that renewed this one, if one did. */
  replaced_by: string | null;
}

const BASE_COLUMNS = `id, serial_number, service_provider_id, issuer_id, status, spc, not_before, not_after,
  created_on, revoked_on, revocation_reason`;
const COLUMNS = `${BASE_COLUMNS},
  (SELECT r.serial_number FROM certificates r WHERE r.replaces_id = c.id AND r.kind = 'sti_sca'
    ORDER BY r.created_on DESC LIMIT 1) AS replaced_by`;

/** Held until the transaction ends: one STI-SCA request of a provider at a time, on every server. */
export async function lockProviderStiSca(tx: Queryable, spId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sti_sca:${spId}`]);
}

/**
 * The provider's current STI-SCA: issued, not expired, and not renewed by another (the one it replaced stays
 * valid until it expires, but is not current). At most one; undefined when it has none.
 */
export async function currentStiSca(q: Queryable, spId: string, now: Date): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    `SELECT c.id FROM certificates c
      WHERE c.service_provider_id = $1 AND c.kind = 'sti_sca' AND c.status = 'issued' AND c.not_after > $2
        AND NOT EXISTS (SELECT 1 FROM certificates r WHERE r.replaces_id = c.id AND r.kind = 'sti_sca')
      LIMIT 1`,
    [spId, now],
  );
  return rows[0]?.id;
}

export async function insertStiScaKey(
  q: Queryable,
  k: { id: string; spId: string; keyRef: string; keyStore: string; spki: Uint8Array; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO sti_sca_keys (id, service_provider_id, key_ref, key_store, public_key_spki, created_on)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [k.id, k.spId, k.keyRef, k.keyStore, Buffer.from(k.spki), k.now],
  );
}

/** The signed STI-SCA, recorded as issued at once (it was signed in this same transaction). */
export async function insertStiSca(
  q: Queryable,
  c: {
    serial: string;
    spId: string;
    keyId: string;
    issuerId: string;
    spc: string;
    notBefore: Date;
    notAfter: Date;
    der: Uint8Array;
    chainPem: string;
    /** The STI-SCA this one renews. */
    replacesId: string | null;
    now: Date;
  },
): Promise<StiScaRecord> {
  const [row] = await q.query<StiScaRecord>(
    `INSERT INTO certificates (kind, serial_number, service_provider_id, sti_sca_key_id, issuer_id, status, spc,
                               not_before, not_after, certificate_der, chain_pem, replaces_id, created_on)
     VALUES ('sti_sca', $1, $2, $3, $4, 'issued', $5, $6, $7, $8, $9, $10, $11)
     RETURNING ${BASE_COLUMNS}, NULL::text AS replaced_by`,
    [
      c.serial,
      c.spId,
      c.keyId,
      c.issuerId,
      c.spc,
      c.notBefore,
      c.notAfter,
      Buffer.from(c.der),
      c.chainPem,
      c.replacesId,
      c.now,
    ],
  );
  return row;
}

export async function listStiScas(q: Queryable, spId: string): Promise<StiScaRecord[]> {
  return q.query<StiScaRecord>(
    `SELECT ${COLUMNS} FROM certificates c
      WHERE service_provider_id = $1 AND kind = 'sti_sca'
      ORDER BY created_on DESC, id DESC`,
    [spId],
  );
}

export async function stiScaById(
  q: Queryable,
  spId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<(StiScaRecord & { chain_pem: string }) | undefined> {
  const rows = await q.query<StiScaRecord & { chain_pem: string }>(
    `SELECT ${COLUMNS}, chain_pem FROM certificates c
      WHERE id = $1 AND service_provider_id = $2 AND kind = 'sti_sca'${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, spId],
  );
  return rows[0];
}

/** Revokes the issued certificate `id` of `kind` (an STI-SCA or a delegate); false when none was issued. */
export async function revokeOfKind(
  q: Queryable,
  kind: 'sti_sca' | 'delegate',
  id: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET status = 'revoked', revoked_on = $2, revocation_reason = $3
      WHERE id = $1 AND kind = $4 AND status = 'issued' RETURNING id`,
    [id, now, reason, kind],
  );
  return rows.length > 0;
}

/**
 * Revokes, with the same reason and time, every issued certificate that the STI-SCA `stiScaId` signed (its
 * delegate certificates); answers their serials.
 */
export async function revokeCertificatesSignedBy(
  q: Queryable,
  stiScaId: string,
  reason: string,
  now: Date,
): Promise<string[]> {
  const rows = await q.query<{ serial_number: string }>(
    `UPDATE certificates SET status = 'revoked', revoked_on = $2, revocation_reason = $3
      WHERE issuing_sti_sca_id = $1 AND status = 'issued' RETURNING serial_number`,
    [stiScaId, now, reason],
  );
  return rows.map((r) => r.serial_number);
}
