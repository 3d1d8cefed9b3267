// SQL of automatic renewal and of expiry notices.
import type { Queryable } from '../db';

export async function upsertAutoRenewal(
  q: Queryable,
  a: { certificateId: string; spId: string; sealed: Uint8Array; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO auto_renewals (certificate_id, service_provider_id, credentials_sealed, enabled_on)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (certificate_id) DO UPDATE
       SET credentials_sealed = EXCLUDED.credentials_sealed, enabled_on = EXCLUDED.enabled_on,
           last_attempt_on = NULL, last_error = NULL`,
    [a.certificateId, a.spId, Buffer.from(a.sealed), a.now],
  );
}

export async function deleteAutoRenewal(q: Queryable, certificateId: string): Promise<boolean> {
  return (
    (await q.query('DELETE FROM auto_renewals WHERE certificate_id = $1 RETURNING 1', [certificateId]))
      .length > 0
  );
}

export interface DueRenewal {
  certificate_id: string;
  serial_number: string;
  service_provider_id: string;
  credentials_sealed: Uint8Array;
  not_after: Date;
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  ocn: string;
}

/**
 * Opted-in certificates in their last `withinMs`, still issued, not renewed (nor being renewed), and not tried
 * since `triedBefore` (a failure is tried again the next day): at most `limit`, soonest to expire first.
 */
export async function dueRenewals(
  q: Queryable,
  now: Date,
  withinMs: number,
  triedBefore: Date,
  limit: number,
): Promise<DueRenewal[]> {
  return q.query<DueRenewal>(
    `SELECT ar.certificate_id, c.serial_number, ar.service_provider_id, ar.credentials_sealed, c.not_after,
            a.id AS account_id, a.email, a.first_name, a.last_name, sp.ocn
       FROM auto_renewals ar
       JOIN certificates c ON c.id = ar.certificate_id
       JOIN service_providers sp ON sp.id = ar.service_provider_id
       JOIN accounts a ON a.id = sp.account_id
      WHERE c.status = 'issued' AND c.not_after > $1 AND c.not_after <= $2
        AND (ar.last_attempt_on IS NULL OR ar.last_attempt_on < $3)
        AND NOT EXISTS (SELECT 1 FROM certificates r WHERE r.replaces_id = c.id AND r.status IN ('issued', 'pending'))
      ORDER BY c.not_after, c.id LIMIT $4`,
    [now, new Date(now.getTime() + withinMs), triedBefore, limit],
  );
}

/** The opt-in follows the certificate that renewed the old one. */
export async function moveAutoRenewal(q: Queryable, fromId: string, toId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE auto_renewals SET certificate_id = $2, last_attempt_on = $3, last_error = NULL WHERE certificate_id = $1`,
    [fromId, toId, now],
  );
}

export async function recordRenewalFailure(q: Queryable, certificateId: string, error: string, now: Date) {
  await q.query('UPDATE auto_renewals SET last_attempt_on = $2, last_error = $3 WHERE certificate_id = $1', [
    certificateId,
    now,
    error.slice(0, 300),
  ]);
}

export interface ExpiringCertificate {
  certificate_id: string;
  /** A SHAKEN certificate, the provider's STI-SCA, or a delegate certificate of one of its customers. */
  kind: 'shaken' | 'sti_sca' | 'delegate';
  /** A delegate certificate's customer. */
  customer_name: string | null;
  serial_number: string;
  not_after: Date;
  email: string;
  first_name: string;
  last_name: string;
  ocn: string;
}

/**
 * Issued certificates expiring within `days` that will not be renewed (not opted in, not renewed) and have had no
 * notice of `days` or fewer yet: the next notice each is due.
 */
export async function expiringWithoutNotice(q: Queryable, now: Date, days: number, limit: number) {
  return q.query<ExpiringCertificate>(
    `SELECT c.id AS certificate_id, c.kind, c.serial_number, c.not_after, a.email, a.first_name, a.last_name,
            sp.ocn, (SELECT cu.name FROM delegate_certificates d JOIN delegate_customers cu ON cu.id = d.customer_id
                      WHERE d.certificate_id = c.id) AS customer_name
       FROM certificates c
       JOIN service_providers sp ON sp.id = c.service_provider_id
       JOIN accounts a ON a.id = sp.account_id
      WHERE c.status = 'issued' AND c.not_after > $1 AND c.not_after <= $1::timestamptz + $2::integer * interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM auto_renewals ar WHERE ar.certificate_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM certificates r WHERE r.replaces_id = c.id AND r.status IN ('issued', 'pending'))
        AND NOT EXISTS (SELECT 1 FROM certificate_expiry_notices n WHERE n.certificate_id = c.id AND n.days_before <= $2)
      ORDER BY c.not_after, c.id LIMIT $3`,
    [now, days, limit],
  );
}

/** Claims the notice (true once per certificate and threshold). */
export async function claimExpiryNotice(q: Queryable, certificateId: string, days: number, now: Date) {
  const rows = await q.query(
    `INSERT INTO certificate_expiry_notices (certificate_id, days_before, sent_on) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [certificateId, days, now],
  );
  return rows.length === 1;
}

export async function releaseExpiryNotice(q: Queryable, certificateId: string, days: number) {
  await q.query('DELETE FROM certificate_expiry_notices WHERE certificate_id = $1 AND days_before = $2', [
    certificateId,
    days,
  ]);
}

/** Which of these certificates are opted in. */
export async function autoRenewedIds(q: Queryable, certificateIds: string[]): Promise<Set<string>> {
  if (!certificateIds.length) return new Set();
  const rows = await q.query<{ certificate_id: string }>(
    'SELECT certificate_id FROM auto_renewals WHERE certificate_id = ANY($1::uuid[])',
    [certificateIds],
  );
  return new Set(rows.map((r) => r.certificate_id));
}
