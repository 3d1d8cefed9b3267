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
}

const COLUMNS = `id, serial_number, service_provider_id, issuer_id, status, spc, not_before, not_after, created_on,
  revoked_on, revocation_reason`;

/** Held until the transaction ends: one STI-SCA request of a provider at a time, on every server. */
export async function lockProviderStiSca(tx: Queryable, spId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sti_sca:${spId}`]);
}

/** The serial of the provider's live STI-SCA (issued, not expired), if it has one. */
export async function liveStiSca(q: Queryable, spId: string, now: Date): Promise<string | undefined> {
  const rows = await q.query<{ serial_number: string }>(
    `SELECT serial_number FROM certificates
      WHERE service_provider_id = $1 AND kind = 'sti_sca' AND status = 'issued' AND not_after > $2
      LIMIT 1`,
    [spId, now],
  );
  return rows[0]?.serial_number;
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
    now: Date;
  },
): Promise<StiScaRecord> {
  const [row] = await q.query<StiScaRecord>(
    `INSERT INTO certificates (kind, serial_number, service_provider_id, sti_sca_key_id, issuer_id, status, spc,
                               not_before, not_after, certificate_der, chain_pem, created_on)
     VALUES ('sti_sca', $1, $2, $3, $4, 'issued', $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
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
      c.now,
    ],
  );
  return row;
}

export async function listStiScas(q: Queryable, spId: string): Promise<StiScaRecord[]> {
  return q.query<StiScaRecord>(
    `SELECT ${COLUMNS} FROM certificates
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
    `SELECT ${COLUMNS}, chain_pem FROM certificates
      WHERE id = $1 AND service_provider_id = $2 AND kind = 'sti_sca'${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, spId],
  );
  return rows[0];
}

export async function revokeStiSca(q: Queryable, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE certificates SET status = 'revoked', revoked_on = $2, revocation_reason = $3
      WHERE id = $1 AND kind = 'sti_sca' AND status = 'issued' RETURNING id`,
    [id, now, reason],
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
