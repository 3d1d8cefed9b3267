// SQL of the CRLs (crls) and of what they list: revoked certificates that have not expired yet.
import type { Queryable } from '../db';

export interface CrlRow {
  issuer_id: string;
  crl_number: number;
  this_update: Date;
  next_update: Date;
  der: Uint8Array;
}

export interface RevokedRow {
  serial_number: string;
  revoked_on: Date;
  revocation_reason: string | null;
}

/** Revoked certificates of an issuer that have not expired yet (expired entries may leave the CRL). */
export async function revokedUnexpired(db: Queryable, issuerId: string, now: Date): Promise<RevokedRow[]> {
  return db.query<RevokedRow>(
    `SELECT serial_number, revoked_on, revocation_reason FROM certificates
      WHERE issuer_id = $1 AND revoked_on IS NOT NULL AND status = 'revoked' AND not_after > $2
      ORDER BY revoked_on, serial_number`,
    [issuerId, now],
  );
}

/**
 * What the CRL signer's indirect CRL lists (docs/delegates.md): revoked STI-SCAs and delegate certificates that have
 * not expired yet, each with its issuer's certificate (the CRL names each entry's issuer): an STI-SCA's, the delegate
 * intermediate that issued it (`issuer_pem`); a delegate certificate's, the STI-SCA that signed it (`issuer_der`).
 */
export async function revokedStiScas(
  db: Queryable,
  now: Date,
): Promise<(RevokedRow & { issuer_pem: string | null; issuer_der: Uint8Array | null })[]> {
  return db.query<RevokedRow & { issuer_pem: string | null; issuer_der: Uint8Array | null }>(
    `SELECT c.serial_number, c.revoked_on, c.revocation_reason, i.certificate_pem AS issuer_pem,
            s.certificate_der AS issuer_der
       FROM certificates c
       LEFT JOIN ca_issuers i ON c.kind = 'sti_sca' AND i.id = c.issuer_id
       LEFT JOIN certificates s ON c.kind = 'delegate' AND s.id = c.issuing_sti_sca_id
      WHERE c.kind IN ('sti_sca', 'delegate') AND c.status = 'revoked' AND c.revoked_on IS NOT NULL
        AND c.not_after > $1
      ORDER BY c.revoked_on, c.serial_number`,
    [now],
  );
}

/** The tables that keep signed CRLs: the CA's own, and the STI-PA simulator's (same columns). */
export type CrlTable = 'crls' | 'stipa_sim_crls';

export async function newestCrl(
  db: Queryable,
  issuerId: string,
  table: CrlTable = 'crls',
): Promise<CrlRow | null> {
  const rows = await db.query<CrlRow>(
    `SELECT issuer_id, crl_number, this_update, next_update, der FROM ${table}
      WHERE issuer_id = $1 ORDER BY crl_number DESC LIMIT 1`,
    [issuerId],
  );
  return rows[0] ?? null;
}

export async function nextCrlNumber(
  tx: Queryable,
  issuerId: string,
  table: CrlTable = 'crls',
): Promise<number> {
  // Serialises CRL issuance per issuer (PostgreSQL and PGlite alike) so numbers stay strictly increasing.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}:${issuerId}`]);
  const rows = await tx.query<{ n: number }>(
    `SELECT COALESCE(MAX(crl_number), 0) + 1 AS n FROM ${table} WHERE issuer_id = $1`,
    [issuerId],
  );
  return Number(rows[0].n);
}

export async function insertCrl(tx: Queryable, row: CrlRow, table: CrlTable = 'crls'): Promise<void> {
  await tx.query(
    `INSERT INTO ${table} (issuer_id, crl_number, this_update, next_update, der) VALUES ($1, $2, $3, $4, $5)`,
    [row.issuer_id, row.crl_number, row.this_update, row.next_update, Buffer.from(row.der)],
  );
}
